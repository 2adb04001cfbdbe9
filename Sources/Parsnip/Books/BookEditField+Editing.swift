import OrderedCollections
import ParseStore

extension BookEditField: EditableField {
    typealias Record = Book

    var key: String { rawValue }

    var isSet: Bool { self == .authors || self == .publishers }

    func token(of record: Book) -> String { BookFieldValues(book: record).token(self) }

    /// The value as the conflict page and the history show it: the genre, authors and publishers by name.
    func lines(of record: Book) -> [String] {
        switch self {
        case .title: record.title.isEmpty ? [] : [record.title]
        case .publishingYear: record.publishingYear.map { [String($0)] } ?? []
        case .genre: record.genre.map { [Self.genreLine($0, in: nil)] } ?? []
        case .isbn: record.isbn.map { [ISBNHyphens.shown($0)] } ?? []
        case .authors: record.authors.map(\.name)
        case .publishers: record.publishers.map(\.name)
        case .readingStatus: record.readingStatus.map { [$0.title] } ?? []
        case .lentTo: record.lentTo.map { [$0] } ?? []
        case .lentOn: record.lentOn.map { [$0.readable] } ?? []
        case .dueBack: record.dueBack.map { [$0.readable] } ?? []
        case .rating: record.rating.map { [BookRating.drawn($0)] } ?? []
        case .finishedOn: record.finishedOn.map { [$0.readable] } ?? []
        case .cover: record.cover.map { [PhotoUpload.shownName($0)] } ?? []
        }
    }

    /// The field's name as the form labels it, in `language`.
    func label(in language: Language) -> String {
        switch self {
        case .title: language.text("books.field.title")
        case .publishingYear: language.text("books.field.publishingYear")
        case .genre: language.text("books.kind.genre")
        case .isbn: language.text("books.field.isbn")
        case .authors: language.text("books.kinds.author")
        case .publishers: language.text("books.kinds.publisher")
        case .readingStatus: language.text("books.field.readingStatus")
        case .lentTo: language.text("books.field.lentTo")
        case .lentOn: language.text("books.field.lentOn")
        case .dueBack: language.text("books.field.dueBack")
        case .rating: language.text("books.field.rating")
        case .finishedOn: language.text("books.field.finishedOn")
        case .cover: language.text("books.field.cover")
        }
    }

    /// The value in `language`: the reading status in its words, the day written its way; a year never grouped.
    func lines(of record: Book, in language: Language) -> [String] {
        switch self {
        case .genre: record.genre.map { [Self.genreLine($0, in: language)] } ?? []
        case .readingStatus: record.readingStatus.map { [$0.title(in: language)] } ?? []
        case .lentOn: record.lentOn.map { [LocalFormats.day($0, in: language)] } ?? []
        case .dueBack: record.dueBack.map { [LocalFormats.day($0, in: language)] } ?? []
        case .finishedOn: record.finishedOn.map { [LocalFormats.day($0, in: language)] } ?? []
        case .rating: record.rating.map { [BookRating.words($0, in: language)] } ?? []
        default: lines(of: record)
        }
    }

    /// The genre's name; for a form's typed genre, "Essays (a new genre)", or words saying it no longer exists.
    /// English without a language (`lines(of:)`, which works before the catalogues are read).
    static func genreLine(_ genre: CatalogueEntry, in language: Language?) -> String {
        if genre.id == BookInput.typedNewGenreId {
            return language?.text("books.field.newGenre", ["name": genre.name]) ?? "\(genre.name) (a new genre)"
        }
        if genre.name.isEmpty {
            return language?.text("books.field.goneGenre") ?? "A genre that no longer exists"
        }
        return genre.name
    }

    func copy(from source: Book, into target: inout Book) {
        switch self {
        case .title: target.title = source.title
        case .publishingYear: target.publishingYear = source.publishingYear
        case .genre: target.genre = source.genre
        case .isbn: target.isbn = source.isbn
        case .authors: target.authors = source.authors
        case .publishers: target.publishers = source.publishers
        case .readingStatus: target.readingStatus = source.readingStatus
        case .lentTo: target.lentTo = source.lentTo
        case .lentOn: target.lentOn = source.lentOn
        case .dueBack: target.dueBack = source.dueBack
        case .rating: target.rating = source.rating
        case .finishedOn: target.finishedOn = source.finishedOn
        case .cover: target.cover = source.cover
        }
    }

    func members(of record: Book) -> [String] {
        switch self {
        case .authors: record.authors.map(\.id)
        case .publishers: record.publishers.map(\.id)
        default: []
        }
    }

