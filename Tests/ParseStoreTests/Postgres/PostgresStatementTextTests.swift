import XCTest

@testable import ParseStore

/// The store's `?` placeholders become `$1…$n` everywhere but inside literals, quoted names and comments, and a
/// text of several statements is cut at the semicolons between them.
final class PostgresStatementTextTests: XCTestCase {
    func testPlaceholdersAreNumberedInOrder() {
        let text = PostgresStatementText("SELECT * FROM t WHERE a = ? AND b IN (?, ?)")
        XCTAssertEqual(text.sql, "SELECT * FROM t WHERE a = $1 AND b IN ($2, $3)")
        XCTAssertEqual(text.placeholderCount, 3)
    }

    func testQuestionMarksInLiteralsIdentifiersAndCommentsAreLeftAlone() {
        let text = PostgresStatementText(
            """
            SELECT 'it''s ?', "why?", E'\\'?', $$ ? $$, $tag$ ?; $tag$ -- really?
            , ? /* a ? /* nested ? */ still ? */ FROM "t;?" WHERE x = ?
            """)
        XCTAssertEqual(
            text.sql,
            """
            SELECT 'it''s ?', "why?", E'\\'?', $$ ? $$, $tag$ ?; $tag$ -- really?
            , $1 /* a ? /* nested ? */ still ? */ FROM "t;?" WHERE x = $2
            """)
        XCTAssertEqual(text.placeholderCount, 2)
        XCTAssertEqual(text.statements.count, 1)
    }

    func testBackslashOutsideAnEscapeStringDoesNotEscapeTheQuote() {
        let text = PostgresStatementText(#"SELECT 'a\', ?"#)
        XCTAssertEqual(text.sql, #"SELECT 'a\', $1"#)
    }

    func testDollarSignsInNamesAndParametersAreNotQuotes() {
        let text = PostgresStatementText("SELECT a$b, $1, ? FROM t")
        XCTAssertEqual(text.sql, "SELECT a$b, $1, $1 FROM t")
    }

    func testSeveralStatementsAreCutAtTheirSemicolonsAndBlankOnesDropped() {
        let text = PostgresStatementText("CREATE TABLE a (x int); ; -- only a comment\n;CREATE INDEX i ON a (x);\n")
        XCTAssertEqual(text.statements, ["CREATE TABLE a (x int)", "CREATE INDEX i ON a (x)"])
    }

    func testUnterminatedLiteralKeepsTheRestAsItIs() {
        let text = PostgresStatementText("SELECT 'open ? ;")
        XCTAssertEqual(text.statements, ["SELECT 'open ? ;"])
        XCTAssertEqual(text.placeholderCount, 0)
    }
}
