import Foundation
import XCTest

/// The feature folders keep to their rule: a feature uses `Web/`, `Shared/` and `Editing/`, never another feature;
/// `Editing/` uses only `Web/` and `Shared/`; `Web/` only `Shared/`; `Shared/` nothing of Parsnip's own.
final class FeatureFoldersTests: XCTestCase {
    /// Which folders each folder may use besides itself.
    static let allowed: [String: Set<String>] = [
        "Todos": ["Web", "Shared", "Editing"], "Recipes": ["Web", "Shared", "Editing"],
        "Books": ["Web", "Shared", "Editing"], "Accounts": ["Web", "Shared", "Editing"],
        "Backups": ["Web", "Shared", "Editing"], "ParseAPI": ["Web", "Shared", "Editing"],
        "Editing": ["Web", "Shared"], "Web": ["Shared"], "Shared": [],
    ]

    static var sourceRoot: URL { packageRoot.appendingPathComponent("Sources/Parsnip") }

    /// folder → (file name → source without comments).
    static func sources() throws -> [String: [String: String]] {
        var result: [String: [String: String]] = [:]
        let manager = FileManager.default
        for folder in try manager.contentsOfDirectory(atPath: sourceRoot.path) {
            let url = sourceRoot.appendingPathComponent(folder)
            guard let enumerator = manager.enumerator(atPath: url.path) else { continue }
            for case let name as String in enumerator where name.hasSuffix(".swift") {
                let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
                result[folder, default: [:]][name] = text.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }
                    .joined(separator: "\n")
            }
        }
        return result
    }

    /// The type names declared at the start of a line in `source` (struct, enum, class, protocol, actor).
    static func declaredTypes(in source: String) -> [String] {
        let pattern =
            #"(?m)^(?:public |final |fileprivate |internal )*(?:struct|enum|class|protocol|actor|typealias) ([A-Z]\w*)"#
        let regex = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(source.startIndex..., in: source)
        return regex.matches(in: source, range: range).compactMap { Range($0.range(at: 1), in: source) }
            .map { String(source[$0]) }
    }

    func testEveryFileSitsInAKnownFolder() throws {
        let folders = Set(try Self.sources().keys)
        XCTAssertEqual(folders, Set(Self.allowed.keys).union(["App"]))
    }

    func testNoFolderUsesATypeFromAFolderItMayNotUse() throws {
        let sources = try Self.sources()
        var owner: [String: String] = [:]
        for (folder, files) in sources {
            for source in files.values { for name in Self.declaredTypes(in: source) { owner[name] = folder } }
        }
        XCTAssertGreaterThan(owner.count, 100, "the declarations were not found")
        var reaches: [String] = []
        for (folder, files) in sources {
            guard let allowed = Self.allowed[folder] else { continue }
            for (file, source) in files {
                let words = Set(
                    source.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init))
                for word in words {
                    if let home = owner[word], home != folder, !allowed.contains(home) {
                        reaches.append("\(folder)/\(file) uses \(word) from \(home)/")
                    }
                }
            }
        }
        XCTAssertEqual(reaches.sorted(), [])
    }
}
