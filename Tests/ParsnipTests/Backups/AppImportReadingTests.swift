import Foundation
import XCTest
import ZIPFoundation

@testable import Parsnip

/// The small readers the other apps' imports rely on: days as apps write them, Todoist's repeats, Paprika's times,
/// gzip, a cell's ISBN as Goodreads writes it, and a photo's checks.
final class AppImportReadingTests: XCTestCase {
    func testDaysAsAppsWriteThem() {
        let march15 = CalendarDate(year: 2024, month: 3, day: 15)
        for text in [
            "2024-03-15", "2024/03/15", "2024-03-15 09:30", "2024-03-15T09:30:00Z", "15 Mar 2024",
            "March 15, 2024", "Mar 15, 2024 at 9:00 AM",
        ] {
            XCTAssertEqual(AppImportCSV.day(text), march15, text)
        }
        for text in ["2024/02/30", "someday", "15/03/2024", "Mar 2024", ""] {
            XCTAssertNil(AppImportCSV.day(text), text)
        }
    }

    func testTodoistDatesBecomeADueDayAndARepeatCountedFromIt() throws {
        // 2024-03-13 was a Wednesday.
        let today = try XCTUnwrap(CalendarDate(year: 2024, month: 3, day: 13))
        let monday = try XCTUnwrap(CalendarDate(year: 2024, month: 3, day: 18))
        XCTAssertEqual(TodoistImport.dueDay("every monday", today: today)?.0, monday)
        XCTAssertEqual(TodoistImport.dueDay("Every Mon", today: today)?.1?.stored, "weekly")
        XCTAssertEqual(TodoistImport.dueDay("every wednesday", today: today)?.0, today)
        XCTAssertEqual(TodoistImport.dueDay("every day", today: today)?.1?.stored, "daily")
        XCTAssertEqual(TodoistImport.dueDay("every month", today: today)?.1?.stored, "monthly:13")
        XCTAssertEqual(TodoistImport.dueDay("tomorrow", today: today)?.0, today.adding(days: 1))
        XCTAssertNil(TodoistImport.dueDay("tomorrow", today: today)?.1)
        XCTAssertNil(TodoistImport.dueDay("every other week", today: today))
        XCTAssertNil(TodoistImport.dueDay("every funday", today: today))
    }

    func testPaprikaTimesBecomeWholeMinutes() {
        let times: [String: Int?] = [
            "20 mins": 20, "1 hr 10 min": 70, "1 hour 30 minutes": 90, "1h30": 90, "45": 45, "1:30": 90, "2 hrs": 120,
            "": nil, "a while": nil, "overnight": nil,
        ]
        for (text, minutes) in times { XCTAssertEqual(PaprikaRecipes.minutes(text), minutes, text) }
    }

    func testGzipIsUnpackedAndAGzipBombOrACutFileStops() throws {
        let text = Data(String(repeating: "Pancakes ", count: 2_000).utf8)
        var packed = Data()
        _ = try Data.compress(
            size: Int64(text.count), bufferSize: 4_096,
            provider: { position, size in text.subdata(in: Int(position)..<Int(position) + size) },
            consumer: { packed.append($0) })
        let gzip = Data([0x1F, 0x8B, 8, 0x08, 0, 0, 0, 0, 0, 3]) + Data("name.json\0".utf8) + packed + Data(count: 8)
        XCTAssertEqual(try Gunzip.unpack(gzip, limit: 1_000_000), text)
        XCTAssertThrowsError(try Gunzip.unpack(gzip, limit: 1_000)) { error in
            XCTAssertEqual(error as? Gunzip.Failure, .tooBig)
        }
        XCTAssertThrowsError(try Gunzip.unpack(gzip.prefix(30), limit: 1_000_000))
        XCTAssertThrowsError(try Gunzip.unpack(Data("{}".utf8), limit: 1_000)) { error in
            XCTAssertEqual(error as? Gunzip.Failure, .notGzip)
        }
    }

    func testGoodreadsISBNCellsAndShelves() {
        XCTAssertEqual(GoodreadsImport.cleanISBN(#"="0552134465""#), "0552134465")
        XCTAssertEqual(GoodreadsImport.cleanISBN(#"="""#), "")
        XCTAssertEqual(GoodreadsImport.status("currently-reading"), .reading)
        XCTAssertEqual(GoodreadsImport.status("to-read"), .unread)
        XCTAssertNil(GoodreadsImport.status("did-not-finish"))
        XCTAssertNil(BookImportRow.rating("0"))
        XCTAssertEqual(BookImportRow.rating("4"), 4)
    }

    func testAHostilePhotoIsLeftOutAndARealOneKept() {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(count: 100)
        guard case .kept(let file) = PaprikaPhoto.file(base64: png.base64EncodedString(), recipe: "Soup") else {
            return XCTFail("a PNG is a photo")
        }
        XCTAssertEqual(file.contentType, "image/png")
        XCTAssertTrue(file.name.hasSuffix("_Soup.png"), file.name)
        guard case .leftOut = PaprikaPhoto.file(base64: Data("<svg onload=x>".utf8).base64EncodedString(), recipe: "x")
        else { return XCTFail("text is not a photo") }
        let huge = String(repeating: "A", count: 8_000_000)
        guard case .leftOut(let words) = PaprikaPhoto.file(base64: huge, recipe: "x") else {
            return XCTFail("over 5 MB is refused")
        }
        XCTAssertEqual(words.key, "backups.app.recipe.photoTooBig")
    }
}
