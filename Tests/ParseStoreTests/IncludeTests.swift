import Foundation
import GRDB
import XCTest

@testable import ParseStore

/// `include`: Pointer paths and arrays of Pointers replaced by their objects, with a bounded number of statements.
final class IncludeTests: XCTestCase {
    private var store: ParseStore!
    private var authors: [ParseObject] = []

    override func setUp() async throws {
        store = try makeMemoryStore()
        let countries = try await seed(store, "Country", [["name": "fr"], ["name": "it"]])
        authors = try await seed(
            store, "Author",
            [
                ["name": "hugo", "country": .pointer(countries[0].pointer)],
                ["name": "eco", "country": .pointer(countries[1].pointer)],
                ["name": "ghost"],
            ])
        let (hugo, eco) = (authors[0].pointer, authors[1].pointer)
        try await seed(
            store, "Book",
            [
                ["name": "miserables", "author": .pointer(hugo), "helpers": [.pointer(eco), "note", .pointer(hugo)]],
                ["name": "rose", "author": .pointer(eco)],
                ["name": "anonymous"],
            ])
    }

    private func book(_ name: String, include: String...) async throws -> ParseObject {
        let query = ParseQuery("Book", include: include).where("name", equalTo: .string(name))
        let found = try await store.read { try $0.first(query) }
        return try XCTUnwrap(found)
    }

    /// Runs `body` on a reader and returns the SQL of every statement it ran.
    private func statements(_ body: @escaping @Sendable (ParseReader) throws -> Void) async throws -> [String] {
        try await store.read { reader in
            var sql: [String] = []
            let traced = try reader.grdb
            traced.trace { sql.append($0.expandedDescription) }
            defer { traced.trace(options: []) }
            try body(reader)
            return sql
        }
    }

    func test_includePointer_replacesItWithTheTargetObject() async throws {
        let found = try await book("miserables", include: "author")
        let author = try XCTUnwrap(found["author"]?.includedObjectValue)
        XCTAssertEqual(author.className, "Author")
        XCTAssertEqual(author["name"], "hugo")
    }

    func test_withoutInclude_thePointerStaysAPointer() async throws {
        let found = try await book("miserables")
        XCTAssertEqual(found["author"], .pointer(authors[0].pointer))
    }

    func test_dottedPath_includesEachPrefix() async throws {
        let found = try await book("miserables", include: "author.country")
        let author = try XCTUnwrap(found["author"]?.includedObjectValue)
        let country = try XCTUnwrap(author["country"]?.includedObjectValue)
        XCTAssertEqual(country["name"], "fr")
    }

    func test_includeArrayOfPointers_replacesEachPointerAndKeepsOtherElements() async throws {
        let found = try await book("miserables", include: "helpers")
        guard case .array(let helpers)? = found["helpers"] else {
            return XCTFail("helpers: \(String(describing: found["helpers"]))")
        }
        XCTAssertEqual(helpers.count, 3)
        XCTAssertEqual(helpers[0].includedObjectValue?["name"], "eco")
        XCTAssertEqual(helpers[1], "note")
        XCTAssertEqual(helpers[2].includedObjectValue?["name"], "hugo")
    }

    func test_danglingPointer_isDroppedFromTheField() async throws {
        let eco = authors[1].objectId
        try await store.write { try $0.delete("Author", objectId: eco) }
        let found = try await book("rose", include: "author")
        XCTAssertNil(found["author"])
    }

    func test_danglingPointerInAnArray_isRemovedFromTheArray() async throws {
        let eco = authors[1].objectId
        try await store.write { try $0.delete("Author", objectId: eco) }
        let found = try await book("miserables", include: "helpers")
        guard case .array(let helpers)? = found["helpers"] else { return XCTFail("no helpers") }
        XCTAssertEqual(helpers.count, 2)
        XCTAssertEqual(helpers[0], "note")
        XCTAssertEqual(helpers[1].includedObjectValue?["name"], "hugo")
    }

    func test_includeOfAFieldThatIsNotAPointer_leavesItUnchanged() async throws {
        let found = try await book("miserables", include: "name", "nothing")
        XCTAssertEqual(found["name"], "miserables")
    }

    func test_includeStar_expandsEveryPointerFieldOneLevel() async throws {
        let found = try await book("miserables", include: "*")
        let author = try XCTUnwrap(found["author"]?.includedObjectValue)
        XCTAssertEqual(author["country"]?.pointerValue?.className, "Country")
        XCTAssertEqual(found["helpers"]?.arrayValue?.first?.includedObjectValue?["name"], "eco")
    }

    func test_fetchWithInclude_expandsThePointer() async throws {
        let books = try await store.read { try $0.find(ParseQuery("Book").where("name", equalTo: "rose")) }
        let id = try XCTUnwrap(books.first).objectId
        let fetched = try await store.read { try $0.fetch("Book", objectId: id, include: ["author"]) }
        XCTAssertEqual(fetched["author"]?.includedObjectValue?["name"], "eco")
    }

    func test_dottedKeys_implyIncludeOfTheParentPath() async throws {
        let query = ParseQuery("Book").where("name", equalTo: "rose").select("author.name")
        let first = try await store.read { try $0.first(query) }
        let found = try XCTUnwrap(first)
        XCTAssertEqual(found["author"]?.includedObjectValue?["name"], "eco")
        XCTAssertNil(found["helpers"])
    }

    func test_includeStatements_areOnePerPathAndClass_for1Or200Rows() async throws {
        let authors = self.authors.map(\.pointer)
        try await store.write { writer in
            for index in 0..<200 {
                try writer.create("Shelf", ["name": .string("s\(index)"), "author": .pointer(authors[index % 2])])
            }
        }
        let one = ParseQuery("Shelf", limit: 1, include: ["author.country"])
        let many = ParseQuery("Shelf", limit: 200, include: ["author.country"])
        _ = try await statements { _ = try $0.find(many) }  // warm the schema cache
        let oneRun = try await statements { _ = try $0.find(one) }
        let manyRun = try await statements { _ = try $0.find(many) }
        let manyObjects = try await store.read { try $0.find(many) }
        XCTAssertEqual(manyObjects.count, 200)
        XCTAssertTrue(
            manyObjects.allSatisfy { $0["author"]?.includedObjectValue?["country"]?.includedObjectValue != nil })
        XCTAssertEqual(oneRun.count, manyRun.count, "statements must not grow with the number of rows: \(manyRun)")
        let includeFetches = manyRun.filter { $0.contains("json_each") }
        XCTAssertEqual(includeFetches.count, 2, "one SELECT for author, one for author.country: \(manyRun)")
    }

    func test_includedTargets_ofSeveralClasses_takeOneStatementPerClass() async throws {
        let (hugo, fr) = (authors[0].pointer, ParsePointer(className: "Country", objectId: "none"))
        try await seed(store, "Tag", [["name": "mixed", "refs": [.pointer(hugo), .pointer(fr)]]])
        let query = ParseQuery("Tag", include: ["refs"])
        let fetches = try await statements { _ = try $0.find(query) }.filter { $0.contains("json_each") }
        XCTAssertEqual(fetches.count, 2, "\(fetches)")
    }
}
