/// Reads ingredient lines and pasted lists the way people copy them from a book, a website or Paprika: "2-3 eggs",
/// "1 litre milk", "a pinch of salt", "½ cup sugar", "1 1/2 tsp salt", and "1. Whisk…⏎2. Rest…" split into lines.
///
/// The server's rule for the editor (pasted text in a box is split when the form is saved or previewed) and the
/// Paprika import both use these; the editor's script only mirrors them in the browser.
enum IngredientLine {
    /// How much of an ingredient a quantity box (or the start of a line) says: a number, a range or words.
    struct Amount: Sendable, Hashable {
        /// The number, or the lower end of a range; 0 for words.
        var quantity: Double
        /// The upper end of a range ("2-3" → 3); nil for one number or for words.
        var quantityMax: Double?
        /// Words such as "a pinch"; nil for numbers.
        var words: String?
    }

    /// The longest amount in words a quantity box takes ("a small handful").
    static let wordsLength = 40

    // MARK: Pasted text

    /// One item a line: every non-empty line of `pasted`, trimmed, its list marker ("1.", "1)", "-", "•", "*")
    /// removed. A text without line breaks is one item.
    static func split(pasted: String) -> [String] {
        pasted.split(whereSeparator: \.isNewline).map { withoutListMarker(String($0)) }.filter { !$0.isEmpty }
    }

    /// `line` trimmed, without one leading list marker: a number of one to three digits followed by "." or ")"
    /// (not "1.5 kg"), or a bullet "-", "*", "•", "·", "–", "—", "◦", "▪", "●", "○", "‣".
    static func withoutListMarker(_ line: String) -> String {
        let text = Substring(line.trimmingCharacters(in: .whitespaces))
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        if (1...3).contains(digits.count) {
            let rest = text.dropFirst(digits.count)
            if let mark = rest.first, mark == "." || mark == ")" {
                let after = rest.dropFirst()
                if after.first.map({ !($0.isASCII && $0.isNumber) }) ?? true {
                    return after.trimmingCharacters(in: .whitespaces)
                }
            }
            return String(text)
        }
        guard let first = text.first else { return "" }
        let after = text.dropFirst()
        if "•·◦▪●○‣".contains(first) || ("-*–—".contains(first) && (after.first?.isWhitespace ?? true)) {
            return after.trimmingCharacters(in: .whitespaces)
        }
        return String(text)
    }

    // MARK: One line

    /// The ingredient one line means: a leading quantity or range split off ("2-3 eggs" → 2 to 3 "eggs",
    /// "1 1/2 tsp salt" → 1½ "tsp salt", "250g flour" → 250 "g flour"), or words before "of" ("a pinch of salt" →
    /// "a pinch" of "salt"); else the whole line as the description with no quantity (0).
    static func parse(_ line: String) -> Ingredient {
        let text = withoutListMarker(line).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let words = text.split(separator: " ").map(String.init)
        for count in stride(from: min(3, words.count - 1), through: 1, by: -1) {
            let head = words[..<count].joined(separator: " ")
            if let amount = numbers(head) {
                return ingredient(amount, words[count...].joined(separator: " "))
            }
        }
        if let first = words.first, let letter = first.firstIndex(where: \.isLetter), letter != first.startIndex,
            let amount = numbers(String(first[..<letter]))
        {
            let rest = [String(first[letter...])] + words.dropFirst()
            return ingredient(amount, rest.joined(separator: " "))
        }
        if let (amount, description) = wordsAndWhat(words) {
            return Ingredient(quantity: 0, description: description, amount: amount)
        }
        return Ingredient(quantity: 0, description: text)
    }

    private static func ingredient(_ amount: Amount, _ description: String) -> Ingredient {
        Ingredient(quantity: amount.quantity, description: description, quantityMax: amount.quantityMax)
    }

