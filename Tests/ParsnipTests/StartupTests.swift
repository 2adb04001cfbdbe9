import Foundation
import XCTest

@testable import Parsnip

/// A missing or broken template stops the start with a message naming it, instead of failing a request later.
final class StartupTests: XCTestCase {
    func testMissingTemplateFailsTheStartNamingIt() async throws {
        let folder = try copyOfTemplates()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("todos/edit.mustache"))
        var settings = testSettings()
        settings.templatesDirectory = folder.path
        do {
            _ = try await buildApplication(settings)
            XCTFail("the start should fail")
        } catch let error as StartupError {
            XCTAssertTrue(error.description.contains("todos/edit.mustache is missing"), error.description)
        }
    }

    func testBrokenTemplateFailsTheStartNamingFileAndLine() async throws {
        let folder = try copyOfTemplates()
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = "<h1>\n{{#items}}never closed\n"
        try broken.write(to: folder.appendingPathComponent("home.mustache"), atomically: true, encoding: .utf8)
        var settings = testSettings()
        settings.templatesDirectory = folder.path
        do {
            _ = try await buildApplication(settings)
            XCTFail("the start should fail")
        } catch let error as StartupError {
            XCTAssertTrue(error.description.contains("home.mustache is broken at line"), error.description)
        }
    }

    func testMissingTemplatesFolderFailsTheStart() async throws {
        var settings = testSettings()
        settings.templatesDirectory = "/nonexistent/Templates"
        do {
            _ = try await buildApplication(settings)
            XCTFail("the start should fail")
        } catch let error as StartupError {
            XCTAssertTrue(error.description.contains("/nonexistent/Templates does not exist"), error.description)
        }
    }

    private func copyOfTemplates() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-templates-\(UUID())")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Templates"), to: folder)
        return folder
    }
}
