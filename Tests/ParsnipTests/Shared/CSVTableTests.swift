import XCTest

@testable import Parsnip

/// The CSV reader: quoted cells with commas, doubled quotes and line breaks; CRLF, LF and CR; a byte order mark;
/// empty rows skipped but counted; a file cut inside a quoted cell noticed.
final class CSVTableTests: XCTestCase {
    func testQuotedCellsKeepCommasQuotesAndLineBreaksAndRowsKeepTheirSpreadsheetNumbers() {
        let table = CSVTable(
            "\u{FEFF}Title , Notes\r\n\"Mort, or Death\",\"He said \"\"hi\"\"\r\nand left\"\r\n,\r\nÉté 🍂,plain\rlast,\"\""
        )
        XCTAssertEqual(table.header, ["Title", "Notes"])
        XCTAssertEqual(
            table.rows.map(\.cells),
            [["Mort, or Death", "He said \"hi\"\r\nand left"], ["Été 🍂", "plain"], ["last", ""]])
        XCTAssertEqual(table.rows.map(\.number), [2, 4, 5], "the empty row 3 is skipped but counted")
        XCTAssertNil(table.unclosedQuoteLine)
        XCTAssertEqual(table.column("notes"), 1)
        XCTAssertEqual(table.rows[0][table.column("Title")], "Mort, or Death")
        XCTAssertEqual(table.rows[0][7], "", "a column the row does not have is empty")
    }

    func testAFileEndingInsideAQuotedCellSaysTheLineTheCellStartsOn() {
        let table = CSVTable("a,b\n1,2\n3,\"never\nclosed")
        XCTAssertEqual(table.unclosedQuoteLine, 3)
    }

    func testAnEmptyTextHasNoHeaderAndNoRows() {
        let table = CSVTable("")
        XCTAssertEqual(table.header, [])
        XCTAssertEqual(table.rows, [])
    }
}
