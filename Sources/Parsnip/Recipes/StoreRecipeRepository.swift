import Foundation
import ParseStore

/// The recipe repository on the Parse store: class `Recipe`, every field in the Parse type the seed app uses.
///
/// Every change goes through the write path, which keeps the total of all recipes and the revision that lets pages
/// be cached between writes.
final class StoreRecipeRepository: RecipeRepository {
    /// The Parse class that holds recipes.
    static let className = "Recipe"

    /// The list's default order (names ignoring case and accents) as an index, so a page reads only its rows.
    static let indexes = [StoredIndex.foldedOrder(className, "name")]

    let writePath: WritePath

    /// Opens the repository on `writePath`'s store.
    init(writePath: WritePath) {
        self.writePath = writePath
    }

    var revision: Int { writePath.revision }

    func list(_ request: RecipeListRequest) async throws -> RecipeListPage {
        let filtered = Self.filtered(request)
        let size = max(1, request.size)
        // A page so far out that its offset overflows has nothing on it.
        let (skip, overflow) = (max(1, request.page) - 1).multipliedReportingOverflow(by: size)
        let everyRecipe = writePath.total(of: Self.className)
        let unfiltered = filtered.constraints.isEmpty && filtered.search == nil
        return try await writePath.read { reader in
            // The kept total counts every recipe; someone some recipes are hidden from counts their own.
            let cachedTotal =
                try reader.readsEveryRow(of: Self.className)
                ? everyRecipe : try reader.count(ParseQuery(Self.className))
            let total = unfiltered ? cachedTotal : try reader.count(filtered)
            var page = Self.sorted(filtered, by: request.sort).skip(skip).limit(size)
            page.keys = Self.listKeys
            let rows = overflow ? [] : try reader.find(page)
            return RecipeListPage(
                recipes: try rows.map { try Self.recipe($0, reader: reader) }, total: total,
                totalWithoutFilters: cachedTotal)
        }
    }

    func find(id: String, in list: RecipeListRequest?) async throws -> RecipeInOrder? {
        try await writePath.read { reader in
            let object: ParseObject
            do {
                object = try reader.fetch(Self.className, objectId: id, include: ChangeAuthorship.include)
            } catch let error as ParseError where error.code == .objectNotFound {
                return nil
            }
            let recipe = try Self.recipe(object, reader: reader)
            if let list { return try Self.inList(recipe, list, reader: reader) }
            let all = ParseQuery(Self.className)
            let earlier = Self.before(object, all)
            let previous = try reader.first(earlier.order(by: "-createdAt", "-objectId"))
            let next = try reader.first(Self.after(object, all).order(by: "createdAt", "objectId"))
            return RecipeInOrder(
                recipe: recipe, previousId: previous?.objectId, nextId: next?.objectId,
                position: try reader.count(earlier) + 1, total: try reader.count(all))
        }
    }

    func create(_ recipe: Recipe, by user: SignedInUser?) async throws -> Recipe {
        let operations = Self.fields(of: recipe).mapValues(ParseUpdate.set)
        let object = try await writePath.change(by: user) { session in
            let created = try session.create(Self.className, operations)
            try session.record(
                .created, Self.reference(created.objectId), before: nil, after: RecordSnapshot.of(created))
            return try session.reader.fetch(
                Self.className, objectId: created.objectId, include: ChangeAuthorship.include)
        }
        return Self.recipe(object)
    }

    func update(
        _ recipe: Recipe, from base: EditBase, choices: [String: ConflictChoice], by user: SignedInUser?
    ) async throws -> EditOutcome<Recipe> {
        guard let id = recipe.id else { throw RecipeRepositoryError.notFound }
        do {
            return try await writePath.change(by: user) { session in
                try Self.saveEdit(recipe, id: id, from: base, choices: choices, session: session)
            }
        } catch let error as ParseError where error.code == .objectNotFound {
            throw RecipeRepositoryError.notFound
        }
    }

    func delete(id: String, by user: SignedInUser?) async throws -> Deletion<Recipe> {
        do {
            return try await writePath.change(by: user) { session in
                let deleted = try session.deleteToTrash(
                    Self.reference(id), kind: Self.trashKind, name: { Self.recipe($0).name })
                return Deletion(item: Self.recipe(deleted.object), trashId: deleted.trashId)
            }
        } catch let error as ParseError where error.code == .objectNotFound {
            throw RecipeRepositoryError.notFound
        }
    }

    func deletion(id: String) async throws -> DeletedWhileEditing {
        try await DeletedWhileEditing.lookUp(Self.reference(id), writePath: writePath)
    }

    func restore(_ recipe: Recipe, by user: SignedInUser?) async throws -> RestoreWithChanges<Recipe> {
        guard let id = recipe.id else { return .notInTrash }
        return try await writePath.change(by: user) { session in
            switch try session.restoreFromTrash(Self.reference(id), kind: Self.trash) {
            case nil: return .notInTrash
            case .refused(let refusal): return .refused(refusal.message)
            case .restored:
                let stored = try session.reader.fetch(Self.className, objectId: id)
                let saved = try session.update(
                    Self.className, objectId: id, Self.fields(of: recipe).mapValues(ParseUpdate.set))
                try session.record(
                    .edited, Self.reference(id), before: RecordSnapshot.of(stored), after: RecordSnapshot.of(saved))
                return .restored(Self.recipe(saved))
            }
        }
    }

    /// What the trash calls recipes.
    static let trashKind = "recipe"

    /// The recipe `id` as a record reference.
    static func reference(_ id: String) -> RecordReference { RecordReference(className: className, objectId: id) }
}
