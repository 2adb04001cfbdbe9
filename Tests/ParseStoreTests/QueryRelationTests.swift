import Foundation
import XCTest

@testable import ParseStore

/// `$relatedTo` (children of a parent) and parent-side equality on Relation fields.
final class QueryRelationTests: XCTestCase {
    private var store: ParseStore!
    private var players: [ParseObject] = []
    private var teams: [ParseObject] = []

    override func setUp() async throws {
        store = try makeMemoryStore(clock: SteppingClock())
        players = try await seed(
            store, "Player",
            [["name": "p1", "goals": 5], ["name": "p2", "goals": 1], ["name": "p3", "goals": 9], ["name": "p4"]])
        teams = try await seed(store, "Team", [["name": "red"], ["name": "blue"], ["name": "empty"]])
        let (red, blue, empty) = (teams[0].objectId, teams[1].objectId, teams[2].objectId)
        let members = [red: [0, 1, 2], blue: [2, 3]]
        let playerPointers = players.map(\.pointer)
        try await store.write { writer in
            for (team, indexes) in members {
                try writer.update(
                    "Team", objectId: team, operations: ["members": .addRelation(indexes.map { playerPointers[$0] })])
            }
            try writer.update("Team", objectId: empty, operations: ["members": .addRelation([])])
        }
    }

    private func membersOf(_ team: ParseObject) -> ParseQuery {
        ParseQuery("Player").related(to: team.pointer, key: "members")
    }

    func test_relatedTo_returnsExactlyTheParentsChildren() async throws {
        let found = try await nameSet(store, membersOf(teams[0]))
        XCTAssertEqual(found, ["p1", "p2", "p3"])
    }

    func test_relatedTo_combinesWithOtherConstraints() async throws {
        let found = try await nameSet(store, membersOf(teams[0]).where("goals", "$gte", 5))
        XCTAssertEqual(found, ["p1", "p3"])
    }

    func test_relatedTo_honoursOrderAndLimit() async throws {
        let found = try await names(store, membersOf(teams[0]).order(by: "-goals").limit(2))
        XCTAssertEqual(found, ["p3", "p1"])
    }

    func test_relatedTo_countsOnlyTheChildren() async throws {
        let counted = try await count(store, membersOf(teams[1]).limit(1).skip(1))
        XCTAssertEqual(counted, 2)
    }

    func test_relatedTo_aParentWithoutChildren_findsNothing() async throws {
        let found = try await nameSet(store, membersOf(teams[2]))
        XCTAssertEqual(found, [])
    }

    func test_relatedTo_aKeyThatIsNotARelation_findsNothing() async throws {
        let query = ParseQuery("Player").related(to: teams[0].pointer, key: "name")
        let found = try await nameSet(store, query)
        XCTAssertEqual(found, [])
    }

    func test_relatedTo_insideOr_unitesWithTheOtherBranch() async throws {
        let related: WhereDocument = ["$relatedTo": ["object": .pointer(teams[1].pointer), "key": "members"]]
        let query = ParseQuery("Player", constraints: ["$or": [.object(related), ["name": "p1"]]])
        let found = try await nameSet(store, query)
        XCTAssertEqual(found, ["p1", "p3", "p4"])
    }

    func test_malformedRelatedTo_throws102() async {
        let query = ParseQuery("Player", constraints: ["$relatedTo": ["object": "nope", "key": "members"]])
        await assertParseError(102) { try await self.store.read { try $0.find(query) } }
    }

    func test_parentEquality_withAPointer_findsTheParentsContainingIt() async throws {
        let query = ParseQuery("Team").where("members", equalTo: .pointer(players[2].pointer))
        let found = try await nameSet(store, query)
        XCTAssertEqual(found, ["red", "blue"])
    }

    func test_parentIn_withPointers_findsParentsContainingAny() async throws {
        let query = ParseQuery("Team").where(
            "members", "$in", [.pointer(players[1].pointer), .pointer(players[3].pointer)])
        let found = try await nameSet(store, query)
        XCTAssertEqual(found, ["red", "blue"])
    }

    func test_parentNe_withAPointer_findsParentsNotContainingIt() async throws {
        let query = ParseQuery("Team").where("members", "$ne", .pointer(players[0].pointer))
        let found = try await nameSet(store, query)
        XCTAssertEqual(found, ["blue", "empty"])
    }

    func test_parentEquality_withAPointerToAnotherClass_findsNothing() async throws {
        let query = ParseQuery("Team").where("members", equalTo: .pointer(teams[0].pointer))
        let found = try await nameSet(store, query)
        XCTAssertEqual(found, [])
    }
}
