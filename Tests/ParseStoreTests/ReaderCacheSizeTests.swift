import GRDB
import XCTest

@testable import ParseStore

/// Each reader connection keeps a small page cache (a reader a core), the writer SQLite's default.
final class ReaderCacheSizeTests: XCTestCase {
    func testReadersKeepHalfAMegabyteOfPagesAndTheWriterSQLitesDefault() throws {
        let file = try makeFileStore()
        defer { file.cleanUp() }
        let reader = try file.store.sqliteDatabase.read { try Int.fetchOne($0, sql: "PRAGMA cache_size") }
        let writer = try file.store.sqliteDatabase.write { try Int.fetchOne($0, sql: "PRAGMA cache_size") }
        XCTAssertEqual(reader, -SQLiteBackend.readerCacheKilobytes)
        XCTAssertEqual(writer, -2000)
    }
}
