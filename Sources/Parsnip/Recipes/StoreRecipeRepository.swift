import Foundation
import ParseStore

/// The recipe repository on the Parse store: class `Recipe`, every field in the Parse type the seed app uses.
///
/// As with to-dos, the total of all recipes is counted once and then kept in memory, adjusted on every create and
/// delete made through this repository (exact while this process is the only writer, which is how Parsnip runs);
/// `revision` moves on every write so pages can be cached between writes.
public final class StoreRecipeRepository: RecipeRepository {
    /// The Parse class that holds recipes.
    public static let className = "Recipe"

    let store: ParseStore
    private let counter: WriteCounter

    /// Opens the repository on `store` and counts the recipes already there.
    public init(store: ParseStore) async throws {
        self.store = store
        let count = try await store.read { reader in try reader.count(ParseQuery(Self.className)) }
        self.counter = WriteCounter(total: count)
    }

    public var revision: Int { counter.revision }

    public func list(_ request: RecipeListRequest) async throws -> RecipeListPage {
        let filtered = Self.filtered(request)
        let size = max(1, request.size)
        // A page so far out that its offset overflows has nothing on it.
        let (skip, overflow) = (max(1, request.page) - 1).multipliedReportingOverflow(by: size)
        let cachedTotal = counter.total
        let unfiltered = filtered.constraints.isEmpty
        return try await store.read { reader in
            let total = unfiltered ? cachedTotal : try reader.count(filtered)
            let rows = overflow ? [] : try reader.find(Self.sorted(filtered, by: request.sort).skip(skip).limit(size))
            return RecipeListPage(recipes: rows.map(Self.recipe), total: total, totalWithoutFilters: cachedTotal)
        }
    }

    public func find(id: String) async throws -> RecipeInOrder? {
        try await store.read { reader in
            let object: ParseObject
            do {
                object = try reader.fetch(Self.className, objectId: id, include: ChangeAuthorship.include)
            } catch let error as ParseError where error.code == .objectNotFound {
                return nil
            }
            let all = ParseQuery(Self.className)
            let earlier = Self.before(object, all)
            let previous = try reader.first(earlier.order(by: "-createdAt", "-objectId"))
            let next = try reader.first(Self.after(object, all).order(by: "createdAt", "objectId"))
            return RecipeInOrder(
                recipe: Self.recipe(object), previousId: previous?.objectId, nextId: next?.objectId,
                position: try reader.count(earlier) + 1, total: try reader.count(all))
        }
    }

    func create(_ recipe: Recipe, by user: SignedInUser?) async throws -> Recipe {
        var added = 0
        defer { counter.recordWrite(changingTotalBy: added) }
        var fields = Self.fields(of: recipe).mapValues(ParseUpdate.set)
        fields[ChangeAuthorship.field] = ChangeAuthorship.update(by: user)
        let operations = fields
        let object = try await store.write { writer in
            let created = try writer.create(Self.className, operations: operations)
            return try writer.reader.fetch(
                Self.className, objectId: created.objectId, include: ChangeAuthorship.include)
        }
        added = 1
        return Self.recipe(object)
    }

    func update(
        _ recipe: Recipe, from base: EditBase, choices: [String: ConflictChoice], by user: SignedInUser?
    ) async throws -> EditOutcome<Recipe> {
        guard let id = recipe.id else { throw RecipeRepositoryError.notFound }
        let outcome: EditOutcome<Recipe>
        do {
            outcome = try await store.write { writer in
                try Self.saveEdit(recipe, id: id, from: base, choices: choices, by: user, writer: writer)
            }
        } catch let error as ParseError where error.code == .objectNotFound {
            throw RecipeRepositoryError.notFound
        }
        if case .saved = outcome { counter.recordWrite() }
        return outcome
    }

    public func delete(id: String) async throws -> Recipe {
        var removed = 0
        defer { counter.recordWrite(changingTotalBy: -removed) }
        guard let object = try await store.deleteObject(Self.className, objectId: id) else {
            throw RecipeRepositoryError.notFound
        }
        removed = 1
        return Self.recipe(object)
    }
}
