import Foundation
import ParseStore

/// Makes a realistic book catalogue from a fixed seed (same seed, same catalogue), stored exactly as the app
/// stores it (notes/book-contract.md, "Storage"):
///
/// | class | fields |
/// | --- | --- |
/// | Genre | name: String; books: Relation<Book> (`_Join:books:Genre`) |
/// | Author | name: String |
/// | Publisher | name: String |
/// | ISBN | value: String (13 digits, valid check digit, unique) |
/// | Book | title: String, publishingYear: Number, genre: Pointer<Genre>, isbn: Pointer<ISBN>, |
/// |      | authors: Relation<Author> (1–3, `_Join:authors:Book`), publishers: Relation<Publisher> (1–2) |
///
/// Names are unique within their kind ignoring case and surrounding spaces, as the app requires.
struct BookGenerator {
    static let bookClass = "Book"
    static let genreClass = "Genre"
    static let authorClass = "Author"
    static let publisherClass = "Publisher"
    static let isbnClass = "ISBN"

    private var random: SplitMix64
    private var usedISBNs: Set<String> = []
    /// The last year a book can be published in (the current year: the app accepts up to next year).
    private let lastYear: Int

    /// A generator whose output is fully determined by `seed` (and, for the years, the current year).
    init(seed: UInt64, now: Date = Date()) {
        // A different stream from the to-do and recipe generators', even with the same seed.
        random = SplitMix64(seed: seed ^ 0x5EED_0004_B00C_0004)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        lastYear = calendar.component(.year, from: now)
    }

    // MARK: Names

    private static let genres = [
        "Fantasy", "Science fiction", "Mystery", "Thriller", "Romance", "Historical fiction", "Horror",
        "Literary fiction", "Crime", "Adventure", "Biography", "Autobiography", "Memoir", "History", "Poetry",
        "Drama", "Essays", "Travel", "Cookery", "Gardening", "Philosophy", "Psychology", "Economics", "Politics",
        "Religion", "Mythology", "Science", "Mathematics", "Computing", "Nature", "Art", "Music", "Photography",
        "Architecture", "Sport", "Health", "Self-help", "Business", "Children's", "Young adult", "Graphic novels",
        "Humour", "Short stories", "Westerns", "Dystopian", "Classics", "True crime", "Reference", "Languages",
        "Education",
    ]
    private static let firstNames = [
        "Ada", "Agatha", "Alan", "Alice", "Amara", "Anders", "Anna", "Arthur", "Aylin", "Beatriz", "Carlos", "Chen",
        "Chloé", "Clara", "Daniel", "Dmitri", "Elena", "Elif", "Emil", "Fatima", "Felix", "George", "Grace", "Hana",
        "Hugo", "Ines", "Isaac", "Jamal", "Jane", "Jonas", "Kenji", "Laila", "Leo", "Lucía", "Malik", "Margaret",
        "Mateo", "Mei", "Nadia", "Noah", "Olga", "Omar", "Priya", "Rosa", "Rui", "Samuel", "Sofia", "Tomás",
        "Ursula", "Virginia", "Wen", "Yusuf", "Zadie", "Zoë",
    ]
    private static let lastNames = [
        "Achebe", "Adeyemi", "Álvarez", "Andersen", "Atwood", "Bauer", "Brontë", "Calvino", "Chandler", "Christie",
        "Costa", "Dahl", "Dubois", "Eliot", "Esposito", "Fischer", "García", "Gaskell", "Hansen", "Hardy", "Ishiguro",
        "Jansen", "Kafka", "Kim", "Kowalski", "Le Guin", "Lindqvist", "Mahfouz", "Márquez", "Moreau", "Murakami",
        "Nakamura", "Novak", "O'Brien", "Okafor", "Orwell", "Pamuk", "Petrov", "Quinn", "Rossi", "Rushdie", "Sato",
        "Schmidt", "Shelley", "Singh", "Smith", "Tolstoy", "Tanaka", "Ulloa", "Varga", "Walker", "Woolf", "Yilmaz",
        "Zhang",
    ]
    private static let initials = Array("ABCDEFGHJKLMNPRSTW").map(String.init)
    private static let publisherWords = [
        "Harbour", "Northgate", "Lantern", "Juniper", "Meridian", "Bluebell", "Kestrel", "Granite", "Willow",
        "Saltmarsh", "Orchard", "Beacon", "Copper", "Foxglove", "Heron", "Ironbridge", "Larkspur", "Millstone",
        "Oakleaf", "Pelican", "Quayside", "Riverbank", "Silverbirch", "Thistle", "Vellum",
    ]
    private static let publisherKinds = ["Press", "Books", "Publishing", "& Sons", "House", "Editions", "Media"]

