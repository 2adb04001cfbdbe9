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
                object = try reader.fetch(Self.className, objectId: id)
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

    public func create(_ recipe: Recipe) async throws -> Recipe {
        var added = 0
        defer { counter.recordWrite(changingTotalBy: added) }
        let fields = Self.fields(of: recipe)
        let object = try await store.write { writer in try writer.create(Self.className, fields) }
        added = 1
        return Self.recipe(object)
    }

    public func update(_ recipe: Recipe) async throws -> Recipe {
        guard let id = recipe.id else { throw RecipeRepositoryError.notFound }
        defer { counter.recordWrite() }
        let fields = Self.fields(of: recipe)
        do {
            let object = try await store.write { writer in try writer.update(Self.className, objectId: id, fields) }
            return Self.recipe(object)
        } catch let error as ParseError where error.code == .objectNotFound {
            throw RecipeRepositoryError.notFound
        }
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
