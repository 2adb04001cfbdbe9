import Foundation
import XCTest

@testable import Parsnip

/// A one-time message that says something was not done looks like a problem (an alert, not the success box).
final class FlashRefusalTests: XCTestCase {
    func testSomethingNotDoneIsAnAlertAndSomethingDoneIsAStatus() async throws {
        try await withApp { browser in
            try await browser.addTodo("Return library books")
            let id = try await browser.newestId()
            _ = try await browser.post("/todos/\(id)/delete", form: [])
            let list = try await browser.get("/todos").text
            let restore = try TrashTests.restoreAction(in: list)
            _ = try await browser.post(restore, form: [])
            let restored = try await browser.get("/todos").text
            XCTAssertTrue(
                restored.contains(#"<div class="flash" role="status"><p>Restored “Return library books”.</p>"#))

            let again = try await browser.post(restore, form: [])
            XCTAssertEqual(again.status, .seeOther)
            let refused = try await browser.get("/trash").text
            XCTAssertTrue(
                refused.contains(
                    #"<div class="flash flash-refusal" role="alert"><p><span class="visually-hidden">Not done: </span>"#
                        + "That is no longer in the trash"), refused)
        }
    }

    func testOnlyParsnipsOwnRefusalMarkIsRead() {
        XCTAssertEqual(Flash.decode("m=Gone&k=r").isRefusal, true)
        XCTAssertEqual(Flash.decode("m=Saved").isRefusal, false)
        XCTAssertEqual(Flash.decode("m=Saved&k=yes").isRefusal, false)
    }
}
