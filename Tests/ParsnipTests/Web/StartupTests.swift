import Foundation
import XCTest

@testable import Parsnip

/// A missing or broken template stops the start with a message naming it, instead of failing a request later.
final class StartupTests: XCTestCase {
    func testMissingTemplateFailsTheStartNamingIt() async throws {
        let folder = try copyOfTemplates()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("todos/edit.mustache"))
        try await assertStartFails(templates: folder.path, saying: "todos/edit.mustache is missing")
    }

    func testBrokenTemplateFailsTheStartNamingFileAndLine() async throws {
        let folder = try copyOfTemplates()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = "<h1>\n{{#items}}never closed\n"
        try broken.write(to: folder.appendingPathComponent("home.mustache"), atomically: true, encoding: .utf8)
        try await assertStartFails(templates: folder.path, saying: "home.mustache is broken at line")
    }

    func testMissingTemplatesFolderFailsTheStart() async throws {
        try await assertStartFails(templates: "/nonexistent/Templates", saying: "/nonexistent/Templates does not exist")
    }

    /// Starting with the templates in `templates` fails with a StartupError whose text contains `message`.
    private func assertStartFails(templates: String, saying message: String) async throws {
        var settings = testSettings()
        settings.templatesDirectory = templates
        do {
            _ = try await buildApplication(settings)
            XCTFail("the start should fail")
        } catch let error as StartupError {
            XCTAssertTrue(error.description.contains(message), error.description)
        }
    }

    private func copyOfTemplates() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-templates-\(UUID())")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Templates"), to: folder)
        return folder
    }
}
