import Foundation
import XCTest

@testable import Parsnip

/// The byte-level HTML escaper the page templates use.
final class UTF8HTMLContentTypeTests: XCTestCase {
    func testEscapesTheSameFiveCharactersAsMustacheAndKeepsUnicode() {
        let escaped = UTF8HTMLContentType().escapeText(#"<b class="x">Tom & Jerry's</b> café 漢字 🥕"#)
        XCTAssertEqual(escaped, "&lt;b class=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/b&gt; café 漢字 🥕")
    }

    func testTextWithoutSpecialCharactersComesBackUnchanged() {
        XCTAssertEqual(UTF8HTMLContentType().escapeText("Buy oat milk — two cartons"), "Buy oat milk — two cartons")
    }
}
