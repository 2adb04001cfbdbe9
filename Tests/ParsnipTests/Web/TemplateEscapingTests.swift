import Foundation
import XCTest

/// Every template names Parsnip's HTML escaper: swift-mustache starts each partial and layout with its own slower
/// escaper, so a template without the pragma would escape the same five characters at several times the cost.
final class TemplateEscapingTests: XCTestCase {
    func testEveryTemplateStartsWithTheUTF8HTMLPragma() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Templates")
        let files = try XCTUnwrap(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "mustache" }
        XCTAssertGreaterThan(files.count, 30, "the Templates folder was not found at \(root.path)")
        for file in files {
            let firstLine = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").first ?? ""
            XCTAssertEqual(firstLine, "{{% CONTENT_TYPE: HTML_UTF8 }}", file.path)
        }
    }
}
