import Foundation

/// The seeder's command-line options, parsed by hand so the tool depends on ParseStore only.
struct SeedOptions {
    /// Path of the SQLite file to fill (created when missing).
    var database = "data/parsnip.sqlite"
    /// How many to-dos to create.
    var count = 10_000
    /// How many to-dos to create per write transaction.
    var batchSize = 10_000
    /// Seed of the text generator, so two runs produce the same titles.
    var seed: UInt64 = 42

    static let usage = """
        Usage: parsnip-seed [--database PATH] [--count N] [--batch N] [--seed N]

        Fills a Parsnip database with N realistic to-dos (class TodoListItem) through the ParseStore API.
          --database PATH  SQLite file to fill, created when missing (default: data/parsnip.sqlite)
          --count N        number of to-dos to create (default: 10000)
          --batch N        to-dos per write transaction (default: 10000)
          --seed N         seed for the generated text (default: 42)
        createdAt values are one millisecond apart and end about now, newest last.
        """

    /// Parses `arguments` (without the program name); throws a message meant for the user.
    static func parse(_ arguments: [String]) throws -> SeedOptions {
        var options = SeedOptions()
        var iterator = arguments.makeIterator()
        while let flag = iterator.next() {
            if flag == "-h" || flag == "--help" { throw SeedUsage.help }
            guard let value = iterator.next() else { throw SeedUsage.invalid("\(flag) needs a value") }
            switch flag {
            case "--database": options.database = value
            case "--count": options.count = try positive(value, flag, allowZero: true)
            case "--batch": options.batchSize = try positive(value, flag, allowZero: false)
            case "--seed": options.seed = UInt64(try positive(value, flag, allowZero: true))
            default: throw SeedUsage.invalid("unknown option \(flag)")
            }
        }
        return options
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
