import Foundation

/// The seeder's command-line options, parsed by hand so the tool depends on ParseStore only.
struct SeedOptions {
    /// Path of the SQLite file to fill (created when missing).
    var database = "data/parsnip.sqlite"
    /// How many to-dos to create: 10,000 unless `--count` says otherwise, or none when only `--recipes` or
    /// `--books` is given.
    var count = 10_000
    /// How many recipes to create (class Recipe).
    var recipes = 0
    /// How many books to create (class Book, with its ISBN object and relations); the catalogue below is
    /// created only when this is more than 0.
    var books = 0
    /// How many genres, authors and publishers the books link to.
    var genres = 50
    var authors = 500
    var publishers = 100
    /// How many objects to create per write transaction.
    var batchSize = 10_000
    /// Seed of the text generators, so two runs produce the same titles and recipes.
    var seed: UInt64 = 42
    /// Where to write the objectIds created, one a line: the books' when books are seeded, else the recipes' when
    /// recipes are seeded, else the to-dos'.
    var idsOut: String?

    static let usage = """
        Usage: parsnip-seed [--database PATH] [--count N] [--recipes N] [--books N] [--genres N]
                            [--authors N] [--publishers N] [--ids-out FILE] [--batch N] [--seed N]

        Fills a Parsnip database through the ParseStore API with N realistic to-dos (class TodoListItem),
        N realistic recipes (class Recipe, stored with the app's Parse encodings) and/or a book catalogue
        (Book with Pointers to Genre and ISBN, Relations to Author and Publisher, Genre.books).
          --database PATH  SQLite file to fill, created when missing (default: data/parsnip.sqlite), or a
                           postgres://user@host/database address (its tables made on first use)
          --count N        number of to-dos to create (default: 10000, or 0 when --recipes or --books
                           is given)
          --recipes N      number of recipes to create (default: 0)
          --books N        number of books to create, each with a unique valid ISBN-13, one genre,
                           1-3 authors and 1-2 publishers (default: 0)
          --genres N       genres for the books (default: 50; only with --books)
          --authors N      authors for the books (default: 500; only with --books)
          --publishers N   publishers for the books (default: 100; only with --books)
          --ids-out FILE   write the objectIds created to FILE, one a line: the books' when --books is
                           given, else the recipes' when --recipes is given, else the to-dos'
          --batch N        objects per write transaction (default: 10000)
          --seed N         seed for the generated text (default: 42)
        createdAt values are one millisecond apart and end about now, newest last (to-dos first, then
        recipes, then the book catalogue).
        """

    /// Parses `arguments` (without the program name); throws a message meant for the user.
    static func parse(_ arguments: [String]) throws -> SeedOptions {
        var options = SeedOptions()
        var countGiven = false
        var iterator = arguments.makeIterator()
        while let flag = iterator.next() {
            if flag == "-h" || flag == "--help" { throw SeedUsage.help }
            guard let value = iterator.next() else { throw SeedUsage.invalid("\(flag) needs a value") }
            switch flag {
            case "--database": options.database = value
            case "--count":
                options.count = try positive(value, flag, allowZero: true)
                countGiven = true
            case "--recipes": options.recipes = try positive(value, flag, allowZero: true)
            case "--books": options.books = try positive(value, flag, allowZero: true)
            case "--genres": options.genres = try positive(value, flag, allowZero: false)
            case "--authors": options.authors = try positive(value, flag, allowZero: true)
            case "--publishers": options.publishers = try positive(value, flag, allowZero: true)
            case "--ids-out": options.idsOut = value
            case "--batch": options.batchSize = try positive(value, flag, allowZero: false)
            case "--seed": options.seed = UInt64(try positive(value, flag, allowZero: true))
            default: throw SeedUsage.invalid("unknown option \(flag)")
            }
        }
        if (options.recipes > 0 || options.books > 0) && !countGiven { options.count = 0 }
        return options
    }

    /// How many objects the book catalogue creates or updates, each reading the clock once (about).
    var bookClockReadings: Int {
        books > 0 ? 2 * books + 2 * genres + authors + publishers : 0
    }

    private static func positive(_ text: String, _ flag: String, allowZero: Bool) throws -> Int {
        guard let number = Int(text.replacingOccurrences(of: "_", with: "")), number > 0 || (allowZero && number == 0)
        else { throw SeedUsage.invalid("\(flag) needs a whole number, got \(text)") }
        return number
    }
}

/// Why the options could not be used: help was asked for, or something was wrong.
enum SeedUsage: Error {
    case help
    case invalid(String)
}
