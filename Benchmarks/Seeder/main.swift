import Foundation
import ParseStore

// parsnip-seed: fills a database with N to-dos in large transactions, for the benchmarks.

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

let databaseURL = URL(fileURLWithPath: options.database)
try? FileManager.default.createDirectory(
    at: databaseURL.deletingLastPathComponent(), withIntermediateDirectories: true)

// The first item is `count` milliseconds ago, so the newest lands at about the moment seeding started.
let start = Date().addingTimeInterval(-Double(options.count) / 1000)
let store: ParseStore
do {
    store = try ParseStore(path: databaseURL.path, clock: SteppingClock(start: start))
} catch {
    FileHandle.standardError.write(Data("parsnip-seed: \(error)\n".utf8))
    exit(1)
}

var generator = TodoTextGenerator(seed: options.seed)
let began = Date()
var created = 0
do {
    while created < options.count {
        let size = min(options.batchSize, options.count - created)
        var batch: [(title: String, description: String)] = []
        batch.reserveCapacity(size)
        for _ in 0..<size { batch.append((generator.title(), generator.description())) }
        let rows = batch
        try await store.write { writer in
            for row in rows {
                // As the app does, an empty description is left unset rather than stored as "".
                var fields: [String: ParseValue] = ["title": .string(row.title)]
                if !row.description.isEmpty { fields["description"] = .string(row.description) }
                try writer.create("TodoListItem", fields)
            }
        }
        created += size
        let seconds = Date().timeIntervalSince(began)
        print("seeded \(created)/\(options.count) to-dos (\(Int(Double(created) / max(seconds, 0.001)))/s)")
    }
    try store.close()
} catch {
    FileHandle.standardError.write(Data("parsnip-seed: \(error)\n".utf8))
    exit(1)
}
let seconds = Date().timeIntervalSince(began)
print(String(format: "Done: %d to-dos in %.1f s into %@", created, seconds, databaseURL.path))
