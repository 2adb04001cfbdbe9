import Foundation
import PageTemplates
import XCTest

@testable import Parsnip

/// A model turned into template values finds what a lookup by reflection would.
final class TemplateValueReflectingTests: XCTestCase {
    private enum Size: String { case small, large }

    private struct Row {
        let title: String
        let note: String?
        let count: Int
        let share: Double
        let done: Bool
        let size: Size
    }

    private struct Model {
        let rows: [Row]
        let missing: Row?
        let tags: Set<String>
        let extra: [String: Int]
    }

    func testStructsArraysAndOptionalsBecomeFieldsListsAndNothing() throws {
        let row = Row(title: "Soup", note: nil, count: 3, share: 0.5, done: true, size: .large)
        let model = Model(rows: [row], missing: nil, tags: ["x"], extra: ["b": 2, "a": 1])
        let value = try XCTUnwrap(TemplateValue(reflecting: model))
        guard case .list(let rows) = value.child(named: "rows"), let first = rows.first else {
            return XCTFail("rows is not a list")
        }
        XCTAssertEqual(Self.text(first.child(named: "title")), "Soup")
        XCTAssertNil(first.child(named: "note"), "a nil optional is left out, so a lookup climbs past it")
        XCTAssertEqual(Self.text(first.child(named: "count")), "3")
        XCTAssertEqual(Self.text(first.child(named: "share")), "0.5")
        XCTAssertEqual(Self.text(first.child(named: "size")), "large")
        guard case .flag(true) = first.child(named: "done") else { return XCTFail("done is not true") }
        XCTAssertNil(value.child(named: "missing"))
        guard case .list(let tags) = value.child(named: "tags") else { return XCTFail("a set is not a list") }
        XCTAssertEqual(tags.count, 1)
        XCTAssertEqual(Self.text(value.child(named: "extra")?.child(named: "b")), "2")
    }

    func testAValueThatAnswersNamesItselfIsKeptAsItIs() throws {
        let fragment = RenderedFragment(html: "<li>x</li>")
        guard case .parent = try XCTUnwrap(TemplateValue(reflecting: fragment)) else {
            return XCTFail("a TemplateParent was reflected")
        }
    }

    private static func text(_ value: TemplateValue?) -> String? {
        guard case .text(let text) = value else { return nil }
        return text
    }
}