    func setMembers(_ ids: [String], from sources: [Book], into target: inout Book) {
        let kind: CatalogueKind = self == .authors ? .author : .publisher
        let known = sources.flatMap { self == .authors ? $0.authors : $0.publishers }
        let entries = ids.map { id in known.first { $0.id == id } ?? CatalogueEntry(kind: kind, id: id, name: "") }
        if self == .authors { target.authors = entries } else if self == .publishers { target.publishers = entries }
    }
}

extension Book {
    /// What a valid form asks to store: the ids of the entries.
    var input: BookInput {
        var input = BookInput(
            title: title, publishingYear: publishingYear, genreId: genre?.id ?? "", isbn: isbn,
            authorIds: authors.map(\.id), publisherIds: publishers.map(\.id))
        input.readingStatus = readingStatus
        input.lentTo = lentTo
        input.lentOn = lentOn
        input.dueBack = dueBack
        input.rating = rating
        input.finishedOn = finishedOn
        input.cover = cover
        return input
    }

    /// The book a form typed, with the typed genre's name (or words saying it is new, or gone) for the conflict page.
    init(typed input: BookInput, id: String, genreName: String?) {
        // A typed new genre keeps its name under `typedNewGenreId`; a gone one has no name: `genreLine` words both.
        let newGenre = input.genreId == BookInput.typedNewGenreId ? input.newEntryNames[.genre] : nil
        self.init(
            id: id, title: input.title, publishingYear: input.publishingYear,
            genre: input.genreId.isEmpty
                ? nil : CatalogueEntry(kind: .genre, id: input.genreId, name: genreName ?? newGenre ?? ""),
            isbn: input.isbn, authors: input.authorIds.map { CatalogueEntry(kind: .author, id: $0, name: "") },
            publishers: input.publisherIds.map { CatalogueEntry(kind: .publisher, id: $0, name: "") })
        readingStatus = input.readingStatus
        lentTo = input.lentTo
        lentOn = input.lentOn
        dueBack = input.dueBack
        rating = input.rating
        finishedOn = input.finishedOn
        cover = input.cover
    }
}

/// A book as its history keeps it: the fields and, by id and name, its genre, authors and publishers.
enum BookSnapshot {
    static func value(_ book: Book) -> ParseValue {
        func entries(_ list: [CatalogueEntry]) -> ParseValue {
            .array(list.map { .object(["id": .string($0.id), "name": .string($0.name)]) })
        }
        var members: [String: ParseValue] = [
            "title": .string(book.title), "authors": entries(book.authors), "publishers": entries(book.publishers),
        ]
        if let year = book.publishingYear { members["publishingYear"] = .number(Double(year)) }
        if let isbn = book.isbn { members["isbn"] = .string(isbn) }
        if let status = book.readingStatus { members["readingStatus"] = .string(status.rawValue) }
        if let lentTo = book.lentTo { members["lentTo"] = .string(lentTo) }
        if let lentOn = book.lentOn { members["lentOn"] = .date(lentOn.date) }
        if let dueBack = book.dueBack { members["dueBack"] = .date(dueBack.date) }
        if let rating = book.rating { members["rating"] = .number(Double(rating)) }
        if let finishedOn = book.finishedOn { members["finishedOn"] = .date(finishedOn.date) }
        if let cover = book.cover { members["cover"] = .string(cover) }
        if let genre = book.genre { members["genre"] = entries([genre]) }
        return .object(.init(uniqueKeysWithValues: members.sorted { $0.key < $1.key }))
    }

    /// The book a snapshot describes; nil when it is not one.
    static func book(_ value: ParseValue, id: String) -> Book? {
        guard let members = value.objectValue, let title = members["title"]?.stringValue else { return nil }
        func entries(_ key: String, _ kind: CatalogueKind) -> [CatalogueEntry] {
            (members[key]?.arrayValue ?? []).compactMap { item in
                guard let entry = item.objectValue, let id = entry["id"]?.stringValue else { return nil }
                return CatalogueEntry(kind: kind, id: id, name: entry["name"]?.stringValue ?? "")
            }
        }
        return Book(
            id: id, title: title,
            publishingYear: members["publishingYear"]?.numberValue.flatMap(NumberText.wholeNumber),
            genre: entries("genre", .genre).first, isbn: members["isbn"]?.stringValue,
            authors: entries("authors", .author), publishers: entries("publishers", .publisher),
            readingStatus: members["readingStatus"]?.stringValue.flatMap(ReadingStatus.init(rawValue:)),
            lentTo: members["lentTo"]?.stringValue,
            lentOn: members["lentOn"]?.dateValue.flatMap(CalendarDate.init(stored:)),
            dueBack: members["dueBack"]?.dateValue.flatMap(CalendarDate.init(stored:)),
            rating: members["rating"]?.numberValue.flatMap(NumberText.wholeNumber),
            finishedOn: members["finishedOn"]?.dateValue.flatMap(CalendarDate.init(stored:)),
            cover: members["cover"]?.stringValue)
    }
}
