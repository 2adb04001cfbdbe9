import Foundation
import XCTest

@testable import Parsnip

final class ViewModelLookupTests: XCTestCase {
    /// TodoRow answers template names itself (for speed); it must answer exactly its stored properties. A done
    /// row and an open one with a due date between them give every optional a value.
    func testTodoRowAnswersEveryStoredPropertyByName() throws {
        let day = { (number: Int) in CalendarDate(year: 1970, month: 1, day: number)! }
        let utc = TimeZone(identifier: "UTC")!
        let open = TodoListItem(
            id: "AbCdE12345", title: "Title", description: "Words", dueDate: day(2),
            createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
        var done = open
        done.done = true
        done.completedAt = Date(timeIntervalSince1970: 0)
        let rows = [open, done].map { TodoFormatting.row($0, today: day(1), timeZone: utc) }
        var answeredLabels: Set<String> = []
        for row in rows {
            for child in Mirror(reflecting: row).children {
                let label = try XCTUnwrap(child.label)
                var stored: Any = child.value
                let mirror = Mirror(reflecting: child.value)
                if mirror.displayStyle == .optional {
                    guard let wrapped = mirror.children.first else {
                        XCTAssertNil(row.child(named: label), label)
                        continue
                    }
                    stored = wrapped.value
                }
                let answered = try XCTUnwrap(row.child(named: label), "TodoRow.child(named:) misses \(label)")
                XCTAssertEqual("\(answered)", "\(stored)", label)
                answeredLabels.insert(label)
            }
            XCTAssertNil(row.child(named: "nothing"))
        }
        XCTAssertEqual(answeredLabels, Set(Mirror(reflecting: rows[0]).children.compactMap(\.label)))
    }

    /// A row fragment answers the list's values from its source and everything else from its row.
    func testTodoRowFragmentAnswersTheListsValuesAndTheRows() throws {
        let item = TodoListItem(
            id: "AbCdE12345", title: "Title", description: "", createdAt: Date(timeIntervalSince1970: 0),
            updatedAt: Date(timeIntervalSince1970: 0))
        let source = TodoRowSource(
            item: item, today: CalendarDate(year: 1970, month: 1, day: 1)!, canEdit: true, csrfToken: "token",
            backURL: "/todos?q=x", language: .fr)
        let fragment = TodoRowFragment(source, timeZone: TimeZone(identifier: "UTC")!)
        XCTAssertEqual(fragment.child(named: "canEdit") as? Bool, true)
        XCTAssertEqual(fragment.child(named: "csrfToken") as? String, "token")
        XCTAssertEqual(fragment.child(named: "backURL") as? String, "/todos?q=x")
        XCTAssertEqual(fragment.child(named: "url") as? String, "/todos/AbCdE12345")
        XCTAssertEqual(fragment.child(named: "title") as? String, "Title")
        XCTAssertNil(fragment.child(named: "item"), "the source's own fields are not the template's")
    }

    /// TodoTick answers template names itself too.
    func testTodoTickAnswersEveryStoredPropertyByName() throws {
        let tick = TodoTick(action: "/todos/AbCdE12345/done", value: "1", pressed: false, label: "Done: “Title”")
        for child in Mirror(reflecting: tick).children {
            let label = try XCTUnwrap(child.label)
            let answered = try XCTUnwrap(tick.child(named: label), "TodoTick.child(named:) misses \(label)")
            XCTAssertEqual("\(answered)", "\(child.value)", label)
        }
        XCTAssertNil(tick.child(named: "nothing"))
    }
}
