import Foundation
import GRDB
import XCTest

@testable import ParseStore

/// `ParseReader.relatedObjects`: the children of many parents' Relation field in one statement.
final class RelatedObjectsTests: XCTestCase {
    private var store: ParseStore!
    private var authors: [ParseObject] = []
    private var books: [ParseObject] = []

    override func setUp() async throws {
        store = try makeMemoryStore(clock: SteppingClock())
        authors = try await seed(
            store, "Author", [["name": "hugo"], ["name": "Eco"], ["name": "éluard"], ["name": "zola"]])
        let genre = try await seed(store, "Genre", [["name": "novel"]])[0]
        let pointers = authors.map(\.pointer)
        books = try await store.write { writer in
            [
                try writer.create(
                    "Book",
                    operations: ["title": .set("miserables"), "authors": .addRelation([pointers[0], pointers[3]])]),
                try writer.create(
                    "Book",
                    operations: [
                        "title": .set("rose"), "genre": .set(.pointer(genre.pointer)),
                        "authors": .addRelation([pointers[1], pointers[2], pointers[0]]),
                    ]),
                try writer.create("Book", ["title": "anonymous"]),
            ]
        }
    }

    private func related(
        _ ids: [String], key: String = "authors", order: [String] = [],
        textOrder: ParseQuery.TextOrder = .binary
    ) async throws -> [String: [ParseObject]] {
        try await store.read {
            try $0.relatedObjects("Book", objectIds: ids, key: key, order: order, textOrder: textOrder)
        }
    }

    private static func names(_ objects: [ParseObject]?) -> [String] {
        (objects ?? []).compactMap { $0["name"]?.stringValue }
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

    /// Creates `parents` Books whose `authors` Relation holds `childrenEach` new Authors each; returns their ids.
    private func makeParents(_ parents: Int, childrenEach: Int, tag: String) async throws -> [String] {
        try await store.write { writer in
            try (0..<parents).map { parent in
                let children = try (0..<childrenEach).map { child in
                    try writer.create("Author", ["name": .string("\(tag)-\(parent)-\(child)")]).pointer
                }
                return try writer.create(
                    "Book", operations: ["title": .set(.string("\(tag)-\(parent)")), "authors": .addRelation(children)]
                ).objectId
            }
        }
    }

    // MARK: - Results

    func test_eachParent_getsExactlyItsChildren() async throws {
        let found = try await related(books.map(\.objectId), order: ["name"])
        XCTAssertEqual(Self.names(found[books[0].objectId]), ["hugo", "zola"])
        XCTAssertEqual(Self.names(found[books[1].objectId]), ["Eco", "hugo", "éluard"])
        let child = try XCTUnwrap(found[books[0].objectId]?.first)
        XCTAssertEqual(child.className, "Author")
        XCTAssertEqual(child.objectId, authors[0].objectId)
        XCTAssertEqual(child.createdAt, authors[0].createdAt)
    }

    func test_defaultOrder_isByObjectId() async throws {
        let found = try await related([books[1].objectId])
        let ids = try XCTUnwrap(found[books[1].objectId]).map(\.objectId)
        XCTAssertEqual(ids, ids.sorted())
        XCTAssertEqual(Set(ids), Set([authors[0], authors[1], authors[2]].map(\.objectId)))
    }

    func test_order_descendingAndBinaryTextOrder() async throws {
        let found = try await related([books[1].objectId], order: ["-name"])
        XCTAssertEqual(Self.names(found[books[1].objectId]), ["éluard", "hugo", "Eco"])
    }

    func test_order_ignoringCaseAndAccents() async throws {
        let found = try await related(
            [books[0].objectId, books[1].objectId], order: ["name"], textOrder: .ignoringCaseAndAccents)
        XCTAssertEqual(Self.names(found[books[1].objectId]), ["Eco", "éluard", "hugo"])
        XCTAssertEqual(Self.names(found[books[0].objectId]), ["hugo", "zola"])
    }

    func test_order_byCreatedAtAlias_andUnknownFieldsAreSkipped() async throws {
        let found = try await related([books[1].objectId], order: ["-_created_at", "nothing"])
        XCTAssertEqual(Self.names(found[books[1].objectId]), ["éluard", "Eco", "hugo"])
    }

    func test_parentsWithoutChildren_andUnknownIds_mapToEmptyLists() async throws {
        let found = try await related([books[2].objectId, "noSuchBook", books[0].objectId, books[0].objectId])
        XCTAssertEqual(Set(found.keys), [books[2].objectId, "noSuchBook", books[0].objectId])
        XCTAssertEqual(found[books[2].objectId]?.count, 0)
        XCTAssertEqual(found["noSuchBook"]?.count, 0)
        XCTAssertEqual(found[books[0].objectId]?.count, 2, "a repeated id is fetched once")
    }

    func test_emptyObjectIds_returnsEmptyWithoutSQL() async throws {
        let run = try await statements { reader in
            let result = try reader.relatedObjects("Book", objectIds: [], key: "authors")
            XCTAssertEqual(result.count, 0)
        }
        XCTAssertEqual(run, [])
    }

    func test_deletedChild_isLeftOut() async throws {
        let zola = authors[3].objectId
        try await store.write { try $0.delete("Author", objectId: zola) }
        let found = try await related([books[0].objectId])
        XCTAssertEqual(Self.names(found[books[0].objectId]), ["hugo"])
    }

    func test_targetClassNeverWritten_givesEmptyLists() async throws {
        let game = try await store.write {
            try $0.create(
                "Game", operations: ["opponents": .addRelation([ParsePointer(className: "Player", objectId: "p1")])])
        }
        let found = try await store.read {
            try $0.relatedObjects("Game", objectIds: [game.objectId], key: "opponents")
        }
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found[game.objectId]?.count, 0)
    }