    /// "a pinch of salt" → ("a pinch", "salt"), "une pincée de sel" → ("une pincée", "sel"): amount words before
    /// the first "of" / "de" / "d'" among the first five words; nil otherwise.
    private static func wordsAndWhat(_ words: [String]) -> (String, String)? {
        for index in words.indices.dropFirst().prefix(4) {
            let word = words[index].lowercased()
            var rest = Array(words[(index + 1)...])
            if word.hasPrefix("d'") || word.hasPrefix("d’") {
                rest.insert(String(words[index].dropFirst(2)), at: 0)
            } else if !["of", "de", "do", "da", "del"].contains(word) {
                continue
            }
            let amount = words[..<index].joined(separator: " ")
            guard isWords(amount), !rest.isEmpty, !rest[0].isEmpty else { return nil }
            return (amount, rest.joined(separator: " "))
        }
        return nil
    }

    // MARK: A quantity box

    /// What a quantity box says: a number ("2", "1 1/2", "½", "0,5"), a range ("2-3", "2–3", "2 to 3", "2 a 3",
    /// "2~3", lower end first) or amount words ("a pinch", "to taste", "une pincée", "少々"); nil for anything else
    /// ("lots", "1.2.3", "3-2"). Numbers are read as `language` writes them; they are not checked for size here.
    static func amount(_ text: String, in language: Language = .en) -> Amount? {
        let text = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if let amount = numbers(text, in: language) { return amount }
        return isWords(text) ? Amount(quantity: 0, quantityMax: nil, words: text) : nil
    }

    /// A number or a range of two numbers, lower first (equal ends are one number).
    private static func numbers(_ text: String, in language: Language = .en) -> Amount? {
        if let value = QuantityText.parse(text, in: language) {
            return Amount(quantity: value, quantityMax: nil, words: nil)
        }
        for separator in ["-", "–", "—", "~", "〜", " to ", " a ", " à ", " à ", " bis "] {
            guard let range = text.range(of: separator) else { continue }
            guard let low = QuantityText.parse(String(text[..<range.lowerBound]), in: language),
                let high = QuantityText.parse(String(text[range.upperBound...]), in: language), low <= high
            else { return nil }
            return Amount(quantity: low, quantityMax: high > low ? high : nil, words: nil)
        }
        return nil
    }

    /// Words that say an amount without a number, in the six languages.
    static let amountWords: Set<String> = [
        "pinch", "pinches", "handful", "handfuls", "dash", "dashes", "splash", "drop", "drops", "drizzle", "sprinkle",
        "sprinkling", "knob", "little", "few", "some", "taste", "bunch", "sprig", "sprigs", "squeeze", "couple", "bit",
        "pizca", "puñado", "chorrito", "chorro", "gusto", "poco", "poquito", "unas", "unos", "algunas", "algunos",
        "pellizco", "ramita", "manojo", "pincée", "poignée", "filet", "trait", "peu", "goût", "quelques", "noix",
        "brin", "botte", "soupçon", "pitada", "punhado", "fio", "gosto", "pouco", "algumas", "alguns", "ramo",
        "raminho",
    ]

    /// Amount words of languages written without spaces between words.
    static let amountPhrases = ["少々", "適量", "適宜", "ひとつまみ", "一つまみ", "少し", "약간", "조금", "적당량", "꼬집", "줌"]

    /// Articles that make "a cup", "une tasse" an amount.
    static let articles: Set<String> = ["a", "an", "un", "une", "una", "uno", "um", "uma"]

    /// Whether `text` is an amount in words: letters (no digits), at most `wordsLength` characters, with a word
    /// of `amountWords`, a phrase of `amountPhrases`, or an article followed by another word.
    static func isWords(_ text: String) -> Bool {
        guard !text.isEmpty, text.count <= wordsLength,
            text.allSatisfy({ $0.isLetter || $0 == " " || $0 == "'" || $0 == "’" || $0 == "-" || $0 == "." })
        else { return false }
        let words = text.lowercased().split(separator: " ").map(String.init)
        if words.contains(where: amountWords.contains) { return true }
        if amountPhrases.contains(where: text.contains) { return true }
        return words.count >= 2 && articles.contains(words[0])
    }
}
