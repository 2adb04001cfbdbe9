import NIOCore
import XCTest

@testable import Parsnip

/// A page rendered with the token's stand-in gives every visitor the same page with their own token, wherever the
/// stand-in falls.
final class TokenSplicedPageTests: XCTestCase {
    func testEveryPlaceOfTheStandInGetsTheVisitorsTokenAndNothingElseChanges() {
        let marker = TokenSplicedPage.marker
        let almost = String(marker.dropLast())
        let pages = [
            "", "c", "no token here", marker, marker + marker, "\(marker)<p>\(almost)</p>\(marker)",
            "<form><input value=\"\(marker)\"></form><form><input value=\"\(marker)\"></form>cc" + almost,
            "Ünïcödé 東京 \(marker) ✓",
        ]
        for page in pages {
            let spliced = TokenSplicedPage(rendered: ByteBuffer(string: page))
            let body = spliced.body(token: "TOKEN-42")
            XCTAssertEqual(String(buffer: body), page.replacingOccurrences(of: marker, with: "TOKEN-42"), page)
            XCTAssertEqual(spliced.byteCount, page.utf8.count - marker.utf8.count * (spliced.parts.count - 1))
        }
    }
}
