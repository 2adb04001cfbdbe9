import XCTest

@testable import Parsnip

/// A first request line without an HTTP version (HTTP/0.9) is recognised as soon as it ends, in any split.
final class RequestLineCheckTests: XCTestCase {
    private func verdict(_ pieces: [String]) -> RequestLineCheck.Verdict {
        var check = RequestLineCheck()
        var verdict = RequestLineCheck.Verdict.undecided
        for piece in pieces where verdict == .undecided { verdict = check.feed(Array(piece.utf8)) }
        return verdict
    }

    func testALineEndingWithItsVersionIsVersionedWithCRLFOrBareLF() {
        XCTAssertEqual(verdict(["GET / HTTP/1.1\r\nHost: x\r\n\r\n"]), .versioned)
        XCTAssertEqual(verdict(["POST /todos HTTP/1.0\n"]), .versioned)
    }

    func testHTTP09LineIsUnversionedTheMomentItEnds() {
        XCTAssertEqual(verdict(["GET /\r\n"]), .unversioned)
        XCTAssertEqual(verdict(["GET /todos\n"]), .unversioned)
        XCTAssertEqual(verdict(["GET\r\n"]), .unversioned)
    }

    func testAVersionSplitAcrossReadsIsStillFound() {
        XCTAssertEqual(verdict(["GET / HT", "TP/1.1", "\r", "\nHost: x\r\n"]), .versioned)
        XCTAssertEqual(verdict(["G", "E", "T", " ", "/", "\r", "\n"]), .unversioned)
    }

    func testNothingIsDecidedBeforeTheLineEnds() {
        XCTAssertEqual(verdict(["GET / HTTP/1.1"]), .undecided)
        XCTAssertEqual(verdict(["GET /" + String(repeating: "a", count: 100_000)]), .undecided)
    }

    func testEmptyLinesBeforeTheRequestLineAreSkipped() {
        XCTAssertEqual(verdict(["\r\n\r\nGET / HTTP/1.1\r\n"]), .versioned)
        XCTAssertEqual(verdict(["\r\n", "GET /\r\n"]), .unversioned)
    }

    func testOnlyTheLastWordCountsSoAPathMentioningHTTPIsNoVersion() {
        XCTAssertEqual(verdict(["GET /HTTP/1.1\r\n"]), .unversioned)
        XCTAssertEqual(verdict(["GET /HTTP/1.1 HTTP/1.1\r\n"]), .versioned)
    }
}
