import Foundation
import ParseStore
import XCTest
import ZIPFoundation

@testable import Parsnip

/// "Export everything": every class as Parse JSON (with Relation members) and CSV in one zip; never sessions or
/// password hashes.
final class ExportTests: XCTestCase {
    /// The entries of the zip at `url`, by name, as text.
    static func entries(of url: URL) throws -> [String: String] {
        let archive = try Archive(url: url, accessMode: .read)
        var texts: [String: String] = [:]
        for entry in archive {
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            texts[entry.path] = String(decoding: data, as: UTF8.self)
        }
        return texts
    }

    func testTheExportHoldsEveryClassAsParseJSONWithRelationMembersAndCSVButNoSessionOrPassword() async throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        try await withApp(settings: fileSettings(database.path)) { owner in
            try await owner.setUpOwner("Ana", password: "correct horse")
            let catalogue = try await owner.addCatalogue()
            let book = try await owner.addBook(
                bookForm(genre: catalogue.genre, authors: catalogue.authors, publishers: [catalogue.publisher]))
            try await owner.addTodo("=SUM(A1:A9)", "Line one\nLine two, with a comma")

            let exported = try await owner.post("/backups/export", form: [])
            XCTAssertEqual(exported.status, .seeOther, exported.text)
            let page = try await owner.get("/backups").text
            XCTAssertTrue(page.contains("Export ready"), page)
            let link = try XCTUnwrap(page.firstMatch(of: /href="(\/backups\/parsnip-export-[0-9-]+\.zip\/download)"/))
            let download = try await owner.get(String(link.1))
            XCTAssertEqual(download.status, .ok)
            let file = database.directory.appendingPathComponent("downloaded.zip")
            try Data(download.body.readableBytesView).write(to: file)
            let texts = try Self.entries(of: file)

            XCTAssertNil(texts["json/_Session.json"], "sessions never leave")
            let users = try XCTUnwrap(texts["json/_User.json"])
            XCTAssertTrue(users.contains(#""username":"Ana""#))
            XCTAssertFalse(users.contains("hashed"), "no password field: \(users)")
            XCTAssertNil(users.firstMatch(of: /\$2[aby]\$\d\d\$/), "no bcrypt hash: \(users)")
            let books = try XCTUnwrap(texts["json/Book.json"])
            XCTAssertTrue(books.contains(#""objectId":"\#(book)""#))
            for author in catalogue.authors {
                XCTAssertTrue(books.contains(#"{"__type":"Pointer","className":"Author","objectId":"\#(author)"}"#))
            }
            XCTAssertTrue(
                books.contains(#""genre":{"__type":"Pointer","className":"Genre","objectId":"\#(catalogue.genre)"}"#))
            let manifest = try XCTUnwrap(texts["manifest.json"])
            XCTAssertTrue(manifest.contains(#""format" : "parsnip-export""#), manifest)

            let csv = try XCTUnwrap(texts["csv/TodoListItem.csv"])
            XCTAssertTrue(csv.hasPrefix("objectId,createdAt,updatedAt,"), csv)
            XCTAssertTrue(csv.contains("'=SUM(A1:A9)"), "a formula is written as text: \(csv)")
            XCTAssertTrue(csv.contains("\"Line one\nLine two, with a comma\""), "quoted with its line break")
        }
    }

    func testCSVCellsReadAsASpreadsheetExpects() {
        XCTAssertEqual(CSVText.cell(.string("Soup")), "Soup")
        XCTAssertEqual(CSVText.cell(.string("-5 degrees")), "'-5 degrees")
        XCTAssertEqual(CSVText.cell(.number(3.5)), "3.5")
        XCTAssertEqual(CSVText.cell(.boolean(true)), "true")
        XCTAssertEqual(CSVText.cell(nil), "")
        XCTAssertEqual(CSVText.cell(.pointer(ParsePointer(className: "Genre", objectId: "abc1234567"))), "abc1234567")
        XCTAssertEqual(CSVText.cell(.array([.string("a"), .number(1)])), #"["a",1]"#)
        XCTAssertEqual(CSVText.cell(.date(Date(timeIntervalSince1970: 0))), "1970-01-01T00:00:00.000Z")
    }
}
