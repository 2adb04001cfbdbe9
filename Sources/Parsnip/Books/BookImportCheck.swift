import ParseStore

/// What an import must not break in the catalogue: two books with the same ISBN (compared without spaces and
/// hyphens, as the book form compares them).
enum BookImportCheck {
    /// One sentence per book whose ISBN another book already has: "Book “Dune 2” (objectId AbC123): the ISBN
    /// 9780441013593 is already used by “Dune”."
    static func problems(_ reader: ParseReader) throws -> [String] {
        typealias Schema = StoreBookRepository.Schema
        var holders: [String: [ParseObject]] = [:]
        let books = try reader.find(
            ParseQuery(Schema.book).include(Schema.isbnField).select(Schema.title, Schema.isbnField).order(
                by: "createdAt"
            ).limit(-1))
        for book in books {
            guard let isbn = book[Schema.isbnField]?.includedObjectValue?[Schema.value]?.stringValue else { continue }
            // An ISBN-10 and its ISBN-13 are the same book.
            let normalized = ISBNText.normalize(isbn)
            let key = ISBNText.isValid(normalized) ? ISBNText.thirteenDigits(normalized) : normalized
            holders[key, default: []].append(book)
        }
        var problems: [String] = []
        for (isbn, books) in holders.sorted(by: { $0.key < $1.key }) where books.count > 1 {
            let first = books[0][Schema.title]?.stringValue ?? "another book"
            for book in books.dropFirst() {
                let title = book[Schema.title]?.stringValue ?? ""
                problems.append(
                    "Book “\(title)” (objectId \(book.objectId)): the ISBN \(isbn) is already used by “\(first)”.")
            }
        }
        return problems
    }
}
