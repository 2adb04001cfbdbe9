import Foundation

/// The three one-name classes a book links to: `Genre`, `Author` and `Publisher` (each `{name}`).
enum CatalogueKind: String, Sendable, Hashable, CaseIterable {
    case genre
    case author
    case publisher

    /// The Parse class: "Genre", "Author", "Publisher".
    var className: String {
        switch self {
        case .genre: "Genre"
        case .author: "Author"
        case .publisher: "Publisher"
        }
    }

    /// The name forms and links use for one: "genre", "author", "publisher" (never a word on a page: those are
    /// catalogue messages, `title(in:)` and the `books.entry.` messages).
    var singular: String { rawValue }
    /// The name for many, in paths: "genres", "authors", "publishers".
    var plural: String { rawValue + "s" }
    /// Where its list lives: "/genres", "/authors", "/publishers".
    var path: String { "/" + plural }
}

/// One genre, author or publisher.
struct CatalogueEntry: Sendable, Hashable {
    var kind: CatalogueKind
    /// The store's objectId.
    var id: String
    /// The name, unique within its kind ignoring case and surrounding spaces.
    var name: String

}

/// A genre, author or publisher with how many books use it (for its list and before deleting it).
struct CatalogueEntryUsage: Sendable, Hashable {
    var entry: CatalogueEntry
    /// Books whose genre is this one, or whose authors / publishers include it.
    var bookCount: Int
    /// Who added or renamed it last, and when; nil where it was not read.
    var lastChange: ChangeStamp?

    init(entry: CatalogueEntry, bookCount: Int, lastChange: ChangeStamp? = nil) {
        self.entry = entry
        self.bookCount = bookCount
        self.lastChange = lastChange
    }
}

/// One book, shaped like the seed's `Book` (title, publishingYear, genre, isbn, authors, publishers).
struct Book: Sendable, Hashable {
    /// The store's objectId, nil before the first save.
    var id: String?
    var title: String
    /// A whole year from 1450 to next year; nil when it is not known.
    var publishingYear: Int?
    /// The book's one genre (Pointer<Genre>); nil only for books written by other clients without one.
    var genre: CatalogueEntry?
    /// The ISBN's digits as stored in the `ISBN` object's `value` (hyphens and spaces removed, "X" upper-case);
    /// nil for a book without one (most books from before 1970).
    var isbn: String?
    /// The Relation `authors`, sorted by name.
    var authors: [CatalogueEntry]
    /// The Relation `publishers`, sorted by name.
    var publishers: [CatalogueEntry]
    /// How far the household is with it; nil when nobody said.
    var readingStatus: ReadingStatus? = nil
    /// Who has the book now (`lentTo`); nil while it is at home.
    var lentTo: String? = nil
    /// The day it was lent (`lentOn`, a Date at midnight UTC); nil when not lent or not said.
    var lentOn: CalendarDate? = nil
    /// The day it should come back (`dueBack`, a Date at midnight UTC); nil when not said.
    var dueBack: CalendarDate? = nil
    /// Stars out of five (`rating`, a whole Number 1–5); nil when not rated.
    var rating: Int? = nil
    /// The day someone finished reading it (`finishedOn`, a Date at midnight UTC); nil when not said.
    var finishedOn: CalendarDate? = nil
    /// The name of its cover photo as kept in the database (`cover`, a Parse File); nil without one.
    var cover: String? = nil
    var createdAt: Date?
    var updatedAt: Date?
    /// The username of the person who saved it last (its `updatedBy`); nil when saved without signing in, by
    /// someone since removed, or on a read that does not include it (the list).
    var updatedBy: String?
    /// Who its ACL lets change or delete it (an app may set one through the Parse API); nil when anyone may.
    var writers: Set<String>? = nil

    init(
        id: String? = nil, title: String, publishingYear: Int?, genre: CatalogueEntry?, isbn: String?,
        authors: [CatalogueEntry] = [], publishers: [CatalogueEntry] = [], readingStatus: ReadingStatus? = nil,
        lentTo: String? = nil, lentOn: CalendarDate? = nil, dueBack: CalendarDate? = nil, rating: Int? = nil,
        finishedOn: CalendarDate? = nil, cover: String? = nil, createdAt: Date? = nil, updatedAt: Date? = nil,
        updatedBy: String? = nil
    ) {
        self.id = id
        self.title = title
        self.publishingYear = publishingYear
        self.genre = genre
        self.isbn = isbn
        self.authors = authors
        self.publishers = publishers
        self.readingStatus = readingStatus
        self.lentTo = lentTo
        self.lentOn = lentOn
        self.dueBack = dueBack
        self.rating = rating
        self.finishedOn = finishedOn
        self.cover = cover
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.updatedBy = updatedBy
    }
}

/// What a valid book form asks the repository to store: ids of existing entries, the normalised ISBN, and names
/// typed into the "New …" boxes to add or link along with the book.
struct BookInput: Sendable, Hashable {
    /// The `genreId` of an input whose genre is the typed name `newEntryNames[.genre]`, until the save adds or finds
    /// it: never an objectId (those have no "-"), so nothing takes it for a stored genre.
    static let typedNewGenreId = "typed-new-genre"

    var title: String
    /// Nil when the form left it empty.
    var publishingYear: Int?
    var genreId: String
    /// Normalised ISBN (digits, possibly a final "X"), already checked for its check digit; nil when none was given.
    var isbn: String?
    var authorIds: [String]
    var publisherIds: [String]
    var readingStatus: ReadingStatus? = nil
    var lentTo: String? = nil
    var lentOn: CalendarDate? = nil
    var dueBack: CalendarDate? = nil
    var rating: Int? = nil
    var finishedOn: CalendarDate? = nil
    /// The kept cover photo's name; nil for none.
    var cover: String? = nil
    /// Names typed into "New genre", "New author" or "New publisher" but not added with their own button, cleaned
    /// and checked: the save links the entry of that name, or adds it when there is none.
    var newEntryNames: [CatalogueKind: String]

    init(
        title: String, publishingYear: Int?, genreId: String, isbn: String?, authorIds: [String],
        publisherIds: [String], newEntryNames: [CatalogueKind: String] = [:]
    ) {
        self.title = title
        self.publishingYear = publishingYear
        self.genreId = genreId
        self.isbn = isbn
        self.authorIds = authorIds
        self.publisherIds = publisherIds
        self.newEntryNames = newEntryNames
    }
}
