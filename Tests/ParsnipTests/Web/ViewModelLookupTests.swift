import Foundation
import PageTemplates
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
        for row in [open, done].map({ TodoFormatting.row($0, today: day(1), timeZone: utc) }) {
            assertAnswersLikeReflection(row)
        }
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
        let answer = { (name: String) in fragment.child(named: name).map(templateDescription) }
        XCTAssertEqual(answer("canEdit"), "flag(true)")
        XCTAssertEqual(answer("csrfToken"), "text(token)")
        XCTAssertEqual(answer("backURL"), "text(/todos?q=x)")
        XCTAssertEqual(answer("url"), "text(/todos/AbCdE12345)")
        XCTAssertEqual(answer("title"), "text(Title)")
        XCTAssertNil(fragment.child(named: "item"), "the source's own fields are not the template's")
    }

    /// TodoTick answers template names itself too.
    func testTodoTickAnswersEveryStoredPropertyByName() throws {
        let tick = TodoTick(action: "/todos/AbCdE12345/done", value: "1", pressed: false, label: "Done: “Title”")
        assertAnswersLikeReflection(tick)
    }
}
