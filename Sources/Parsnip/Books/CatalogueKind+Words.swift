/// What genres, authors and publishers are called on the pages, in each language: a whole catalogue message per
/// kind (a literal key, or a `books.entry.` message that selects on `kind`), never a word put into a sentence.
extension CatalogueKind {
    /// "Genre", "Author", "Publisher".
    func title(in language: Language) -> String {
        switch self {
        case .genre: language.text("books.kind.genre")
        case .author: language.text("books.kind.author")
        case .publisher: language.text("books.kind.publisher")
        }
    }

    /// "Genres", "Authors", "Publishers".
    func pluralTitle(in language: Language) -> String {
        switch self {
        case .genre: language.text("books.kinds.genre")
        case .author: language.text("books.kinds.author")
        case .publisher: language.text("books.kinds.publisher")
        }
    }

    /// "All genres": a filter's first option and the way back to the list.
    func allTitle(in language: Language) -> String {
        language.text("books.entry.all", ["kind": rawValue])
    }
}
