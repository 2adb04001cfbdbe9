import Foundation
import PageTemplates
import XCTest

/// The byte-level HTML escaper the page templates use.
final class HTMLEscapingTests: XCTestCase {
    func testEscapesTheSameFiveCharactersAsMustacheAndKeepsUnicode() {
        let escaped = HTMLEscaping.escaped(#"<b class="x">Tom & Jerry's</b> café 漢字 🥕"#)
        XCTAssertEqual(escaped, "&lt;b class=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/b&gt; café 漢字 🥕")
    }

    func testTextWithoutSpecialCharactersComesBackUnchanged() {
        XCTAssertEqual(HTMLEscaping.escaped("Buy oat milk — two cartons"), "Buy oat milk — two cartons")
    }
}