    private static let adjectives = [
        "Silent", "Hidden", "Last", "Broken", "Golden", "Distant", "Forgotten", "Secret", "Burning", "Quiet",
        "Northern", "Endless", "Crimson", "Hollow", "Winter", "Glass", "Wandering", "Little", "Lost", "Bright",
    ]
    private static let nouns = [
        "Garden", "River", "Kingdom", "Lighthouse", "Orchard", "Map", "Letter", "Station", "Harbour", "Library",
        "Clockmaker", "Island", "Mountain", "Forest", "Empire", "Daughter", "Winter", "Voyage", "Archive", "Bridge",
        "Mirror", "Compass", "Shadow", "Storm", "Tide", "Crown", "Feather", "Engine", "Cartographer", "Machine",
    ]
    private static let places = [
        "Lisbon", "the North", "the Sea", "Samarkand", "the Valley", "Kyoto", "the Moors", "Alexandria", "Prague",
        "the Stars", "Marrakesh", "the Fens", "Patagonia", "Venice", "the Steppe", "Lagos", "Tallinn", "the Coast",
    ]
    private static let subjects = [
        "A Short History of Salt", "Understanding Tides", "The Art of Bread", "Numbers in Nature",
        "Thinking in Systems", "A Field Guide to Mosses", "Cities of Water", "The Story of Paper",
        "Everyday Chemistry", "Maps and Empires", "The Quiet Mind", "Rivers of Iron",
    ]

    /// `count` genre names: the common genres first, then numbered series of them.
    func genreNames(_ count: Int) -> [String] {
        (0..<count).map { index in
            let name = Self.genres[index % Self.genres.count]
            return index < Self.genres.count ? name : "\(name) \(index / Self.genres.count + 1)"
        }
    }

    /// `count` different author names ("Ada Achebe", "Leo K. Tanaka"), unique ignoring case.
    mutating func authorNames(_ count: Int) -> [String] {
        unique(count) { generator in
            let first = generator.pick(Self.firstNames)
            let last = generator.pick(Self.lastNames)
            return generator.below(4) == 0 ? "\(first) \(generator.pick(Self.initials)). \(last)" : "\(first) \(last)"
        }
    }

    /// `count` different publisher names ("Harbour Press", "Kestrel & Sons"), unique ignoring case.
    mutating func publisherNames(_ count: Int) -> [String] {
        unique(count) { generator in
            "\(generator.pick(Self.publisherWords)) \(generator.pick(Self.publisherKinds))"
        }
    }

    /// `count` names from `make`, none equal to another ignoring case; when `make` runs out of new names, a
    /// number is added to keep them apart.
    private mutating func unique(_ count: Int, make: (inout BookGenerator) -> String) -> [String] {
        var seen: Set<String> = []
        var names: [String] = []
        names.reserveCapacity(count)
        var misses = 0
        while names.count < count {
            var name = make(&self)
            if misses > 1_000 { name += " \(names.count + 1)" }
            if seen.insert(name.lowercased()).inserted {
                names.append(name)
                misses = 0
            } else {
                misses += 1
            }
        }
        return names
    }

    // MARK: Books

    /// One book's fields and the catalogue entries it links to (indexes into the seeded genres, authors and
    /// publishers).
    struct Draft {
        var title: String
        var publishingYear: Int
        /// 13 digits with a valid check digit, unique among the generated books.
        var isbn: String
        var genre: Int
        var authors: [Int]
        var publishers: [Int]
    }

    /// The next book, linking to one of `genres` genres, 1–3 of `authors` authors and 1–2 of `publishers`
    /// publishers (fewer when there are fewer to choose from).
    mutating func book(genres: Int, authors: Int, publishers: Int) -> Draft {
        Draft(
            title: title(),
            publishingYear: year(),
            isbn: isbn13(),
            genre: below(genres),
            authors: distinct(count: 1 + below(3), of: authors),
            publishers: distinct(count: 1 + below(2), of: publishers))
    }

    private mutating func title() -> String {
        switch below(6) {
        case 0: "The \(pick(Self.adjectives)) \(pick(Self.nouns))"
        case 1: "The \(pick(Self.nouns)) of \(pick(Self.places))"
        case 2: "A \(pick(Self.nouns)) in \(pick(Self.places))"
        case 3: "\(pick(Self.adjectives)) \(pick(Self.nouns))s"
        case 4: "The \(pick(Self.nouns))'s \(pick(Self.nouns))"
        default: pick(Self.subjects)
        }
    }

    /// Mostly recent years, some older ones, a few from the first centuries of printing.
    private mutating func year() -> Int {
        switch below(20) {
        case 0: 1450 + below(1800 - 1450)
        case 1...5: 1800 + below(150)
        default: 1950 + below(lastYear - 1950 + 1)
        }
    }

