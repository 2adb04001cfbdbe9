import Foundation

/// The book form's fields as an edit base knows them: the key each is carried under and the label it is shown by.
enum BookEditField: String, Sendable, Hashable, CaseIterable {
    case title, publishingYear, genre, isbn, authors, publishers, cover, readingStatus, rating, finishedOn, lentTo,
        lentOn, dueBack

    /// The field's name as the form labels it: "Title", "Publishing year".
    var label: String {
        switch self {
        case .title: "Title"
        case .publishingYear: "Publishing year"
        case .genre: "Genre"
        case .isbn: "ISBN"
        case .authors: "Authors"
        case .publishers: "Publishers"
        case .readingStatus: "Reading"
        case .lentTo: "Lent to"
        case .lentOn: "Lent on"
        case .dueBack: "Due back"
        case .rating: "Rating"
        case .finishedOn: "Finished on"
        case .cover: "Cover"
        }
    }

    /// The fields compared as one value; authors and publishers are sets and merge element by element.
    static let scalars: [BookEditField] = [
        .title, .publishingYear, .genre, .isbn, .cover, .readingStatus, .rating, .finishedOn, .lentTo, .lentOn,
        .dueBack,
    ]
}

/// A book's form values in the shape a save compares them, from the stored book (the form's base, and what is
/// stored now) or from what was typed: the same values give the same tokens, so an untouched field always matches.
struct BookFieldValues: Sendable, Hashable {
    /// The title as stored, or as typed once cleaned.
    var title: String
    var publishingYear: Int?
    /// The genre's id; empty for a book without one.
    var genreId: String
    /// The normalised ISBN (digits and a possible final "X"); nil for none.
    var isbn: String?
    var authorIds: Set<String>
    var publisherIds: Set<String>
    var readingStatus: ReadingStatus?
    var lentTo: String?
    var lentOn: CalendarDate?
    var dueBack: CalendarDate?
    var rating: Int?
    var finishedOn: CalendarDate?
    var cover: String?

    /// The values of a stored book.
    init(book: Book) {
        title = book.title
        publishingYear = book.publishingYear
        genreId = book.genre?.id ?? ""
        isbn = book.isbn
        authorIds = Set(book.authors.map(\.id))
        publisherIds = Set(book.publishers.map(\.id))
        readingStatus = book.readingStatus
        lentTo = book.lentTo
        lentOn = book.lentOn
        dueBack = book.dueBack
        rating = book.rating
        finishedOn = book.finishedOn
        cover = book.cover
    }

    /// The values of a valid form.
    init(input: BookInput) {
        title = input.title
        publishingYear = input.publishingYear
        genreId = input.genreId
        isbn = input.isbn
        authorIds = Set(input.authorIds)
        publisherIds = Set(input.publisherIds)
        readingStatus = input.readingStatus
        lentTo = input.lentTo
        lentOn = input.lentOn
        dueBack = input.dueBack
        rating = input.rating
        finishedOn = input.finishedOn
        cover = input.cover
    }

    /// The token of one field: a `FieldFingerprint` of a scalar's text; a set's ids sorted and comma-joined.
    func token(_ field: BookEditField) -> String {
        switch field {
        case .title: FieldFingerprint.of(title)
        case .publishingYear: FieldFingerprint.of(publishingYear.map(String.init) ?? "")
        case .genre: FieldFingerprint.of(genreId)
        case .isbn: FieldFingerprint.of(isbn ?? "")
        case .authors: Self.token(of: authorIds)
        case .publishers: Self.token(of: publisherIds)
        case .readingStatus: FieldFingerprint.of(readingStatus?.rawValue ?? "")
        case .lentTo: FieldFingerprint.of(lentTo ?? "")
        case .lentOn: FieldFingerprint.of(lentOn?.iso ?? "")
        case .dueBack: FieldFingerprint.of(dueBack?.iso ?? "")
        case .rating: FieldFingerprint.of(rating.map(String.init) ?? "")
        case .finishedOn: FieldFingerprint.of(finishedOn?.iso ?? "")
        case .cover: FieldFingerprint.of(cover ?? "")
        }
    }

    /// Every field's token, by key.
    var tokens: [String: String] {
        Dictionary(uniqueKeysWithValues: BookEditField.allCases.map { ($0.rawValue, token($0)) })
    }

    /// "id1,id2": the set's ids in order, comma-joined (objectIds hold neither "," nor ";").
    static func token(of ids: Set<String>) -> String { ids.sorted().joined(separator: ",") }

    /// The ids a set's token names.
    static func ids(in token: String) -> Set<String> {
        Set(token.split(separator: ",", omittingEmptySubsequences: true).map(String.init))
    }
}

extension EditBase {
    /// What the edit form of the stored `book` carries: its version and each field's token.
    init(book: Book) {
        self.init(
            version: Self.version(of: book.updatedAt ?? Date(timeIntervalSince1970: 0)),
            fields: BookFieldValues(book: book).tokens)
    }
}

extension Book {
    /// Who saved the book last and when (`updatedBy` and updatedAt), for "Last changed by Ana, 14:02"; nil before
    /// its first save.
    var changeStamp: ChangeStamp? { updatedAt.map { ChangeStamp(username: updatedBy, at: $0) } }
}
