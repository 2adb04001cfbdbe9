import XCTest

@testable import ParseStore

/// Closing a store twice is harmless (a test's clean-up after the test closed it, a shutdown racing a restore).
final class StoreCloseTests: XCTestCase {
    func testClosingAFileStoreTwiceDoesNothingTheSecondTime() throws {
        let file = try makeFileStore()
        defer { file.cleanUp() }
        try file.store.close()
        XCTAssertNoThrow(try file.store.close())
    }
}