    func test_manyParents_beyondTheBoundParameterLimit_inOneStatement() async throws {
        let ids = try await makeParents(1_200, childrenEach: 1, tag: "many")
        _ = try await related(ids)  // warm the schema cache
        let run = try await statements { _ = try $0.relatedObjects("Book", objectIds: ids, key: "authors") }
        let found = try await related(ids)
        XCTAssertEqual(found.count, 1_200)
        for (index, id) in ids.enumerated() {
            XCTAssertEqual(Self.names(found[id]), ["many-\(index)-0"])
        }
        let selects = run.filter { !$0.hasPrefix("PRAGMA") }  // the schema cache checks its version per class
        XCTAssertEqual(selects.count, 1, "\(run.map { String($0.prefix(200)) })")
    }

    // MARK: - Statements

    func test_statementCount_doesNotGrowWithTheNumberOfChildren() async throws {
        let few = try await makeParents(5, childrenEach: 2, tag: "few")
        let many = try await makeParents(5, childrenEach: 200, tag: "lots")
        _ = try await related(few + many)  // warm the schema cache
        let fewRun = try await statements { _ = try $0.relatedObjects("Book", objectIds: few, key: "authors") }
        let manyRun = try await statements {
            _ = try $0.relatedObjects("Book", objectIds: many, key: "authors", order: ["-name"])
        }
        let found = try await related(many)
        XCTAssertTrue(many.allSatisfy { found[$0]?.count == 200 })
        XCTAssertEqual(fewRun.count, manyRun.count, "statements must not grow with the children: \(manyRun)")
        // Besides the schema cache's `PRAGMA schema_version` checks, one SELECT joining the join table.
        let selects = manyRun.filter { !$0.hasPrefix("PRAGMA") }
        XCTAssertEqual(selects.count, 1, "\(manyRun)")
        XCTAssertTrue(
            selects.allSatisfy { $0.contains("FROM \"_Join:authors:Book\" AS r0 JOIN \"Author\"") }, "\(selects)")
    }

    func test_plan_looksParentsUpInTheJoinTablesOwnerIndex() async throws {
        let plan = try await store.read { reader in
            let schema = try XCTUnwrap(try reader.schema("Author"))
            let compiler = QueryCompiler(
                schema: schema, db: reader.db, schemas: reader.context.schemas, access: .master)
            let sql = compiler.relatedObjectsSQL(
                joinTable: QueryCompiler.joinTable(field: "authors", parentClass: "Book"),
                sortKeys: try QueryCompiler.sortKeys(["name"]), textOrder: .binary)
            return try Row.fetchAll(reader.grdb, sql: "EXPLAIN QUERY PLAN " + sql, arguments: ["[\"a\"]"])
                .map { $0["detail"] as String }
        }
        XCTAssertTrue(plan.contains { $0.contains("_Join:authors:Book_owningId") }, "\(plan)")
    }

    // MARK: - Errors

    func test_fieldThatIsNotARelation_throws102() async {
        let id = books[1].objectId
        await assertParseError(102, "Book.title is not a Relation field.") {
            try await self.related([id], key: "title")
        }
        await assertParseError(102, "Book.genre is not a Relation field.") {
            try await self.related([id], key: "genre")
        }
        await assertParseError(102, "Book.nothing is not a Relation field.") {
            try await self.related([id], key: "nothing")
        }
    }

    func test_unknownClass_throws103() async {
        await assertParseError(103, "Class Nope does not exist.") {
            try await self.store.read { try $0.relatedObjects("Nope", objectIds: ["a"], key: "authors") }
        }
        await assertParseError(103) {
            try await self.store.read { try $0.relatedObjects("9bad", objectIds: ["a"], key: "authors") }
        }
    }

    func test_invalidKeyOrSortKey_throws105() async {
        await assertParseError(105, "Invalid field name: a-b.") { try await self.related(["a"], key: "a-b") }
        await assertParseError(105) { try await self.related(["a"], order: ["$bad"]) }
    }
}
