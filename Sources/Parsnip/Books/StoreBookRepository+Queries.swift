import ParseStore

/// The book list and the book page: filters, sorts, paging, and each book's authors in one statement.
extension StoreBookRepository {
    func list(_ request: BookListRequest) async throws -> BookListPage {
        let filtered = Self.filtered(request)
        let size = max(1, request.size)
        // A page so far out that its offset overflows has nothing on it.
        let (skip, overflow) = (max(1, request.page) - 1).multipliedReportingOverflow(by: size)
        let everyBook = writePath.total(of: Schema.book)
        let unfiltered = filtered.constraints.isEmpty && filtered.search == nil
        return try await writePath.read { reader in
            // The kept total counts every book; someone some books are hidden from counts their own.
            let cachedTotal =
                try reader.readsEveryRow(of: Schema.book) ? everyBook : try reader.count(ParseQuery(Schema.book))
            let total = unfiltered ? cachedTotal : try reader.count(filtered)
            guard !overflow else { return BookListPage(books: [], total: total, totalWithoutFilters: cachedTotal) }
            var query = Self.sorted(filtered, by: request.sort).include(Schema.genre, Schema.isbnField)
            query.keys = Self.listKeys
            let rows = try reader.find(query.skip(skip).limit(size))
            let authors = try Self.authors(of: rows, reader: reader)
            return BookListPage(
                books: try rows.map {
                    try Self.withKeptCover(Self.book($0, authors: authors[$0.objectId] ?? [], publishers: []), reader)
                },
                total: total, totalWithoutFilters: cachedTotal)
        }
    }

    func find(id: String) async throws -> Book? {
        try await writePath.read { reader in
            guard try Self.fetch(Schema.book, id, reader: reader) != nil else { return nil }
            return try Self.withKeptCover(Self.readBook(id, reader: reader), reader)
        }
    }

    /// The book as the pages show it: a cover its File value names but Parsnip does not keep (an import from
    /// elsewhere, a file removed) is no cover, never a broken image.
    static func withKeptCover(_ book: Book, _ reader: ParseReader) throws -> Book {
        guard let cover = book.cover, try !reader.hasFile(named: cover) else { return book }
        var book = book
        book.cover = nil
        return book
    }

    /// The fields a list row shows, the only ones the list reads (with the genre and ISBN they point to).
    static let listKeys = [
        Schema.title, Schema.publishingYear, Schema.genre, Schema.isbnField, Schema.lentTo, Schema.lentOn,
        Schema.dueBack,
        Schema.rating, Schema.cover,
    ]

    /// The books that match the request's filters; no constraints at all when it has none.
    static func filtered(_ request: BookListRequest) -> ParseQuery {
        var query = ParseQuery(Schema.book)
        if let search = request.search, !search.isEmpty {
            query = query.searching(search)
        }
        if let genreId = request.genreId {
            query = query.where(Schema.genre, equalTo: .pointer(pointers(.genre, [genreId])[0]))
        }
        // Parent-side equality on a Relation: the books whose join rows name this author or publisher.
        if let authorId = request.authorId {
            query = query.where(Schema.authors, equalTo: .pointer(pointers(.author, [authorId])[0]))
        }
        if let ids = request.anyOfAuthorIds {
            query = query.where(Schema.authors, "$in", .array(pointers(.author, ids).map { .pointer($0) }))
        }
        if let publisherId = request.publisherId {
            query = query.where(Schema.publishers, equalTo: .pointer(pointers(.publisher, [publisherId])[0]))
        }
        switch request.shelf {
        case .lent?: query = query.where(Schema.lentTo, "$exists", .boolean(true))
        case .unread?:
            // A book nobody marked (as the seed app's are) counts as not read yet.
            query = query.where(Schema.readingStatus, "$nin", .array([.string("reading"), .string("read")]))
        case nil: break
        }
        return query
    }

    /// `query` in the list's order, titles compared ignoring case and accents (the store adds objectId last).
    static func sorted(_ query: ParseQuery, by sort: BookSort) -> ParseQuery {
        let ordered =
            switch sort {
            case .title: query.order(by: Schema.title)
            case .year: query.order(by: "-\(Schema.publishingYear)", Schema.title)
            }
        return ordered.ignoringCaseAndAccentsInTextOrder()
    }

    /// Each book's authors sorted by name, in one statement for the whole page.
    static func authors(of books: [ParseObject], reader: ParseReader) throws -> [String: [ParseObject]] {
        // Until some book has had an author, the class has no `authors` Relation to read.
        guard !books.isEmpty, case .relation? = try reader.schema(Schema.book)?.fields[Schema.authors] else {
            return [:]
        }
        return try reader.relatedObjects(
            Schema.book, objectIds: books.map(\.objectId), key: Schema.authors, order: [Schema.name],
            textOrder: .ignoringCaseAndAccents)
    }
}
