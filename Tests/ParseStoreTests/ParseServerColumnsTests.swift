import Foundation
import XCTest

@testable import ParseStore

/// A database Parse Server's Postgres adapter wrote can be read: it keeps a File as its name in a `text` column and a
/// GeoPoint in a `point` (x the longitude, y the latitude), where Parsnip writes both as `jsonb`.
final class ParseServerColumnsTests: XCTestCase {
    func testAFileKeptAsItsNameAndAGeoPointKeptAsAPointAreReadAsParseValues() async throws {
        guard TestBackend.isPostgres else { throw XCTSkip("This test is about PostgreSQL's column types.") }
        let store = try makeMemoryStore()
        let made = try await store.write { writer in
            try writer.create(
                "Place",
                [
                    "name": .string("Harbour"),
                    "photo": .file(name: "harbour.jpg", url: nil),
                    "location": .geoPoint(ParseGeoPoint(latitude: 43.2965, longitude: 5.3698)),
                ])
        }
        try await store.write { writer in
            // As Parse Server makes these columns.
            try writer.db.execute(
                #"ALTER TABLE "Place" ALTER COLUMN "photo" TYPE text USING "photo" ->> 'name'"#)
            try writer.db.execute(
                #"ALTER TABLE "Place" ALTER COLUMN "location" TYPE point USING point(("location" ->> 'longitude')"#
                    + #"::float8, ("location" ->> 'latitude')::float8)"#)
            try PostgresFunctions.schemaChanged(writer.db)
        }
        let fetched = try await store.read { try $0.fetch("Place", objectId: made.objectId) }
        XCTAssertEqual(fetched["photo"], .file(name: "harbour.jpg", url: nil))
        XCTAssertEqual(fetched["location"], .geoPoint(ParseGeoPoint(latitude: 43.2965, longitude: 5.3698)))
        let found = try await store.read { try $0.find(ParseQuery("Place")) }
        XCTAssertEqual(found.map { $0["photo"] }, [.file(name: "harbour.jpg", url: nil)])
    }
}
