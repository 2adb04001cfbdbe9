import Foundation

/// The names typed into the book form's "New genre", "New author" and "New publisher" boxes when the book is saved
/// without pressing their own "Add" button: the save adds them (or links the entry that has the name) instead of
/// dropping them.
struct TypedEntryNames: Sendable, Hashable {
    /// Each valid name, cleaned, by kind.
    var names: [CatalogueKind: String] = [:]
    /// Each invalid name's message, by kind, for beside its box.
    var problems: [CatalogueKind: Words] = [:]
    /// The ids of every genre, author and publisher before the save, to tell a name it added from one it linked.
    var knownIds: Set<String> = []

    /// Checks what was typed into each box; a box left empty (or only spaces) is left out.
    init(typed: [CatalogueKind: String]) {
        for (kind, text) in typed where !TextCleaning.clean(text, keepLineBreaks: false).isEmpty {
            switch CatalogueNameDraft(kind: kind, name: text).validate() {
            case .success(let name): names[kind] = name
            case .failure(let problem): problems[kind] = problem.message
            }
        }
    }

    /// `saved` ("Saved “Dune”"), said in `language` with what the save did with the typed names as its `more`
    /// (and `hasMore` "yes"): "Saved “Dune”. Added the new author “Frank Herbert”."
    func message(_ saved: Words, book: Book, in language: Language) -> String {
        let said = sentences(saved: book).map { $0.text(in: language) }
        var words = saved
        words.arguments["hasMore"] = said.isEmpty ? "no" : "yes"
        words.arguments["more"] = said.joined(separator: language.text("books.flash.sentenceGap"))
        return words.text(in: language)
    }

    /// What the save did with each name, once `book` is saved: "Added the new author “Frank Herbert”." — or, when
    /// an entry of that name was among `knownIds` before the save, "The author “Frank Herbert” was already in the
    /// catalogue, so the book uses that one." Nothing for a name the saved book does not use (a typed genre the
    /// person gave up for someone else's on the conflict page).
    func sentences(saved book: Book) -> [Words] {
        CatalogueKind.allCases.compactMap { kind in
            guard let name = names[kind] else { return nil }
            let key = PersonName.key(name, kind: kind)
            let linked: [CatalogueEntry] =
                switch kind {
                case .genre: book.genre.map { [$0] } ?? []
                case .author: book.authors
                case .publisher: book.publishers
                }
            guard let entry = linked.first(where: { PersonName.key($0.name, kind: kind) == key }) else {
                return nil
            }
            if knownIds.contains(entry.id) {
                return Words("books.entry.alreadyThere", ["kind": kind.rawValue, "name": entry.name])
            }
            return Words("books.entry.addedNew", ["kind": kind.rawValue, "name": entry.name])
        }
    }
}

extension BookDraft {
    /// As `validate(now:)`, with the names typed into the "New …" boxes: a typed genre counts as chosen (it replaces
    /// the one in the list, as its "Add genre" button would), and the input asks the save to add or link each name.
    func validate(now: Date, typedEntries names: [CatalogueKind: String]) -> Validation {
        var draft = self
        if names[.genre] != nil { draft.genreId = BookInput.typedNewGenreId }
        switch draft.validate(now: now) {
        case .invalid(let problems):
            return .invalid(problems)
        case .valid(var input):
            input.newEntryNames = names
            return .valid(input)
        }
    }
}
