import Foundation
import HummingbirdTesting
import ParseStore
import XCTest

@testable import Parsnip

// MARK: Editing through the pages

/// The `_version` and `_base` hidden fields of an edit page (or a conflict page), in the order they appear.
func editBaseFields(in html: String) -> [(String, String)] {
    [EditBase.versionFieldName, EditBase.baseFieldName].compactMap { name in
        guard let start = html.range(of: #"name="\#(name)" value=""#) else { return nil }
        let rest = html[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return (name, String(rest[..<end]))
    }
}

extension Browser {
    /// What recipe `id`'s editor was loaded with, read from its page as a person's browser would send it.
    func recipeEditBase(_ id: String) async throws -> [(String, String)] {
        let editor = try await get("/recipes/\(id)/edit")
        XCTAssertEqual(editor.status, .ok, "the editor of \(id) did not open")
        let fields = editBaseFields(in: editor.text)
        XCTAssertEqual(fields.count, 2, "the editor carries no _version and _base")
        return fields
    }

    /// "Update recipe" as a person does it: opens the editor (taking its version and field tokens) and sends
    /// `form` with them.
    @discardableResult
    func updateRecipe(_ id: String, _ form: [(String, String)]) async throws -> TestResponse {
        let base = try await recipeEditBase(id)
        return try await post("/recipes/\(id)", form: form + base)
    }
}

// MARK: The repository without the pages

extension StoreRecipeRepository {
    /// Creates `recipe` saved without signing in.
    func create(_ recipe: Recipe) async throws -> Recipe { try await create(recipe, by: nil) }

    /// Saves `recipe` as an edit loaded from the recipe as stored now, by nobody signed in; a conflict fails.
    func update(_ recipe: Recipe) async throws -> Recipe {
        guard let id = recipe.id, let stored = try await find(id: id)?.recipe else {
            throw RecipeRepositoryError.notFound
        }
        switch try await update(recipe, from: RecipeEditField.base(of: stored), choices: [:], by: nil) {
        case .saved(let saved, _): return saved
        case .conflict(let report): throw RecipeTestFailure.unexpectedConflict(report)
        }
    }
}

/// A repository answer a test did not expect.
enum RecipeTestFailure: Error {
    case unexpectedConflict(ConflictReport)
}

// MARK: The conflict page

/// Every `<input type="hidden">` of a page, name and value unescaped, in page order: what a browser sends back.
func hiddenFields(in html: String) -> [(String, String)] {
    var fields: [(String, String)] = []
    var rest = Substring(html)
    while let start = rest.range(of: #"<input type="hidden" name=""#) {
        let afterName = rest[start.upperBound...]
        guard let nameEnd = afterName.firstIndex(of: "\""),
            afterName[nameEnd...].hasPrefix(#"" value=""#)
        else { break }
        let valueStart = afterName.index(nameEnd, offsetBy: #"" value=""#.count)
        guard let valueEnd = afterName[valueStart...].firstIndex(of: "\"") else { break }
        fields.append(
            (htmlUnescaped(afterName[..<nameEnd]), htmlUnescaped(afterName[valueStart..<valueEnd])))
        rest = afterName[valueEnd...]
    }
    return fields
}

/// Text as it was before swift-mustache escaped it.
func htmlUnescaped(_ text: Substring) -> String {
    text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
        .replacingOccurrences(of: "&amp;", with: "&")
}

// MARK: The failing repository of ErrorPageTests

/// The saves `RecipeRepository` asks for now, on ErrorPageTests' failing repository (which still spells the older
/// `create(_:)` and `update(_:)`): they fail the same way.
extension FailingRecipeRepository {
    func create(_ recipe: Recipe, by user: SignedInUser?) async throws -> Recipe { try await create(recipe) }

    func update(
        _ recipe: Recipe, from base: EditBase, choices: [String: ConflictChoice], by user: SignedInUser?
    ) async throws -> EditOutcome<Recipe> {
        .saved(try await update(recipe), merged: nil)
    }
}
