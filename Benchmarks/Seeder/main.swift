import Foundation
import ParseStore

// parsnip-seed: fills a database with N to-dos, N recipes and/or N books in large transactions, for the benchmarks.

let options: SeedOptions
do {
    options = try SeedOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch SeedUsage.help {
    print(SeedOptions.usage)
    exit(0)
} catch SeedUsage.invalid(let message) {
    FileHandle.standardError.write(Data("parsnip-seed: \(message)\n\n\(SeedOptions.usage)\n".utf8))
    exit(2)
}

func fail(_ error: Error) -> Never {
    FileHandle.standardError.write(Data("parsnip-seed: \(error)\n".utf8))
    exit(1)
}

let isPostgres = options.database.hasPrefix("postgres://") || options.database.hasPrefix("postgresql://")
let databaseURL = URL(fileURLWithPath: isPostgres ? "/" : options.database)
if !isPostgres {
    try? FileManager.default.createDirectory(
        at: databaseURL.deletingLastPathComponent(), withIntermediateDirectories: true)
}

// The first object is about `count + recipes + catalogue writes` milliseconds ago, so the newest lands at about
// the moment seeding started.
let start = Date().addingTimeInterval(-Double(options.count + options.recipes + options.bookClockReadings) / 1000)
let store: ParseStore
do {
    store =
        isPostgres
        ? try ParseStore(postgresURL: options.database, clock: SteppingClock(start: start))
        : try ParseStore(path: databaseURL.path, clock: SteppingClock(start: start))
} catch {
    fail(error)
}

/// Creates `total` objects of `className` in transactions of `options.batchSize`, printing progress;
/// returns their objectIds when `keepIds` is set (else an empty array). Does nothing when `total` is 0.
func seed(
    _ total: Int, of className: String, noun: String, keepIds: Bool, next: () -> [String: ParseValue]
) async throws -> [String] {
    guard total > 0 else { return [] }
    let began = Date()
    var created = 0
    var ids: [String] = []
    while created < total {
        let size = min(options.batchSize, total - created)
        var batch: [[String: ParseValue]] = []
        batch.reserveCapacity(size)
        for _ in 0..<size { batch.append(next()) }
        let rows = batch
        let batchIds = try await store.write { writer in
            var made: [String] = []
            if keepIds { made.reserveCapacity(rows.count) }
            for row in rows {
                let object = try writer.create(className, row)
                if keepIds { made.append(object.objectId) }
            }
            return made
        }
        ids += batchIds
        created += size
        let seconds = Date().timeIntervalSince(began)
        print("seeded \(created)/\(total) \(noun) (\(Int(Double(created) / max(seconds, 0.001)))/s)")
    }
    let seconds = Date().timeIntervalSince(began)
    print(
        String(
            format: "Done: %d %@ in %.1f s into %@", created, noun, seconds,
            isPostgres ? "PostgreSQL" : databaseURL.path))
    return ids
}

do {
    var todoText = TodoTextGenerator(seed: options.seed)
    let todoIds = try await seed(
        options.count, of: "TodoListItem", noun: "to-dos",
        keepIds: options.idsOut != nil && options.recipes == 0 && options.books == 0
    ) {
        // As the app does, an empty description is left unset rather than stored as "".
        var fields: [String: ParseValue] = ["title": .string(todoText.title())]
        let description = todoText.description()
        if !description.isEmpty { fields["description"] = .string(description) }
        return fields
    }
    var recipes = RecipeGenerator(seed: options.seed)
    let recipeIds = try await seed(
        options.recipes, of: RecipeGenerator.className, noun: "recipes",
        keepIds: options.idsOut != nil && options.books == 0
    ) { recipes.recipe() }
    var bookIds: [String] = []
    if options.books > 0 {
        var books = BookSeeder(
            store: store, generator: BookGenerator(seed: options.seed), batchSize: options.batchSize)
        bookIds = try await books.seed(
            books: options.books, genres: options.genres, authors: options.authors, publishers: options.publishers)
    }
    // As after an import: the planner learns what the new rows hold now, not when autovacuum gets to them.
    try await store.refreshStatistics()
    try store.close()
    if let idsOut = options.idsOut {
        let ids = options.books > 0 ? bookIds : options.recipes > 0 ? recipeIds : todoIds
        let text = ids.map { $0 + "\n" }.joined()
        try Data(text.utf8).write(to: URL(fileURLWithPath: idsOut))
        print("Wrote \(ids.count) objectIds to \(idsOut)")
    }
} catch {
    fail(error)
}
