import Foundation
import ParseStore

/// The recipes' History pages: a snapshot read as a recipe, and a put-back saved as an edit of every field.
struct RecipeHistory<Repository: RecipeRepository>: HistorySubject {
    typealias Field = RecipeEditField

    let repository: Repository
    let thing = "recipe"
    let basePath = "/recipes"
    let className = StoreRecipeRepository.className

    func recordURL(id: String) -> String { "/recipes/\(id)" }

    func name(of record: Recipe) -> String { record.name }

    func record(from snapshot: ParseValue, id: String) -> Recipe? {
        let reference = RecordReference(className: className, objectId: id)
        return RecordSnapshot.object(snapshot, of: reference, at: Date()).map(StoreRecipeRepository.recipe)
    }

    func current(id: String) async throws -> HistoryCurrent<Recipe>? {
        guard let found = try await repository.find(id: id) else { return nil }
        return HistoryCurrent(record: found.recipe, version: RecipeEditField.base(of: found.recipe).version)
    }

    func save(
        id: String, typed: Recipe, base: EditBase, choices: [String: ConflictChoice], by user: SignedInUser?
    ) async throws -> ConflictReport? {
        var recipe = typed
        recipe.id = id
        switch try await repository.update(recipe, from: base, choices: choices, by: user) {
        case .saved: return nil
        case .conflict(let report): return report
        }
    }
}
