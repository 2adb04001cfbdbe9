import Foundation
import HummingbirdTesting
import ParseStore
import XCTest

@testable import Parsnip

// MARK: Editing through the pages

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
