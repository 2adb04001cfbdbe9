import Foundation
import XCTest

@testable import Parsnip

final class ViewModelLookupTests: XCTestCase {
    /// TodoRow answers template names itself (for speed); it must answer exactly its stored properties.
    func testTodoRowAnswersEveryStoredPropertyByName() throws {
        let row = TodoFormatting.row(
            TodoListItem(
                id: "AbCdE12345", title: "Title", description: "Words", createdAt: Date(timeIntervalSince1970: 0),
                updatedAt: Date(timeIntervalSince1970: 0)
            )
        )
        let children = Mirror(reflecting: row).children
        XCTAssertFalse(children.isEmpty)
        for child in children {
            let label = try XCTUnwrap(child.label)
            let answered = try XCTUnwrap(row.child(named: label), "TodoRow.child(named:) misses \(label)")
            var stored: Any = child.value
            let mirror = Mirror(reflecting: child.value)
            if mirror.displayStyle == .optional, let wrapped = mirror.children.first { stored = wrapped.value }
            XCTAssertEqual("\(answered)", "\(stored)", label)
        }
        XCTAssertNil(row.child(named: "nothing"))
    }
}