    /// A new ISBN-13 (prefix 978 or 979) with its check digit, not used before by this generator.
    private mutating func isbn13() -> String {
        while true {
            var digits = below(5) == 0 ? "979" : "978"
            for _ in 0..<9 { digits += String(below(10)) }
            digits += String(Self.isbn13CheckDigit(digits))
            if usedISBNs.insert(digits).inserted { return digits }
        }
    }

    /// The ISBN-13 check digit of its first twelve digits: weights 1, 3, 1, 3…, then (10 − sum mod 10) mod 10.
    static func isbn13CheckDigit(_ twelveDigits: String) -> Int {
        precondition(twelveDigits.count == 12, "an ISBN-13 check digit needs 12 digits")
        var sum = 0
        for (index, character) in twelveDigits.enumerated() {
            let digit = character.wholeNumberValue!
            sum += index.isMultiple(of: 2) ? digit : digit * 3
        }
        return (10 - sum % 10) % 10
    }

    /// `count` different numbers below `bound` (fewer when `bound` is smaller), in random order.
    private mutating func distinct(count: Int, of bound: Int) -> [Int] {
        var chosen: [Int] = []
        while chosen.count < min(count, bound) {
            let candidate = below(bound)
            if !chosen.contains(candidate) { chosen.append(candidate) }
        }
        return chosen
    }

    private mutating func pick<Element>(_ options: [Element]) -> Element {
        options[below(options.count)]
    }

    /// A number from 0 up to, not including, `bound`.
    private mutating func below(_ bound: Int) -> Int {
        Int(random.next() % UInt64(bound))
    }
}

/// Writes a generated catalogue through the ParseStore API, each step as the app's save does it.
struct BookSeeder {
    let store: ParseStore
    var generator: BookGenerator
    /// Books per write transaction.
    let batchSize: Int

    /// Creates the genres, authors and publishers (one transaction), then `books` books in transactions of
    /// `batchSize`: per book an ISBN object, then the Book with both Pointers and its authors and publishers
    /// relation rows; per transaction the new books join their genres' `books` relation.
    /// Returns the books' objectIds in creation order.
    mutating func seed(books: Int, genres: Int, authors: Int, publishers: Int) async throws -> [String] {
        let began = Date()
        let genreNames = generator.genreNames(genres)
        let authorNames = generator.authorNames(authors)
        let publisherNames = generator.publisherNames(publishers)
        let catalogue = try await store.write { writer in
            func create(_ className: String, _ names: [String]) throws -> [ParsePointer] {
                try names.map { name in
                    let object = try writer.create(className, ["name": .string(name)])
                    return ParsePointer(className: className, objectId: object.objectId)
                }
            }
            return (
                genres: try create(BookGenerator.genreClass, genreNames),
                authors: try create(BookGenerator.authorClass, authorNames),
                publishers: try create(BookGenerator.publisherClass, publisherNames)
            )
        }
        print("seeded \(genres) genres, \(authors) authors, \(publishers) publishers")

        var ids: [String] = []
        ids.reserveCapacity(books)
        while ids.count < books {
            let size = min(batchSize, books - ids.count)
            let drafts = (0..<size).map { _ in
                generator.book(
                    genres: catalogue.genres.count, authors: catalogue.authors.count,
                    publishers: catalogue.publishers.count)
            }
            let batchIds = try await store.write { writer in
                var made: [String] = []
                made.reserveCapacity(drafts.count)
                var booksOfGenre: [Int: [ParsePointer]] = [:]
                for draft in drafts {
                    let isbn = try writer.create(BookGenerator.isbnClass, ["value": .string(draft.isbn)])
                    let book = try writer.create(
                        BookGenerator.bookClass,
                        operations: [
                            "title": .set(.string(draft.title)),
                            "publishingYear": .set(.number(Double(draft.publishingYear))),
                            "genre": .set(.pointer(catalogue.genres[draft.genre])),
                            "isbn": .set(
                                .pointer(ParsePointer(className: BookGenerator.isbnClass, objectId: isbn.objectId))),
                            "authors": .addRelation(draft.authors.map { catalogue.authors[$0] }),
                            "publishers": .addRelation(draft.publishers.map { catalogue.publishers[$0] }),
                        ])
                    made.append(book.objectId)
                    booksOfGenre[draft.genre, default: []].append(
                        ParsePointer(className: BookGenerator.bookClass, objectId: book.objectId))
                }
                for (genre, books) in booksOfGenre.sorted(by: { $0.key < $1.key }) {
                    try writer.update(
                        BookGenerator.genreClass, objectId: catalogue.genres[genre].objectId,
                        operations: ["books": .addRelation(books)])
                }
                return made
            }
            ids += batchIds
            let seconds = Date().timeIntervalSince(began)
            print("seeded \(ids.count)/\(books) books (\(Int(Double(ids.count) / max(seconds, 0.001)))/s)")
        }
        let seconds = Date().timeIntervalSince(began)
        print(String(format: "Done: %d books in %.1f s", ids.count, seconds))
        return ids
    }
}
