import ParseStore

/// Books and catalogue entries from stored objects, tolerating whatever other Parse clients may have stored.
extension StoreBookRepository {
    /// The book an object holds, its `genre`, `isbn` and (for `updatedBy`) `updatedBy` Pointers already included. A
    /// missing or non-integral year is nil, a dangling genre nil, a missing or dangling ISBN nil.
    static func book(_ object: ParseObject, authors: [ParseObject], publishers: [ParseObject]) -> Book {
        var book = Book(
            id: object.objectId,
            title: object[Schema.title]?.stringValue ?? "",
            publishingYear: object[Schema.publishingYear]?.numberValue.flatMap(NumberText.wholeNumber),
            genre: object[Schema.genre]?.includedObjectValue.map { entry(.genre, $0) },
            isbn: object[Schema.isbnField]?.includedObjectValue?[Schema.value]?.stringValue.flatMap {
                $0.isEmpty ? nil : $0
            },
            authors: filed(authors, kind: .author).map { entry(.author, $0) },
            publishers: publishers.map { entry(.publisher, $0) },
            readingStatus: object[Schema.readingStatus]?.stringValue.flatMap(ReadingStatus.init(rawValue:)),
            lentTo: object[Schema.lentTo]?.stringValue.flatMap { $0.isEmpty ? nil : $0 },
            lentOn: object[Schema.lentOn]?.dateValue.flatMap(CalendarDate.init(stored:)),
            dueBack: object[Schema.dueBack]?.dateValue.flatMap(CalendarDate.init(stored:)),
            rating: object[Schema.rating]?.numberValue.flatMap(NumberText.wholeNumber).flatMap {
                BookRating.range.contains($0) ? $0 : nil
            },
            finishedOn: object[Schema.finishedOn]?.dateValue.flatMap(CalendarDate.init(stored:)),
            cover: {
                if case .file(let name, _)? = object[Schema.cover], PhotoUpload.isValidName(name) { name } else { nil }
            }(),
            createdAt: object.createdAt,
            updatedAt: object.updatedAt,
            updatedBy: ChangeAuthorship.stamp(of: object).username)
        book.writers = object.writers
        return book
    }

    /// A genre, author or publisher; a missing name is empty.
    static func entry(_ kind: CatalogueKind, _ object: ParseObject) -> CatalogueEntry {
        CatalogueEntry(kind: kind, id: object.objectId, name: object[Schema.name]?.stringValue ?? "")
    }
}
