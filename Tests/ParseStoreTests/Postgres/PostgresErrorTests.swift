import XCTest

@testable import ParseStore

/// PostgreSQL's failures become the store's ParseErrors: the ones a person can wait out or put right by their
/// storage failure, a lost server as unreachable, everything else as code 1 with the server's message.
final class PostgresErrorTests: XCTestCase {
    func testLockTimeoutDeadlockAndSerializationFailureAreBusy() {
        for state in ["55P03", "40P01", "40001"] {
            XCTAssertEqual(ParseError.reportingPostgres(PostgresFailure(sqlState: state, message: "x")), .databaseBusy)
        }
    }

    func testDiskFullReadOnlyAndCancelledStatementHaveTheirOwnErrors() {
        XCTAssertEqual(ParseError.reportingPostgres(PostgresFailure(sqlState: "53100", message: "x")), .databaseFull)
        XCTAssertEqual(
            ParseError.reportingPostgres(PostgresFailure(sqlState: "25006", message: "x")), .databaseReadOnly)
        XCTAssertEqual(
            ParseError.reportingPostgres(PostgresFailure(sqlState: "57014", message: "x")), .queryTooCostly)
    }

    func testLostConnectionIsUnreachableWithCodeOneAndItsOwnFailure() {
        let lost = PostgresFailure(message: "reset", connectionLost: true, isUnreachable: true)
        let error = ParseError.reportingPostgres(lost)
        XCTAssertEqual(error, .databaseUnreachable)
        XCTAssertEqual(error.code, .internalServerError)
        XCTAssertEqual(error.storageFailure, .unreachable)
        XCTAssertEqual(error.message, "The database server cannot be reached; nothing was changed.")
    }

    func testAnyOtherFailureIsAnInternalErrorWithTheServerMessage() {
        let failure = PostgresFailure(sqlState: "42P01", message: "relation \"Book\" does not exist")
        let error = ParseError.reportingPostgres(failure)
        XCTAssertEqual(error.code, .internalServerError)
        XCTAssertNil(error.storageFailure)
        XCTAssertEqual(error.message, "Internal server error: relation \"Book\" does not exist")
    }

    func testParseErrorPassesUnchanged() {
        XCTAssertEqual(ParseError.reportingPostgres(ParseError.objectNotFound), .objectNotFound)
    }
}
