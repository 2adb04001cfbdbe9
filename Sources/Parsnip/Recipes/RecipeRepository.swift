import ParseStore

/// Where recipes live. Controllers know only this protocol; the store-backed implementation sits beside it.
///
/// Internal, unlike the list types: its saves speak the editor's own (internal) terms — the edit base, the
/// conflict-page choices and who is signed in.
protocol RecipeRepository: Sendable {
    /// A number that changes after every change Parsnip makes, so pages rendered at one revision can
    /// be reused until it changes.
    var revision: Int { get }
    /// One page of the list, filtered and sorted, with the number of matching recipes, in one snapshot.
    func list(_ request: RecipeListRequest) async throws -> RecipeListPage
    /// The recipe with this id (with who saved it last) and its neighbours: in `list`'s filters and order (the list
    /// the person came from), or without one in the order recipes were added (oldest first); nil when there is
    /// none. A recipe the list's filters leave out has no neighbours, and its place is 0.
    func find(id: String, in list: RecipeListRequest?) async throws -> RecipeInOrder?
    /// Stores `recipe` as a new recipe, whatever its id, saved by `user` (nil: nobody signed in), and returns it
    /// with its new id and timestamps.
    func create(_ recipe: Recipe, by user: SignedInUser?) async throws -> Recipe
    /// Saves an edit of the stored recipe `recipe.id` made from `base`, in one transaction: fields only the
    /// other person changed since are kept, fields both changed differently are a conflict (nothing written)
    /// unless `choices` settle them for the version stored now. Throws `RecipeRepositoryError.notFound` when
    /// the recipe does not exist (or `recipe.id` is nil).
    func update(
        _ recipe: Recipe, from base: EditBase, choices: [String: ConflictChoice], by user: SignedInUser?
    ) async throws -> EditOutcome<Recipe>
    /// Moves a recipe to the trash and returns what it was with its trash item; throws
    /// `RecipeRepositoryError.notFound` when it does not exist.
    func delete(id: String, by user: SignedInUser?) async throws -> Deletion<Recipe>
    /// Who deleted the recipe `id` and when, with the trash item that can bring it back.
    func deletion(id: String) async throws -> DeletedWhileEditing
    /// Brings the deleted recipe `recipe.id` back from the trash with every field of `recipe` saved over it, in one
    /// transaction.
    func restore(_ recipe: Recipe, by user: SignedInUser?) async throws -> RestoreWithChanges<Recipe>
    /// Keeps a photo chosen in the editor, before any recipe names it, so a form shown again (a problem, a row
    /// added, a conflict) still holds it; one no recipe names is removed after a while (`WritePath`).
    func keepPhoto(_ photo: StoredFile) async throws
    /// The kept photo called `name`, with its bytes; nil when there is none.
    func photo(named name: String) async throws -> StoredFile?
}

extension RecipeRepository {
    /// The recipe with this id and its neighbours in the order recipes were added.
    func find(id: String) async throws -> RecipeInOrder? { try await find(id: id, in: nil) }
}

/// Failures a recipe repository reports in the app's own terms.
enum RecipeRepositoryError: DescribedError, Sendable, Hashable {
    /// No recipe has that id (it may have been deleted meanwhile).
    case notFound
}

/// How the recipe list is sorted.
enum RecipeSort: String, Sendable, Hashable, CaseIterable {
    /// By name, A to Z, ignoring case and accents.
    case name
    /// By release date, newest first; recipes without one come last.
    case releaseDate = "date"
}

/// A request for one page of the recipe list.
struct RecipeListRequest: Sendable, Hashable {
    /// Only recipes of this category; nil for all.
    var category: Recipe.Category?
    /// Only available (true) or unavailable (false) recipes; nil for all.
    var isAvailable: Bool?
    /// Text to look for in names, ignoring case; nil for all.
    var search: String?
    var sort: RecipeSort
    /// The page number, from 1.
    var page: Int
    /// Recipes per page.
    var size: Int

    init(
        category: Recipe.Category? = nil, isAvailable: Bool? = nil, search: String? = nil,
        sort: RecipeSort = .name, page: Int = 1, size: Int = 50
    ) {
        self.category = category
        self.isAvailable = isAvailable
        self.search = search
        self.sort = sort
        self.page = page
        self.size = size
    }
}

/// One page of the recipe list.
struct RecipeListPage: Sendable, Hashable {
    /// The recipes on this page, in the requested order, with what a list row shows (name, servings, price,
    /// availability, category, release date, photo); their ingredients, side options, nutrition, steps, notes and
    /// source are not read.
    var recipes: [Recipe]
    /// How many recipes match the filters, on all pages.
    var total: Int
    /// How many recipes there are at all, ignoring filters (to tell "none yet" from "none match").
    var totalWithoutFilters: Int

}

/// A recipe with its place in the stepping order: oldest first, ties broken by id.
struct RecipeInOrder: Sendable, Hashable {
    var recipe: Recipe
    /// The id of the recipe added just before this one, if any.
    var previousId: String?
    /// The id of the recipe added just after this one, if any.
    var nextId: String?
    /// This recipe's place, from 1.
    var position: Int
    /// How many recipes there are (in the list it was found in, with its filters).
    var total: Int
    /// The list it was found in (its filters and order); nil for the order recipes were added.
    var list: RecipeListRequest?
    /// The list as a query string the stepping links keep (`?sort=name&q=soup`); empty without a list. The
    /// controller sets it, as only it knows the list's address.
    var listContext = ""

    init(recipe: Recipe, previousId: String?, nextId: String?, position: Int, total: Int) {
        self.recipe = recipe
        self.previousId = previousId
        self.nextId = nextId
        self.position = position
        self.total = total
    }
}
