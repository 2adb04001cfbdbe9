/// A sentence with one part the page marks up — a link or a `<strong>` around a name — cut where its language puts
/// that part: "This ISBN is already used by " + "“Dune”" + "", "이 ISBN은 이미 " + "‘Dune’" + "에 쓰이고 있습니다".
/// The whole sentence is one catalogue message with an argument for the part, so each language orders it itself.
struct MarkedSentence: Sendable, Hashable {
    let before: String
    let marked: String
    let after: String

    /// What no catalogue message holds: where the argument goes, found again after the message is said.
    private static let placeholder = "\u{E000}"

    /// `words` said in `language` with its argument `argument` set to `marked`, cut around it; the whole sentence in
    /// `before` when the message does not use the argument.
    init(_ words: Words, marking argument: String, as marked: String, in language: Language) {
        var placed = words
        placed.arguments[argument] = Self.placeholder
        let sentence = placed.text(in: language)
        guard let range = sentence.range(of: Self.placeholder) else {
            self.init(before: sentence, marked: "", after: "")
            return
        }
        self.init(
            before: String(sentence[..<range.lowerBound]), marked: marked,
            after: String(sentence[range.upperBound...]))
    }

    init(before: String, marked: String, after: String) {
        self.before = before
        self.marked = marked
        self.after = after
    }

    /// The sentence as plain text.
    var text: String { before + marked + after }
}

/// A sentence whose marked part is a link: "This ISBN is already used by <a>“Dune”</a>".
struct LinkedSentence: Sendable, Hashable {
    let before: String
    let linkText: String
    let url: String
    let after: String

    init(_ sentence: MarkedSentence, url: String) {
        before = sentence.before
        linkText = sentence.marked
        self.url = url
        after = sentence.after
    }
}
