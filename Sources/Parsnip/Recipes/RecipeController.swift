import Foundation
import Hummingbird
import ParseStore

/// The recipe pages: the list, a recipe's page, the editor (in RecipeController+Editor.swift) and delete —
/// each a GET page, and POSTs that answer 303, or re-render the form with 422 or 409.
struct RecipeController<Repository: RecipeRepository>: Sendable {
    let repository: Repository
    let pages: Pages
    /// Recipes per list page.
    let pageSize: Int
    /// How prices are shown.
    var money = MoneyFormat.plain
    /// Where "Add ingredients to the to-do list" adds them; nil: the recipe page does not offer it.
    var shopping: RecipeShopping? = nil
    /// "Now" for the "Last changed" lines: the app's clock.
    var clock: any ParseClock = SystemParseClock()
    /// List pages rendered since the last write, by visitor variant and query string.
    let listCache = RenderedPageCache(shards: 8)
    /// The list's rows, kept rendered by what they show.
    let listRows: RenderedPieces<RecipeTableRow>
    /// Recipe pages and editors rendered since the last write, by visitor variant (`context.cacheVariant`) and
    /// path, with the CSRF token left out: room for the page and the editor of 1,000 typical recipes (about 2 and
    /// 16 KB), within the 64 MB the server aims at.
    let pageCache = PageCache<TokenSplicedPage>(capacity: 2_048, byteBudget: 20 << 20, shards: 8)

    func addRoutes(to routes: AccessRoutes) {
        routes.get("/recipes", .signedIn, use: index)
        routes.get("/recipes/new", .editor, use: new)
        let photo = Self.photoUpload
        routes.post("/recipes/new", .editor, upload: photo, use: editorAction)
        routes.post("/recipes", .editor, upload: photo, use: create)
        routes.get("/recipes/:id", .signedIn, use: show)
        routes.get("/recipes/:id/edit", .editor, use: edit)
        routes.get("/recipes/:id/cook", .signedIn, use: cook)
        routes.post("/recipes/:id/shopping", .editor, use: shop)
        routes.post("/recipes/:id/edit", .editor, upload: photo, use: editorAction)
        routes.post("/recipes/:id", .editor, upload: photo, use: update)
        routes.post("/recipes/:id/leave", .editor, upload: photo, use: leave)
        routes.post("/recipes/:id/restore", .editor, upload: photo, use: restoreWithChanges)
        routes.get("/recipes/:id/delete", .editor, use: confirmDelete)
        routes.post("/recipes/:id/delete", .editor, use: delete)
        routes.get("/photos/:name", .signedIn, use: self.photo)
        routes.get("/photos/:name/small", .signedIn, use: self.photo)
    }

    // MARK: List

    /// GET /recipes — filtered by `q`, `category` and `available`, sorted by `sort`, 50 a page (`page`).
    @Sendable func index(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        // Read the revision before the data: a page stored under it can only be newer than it, never older.
        try await listCache.listPage(for: request, context: context, revision: repository.revision) {
            try await renderIndex(request, context)
        }
    }

    private func renderIndex(_ request: Request, _ context: ParsnipRequestContext) async throws -> ByteBuffer {
        let query = try RecipeListQuery(FormFields(query: request.uri.query))
        let result = try await repository.list(query.request(size: pageSize))
        let page = PageChrome(title: context.language.text("recipes.list.title"), context: context, inRecipes: true)
        return pages.renderBody(
            RecipeIndexPage(
                result: result, query: query, pageSize: pageSize, page: page, money: money, rows: listRows),
            template: "recipes/index")
    }

    // MARK: One recipe

    /// GET /recipes/:id — the recipe, with links to edit, delete and step to its neighbours.
    @Sendable func show(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try context.routeObjectId()
        let fields = try FormFields(query: request.uri.query)
        let list = try RecipeListQuery.context(fields)
        if let servings = fields["servings"] {
            // A scaled page is rendered for its visitor: the cache keeps the recipe as written.
            let found = try await findRecipe(id, in: list)
            let page = PageChrome(title: found.recipe.name, context: context, inRecipes: true)
            let scale = RecipeScale(query: servings, base: found.recipe.servings)
            return pages.render(
                RecipeShowPage(
                    found: found, page: page, now: clock.now(), scale: scale, pageSize: pageSize, money: money,
                    shoppingToken: shopping != nil && context.canEdit ? context.csrfToken : nil),
                template: "recipes/show")
        }
        return try await cachedPage(request, context: context, list: list) { token in
            let found = try await findRecipe(id, in: list)
            let page = PageChrome(title: found.recipe.name, context: context, inRecipes: true)
            return pages.renderBody(
                RecipeShowPage(
                    found: found, page: page, now: clock.now(), pageSize: pageSize, money: money,
                    shoppingToken: shopping != nil && context.canEdit ? token : nil),
                template: "recipes/show")
        }
    }

    // MARK: Delete

    /// GET /recipes/:id/delete — asks first, naming the recipe.
    @Sendable func confirmDelete(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let recipe = try await findRecipe(context.routeObjectId()).recipe
        try ReadOnlyRecord.requireChangeable(
            thing: "recipe", recordURL: "/recipes/\(recipe.id ?? "")", name: recipe.name, writers: recipe.writers)
        return renderConfirmDelete(recipe, context: context)
    }

    /// POST /recipes/:id/delete — deletes and answers 303 to the list (503/507 with the question again when the
    /// database could not take it).
    @Sendable func delete(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try context.routeObjectId()
        return try await context.saving {
            let deletion: Deletion<Recipe>
            do {
                deletion = try await repository.delete(id: id, by: context.user)
            } catch RecipeRepositoryError.notFound {
                throw PageError.notFound
            }
            return Flash.redirect(
                to: "/recipes", message: context.language.text("recipes.flash.deleted", ["name": deletion.item.name]),
                undo: deletion.trashId)
        } orShowingAgain: { context in
            try await renderConfirmDelete(findRecipe(id).recipe, context: context)
        }
    }

    /// The question "Delete this recipe?", naming it.
    func renderConfirmDelete(_ recipe: Recipe, context: ParsnipRequestContext) -> Response {
        let page = RecipeDeletePage(
            recipe: recipe,
            page: PageChrome(title: context.language.text("recipes.delete.title"), context: context, inRecipes: true),
            csrfToken: context.csrfToken)
        return pages.render(page, template: "recipes/delete")
    }

    // MARK: Helpers

    /// Answers with the page `render` makes, rendered once per visitor variant, path and revision and shared by
    /// every visitor of that variant (see `PageCache.formPage`).
    /// Pages opened from a list are kept apart by that list (`list`), as their stepping links differ.
    func cachedPage(
        _ request: Request, context: ParsnipRequestContext, list: RecipeListQuery? = nil,
        render: (_ csrfToken: String) async throws -> ByteBuffer
    ) async throws -> Response {
        let key = context.cacheVariant + request.uri.path + (list.map { "?" + $0.context } ?? "")
        return try await pageCache.formPage(
            for: key, context: context, revision: repository.revision, render: render)
    }

    func findRecipe(_ id: String) async throws -> RecipeInOrder {
        guard let found = try await repository.find(id: id) else { throw PageError.notFound }
        return found
    }

    /// The recipe `id` with its neighbours in `list` (the list the person came from), its links keeping that list;
    /// in the order recipes were added when there is no list, or when the list's filters no longer include it.
    func findRecipe(_ id: String, in list: RecipeListQuery?) async throws -> RecipeInOrder {
        guard let found = try await lookUp(id, in: list) else { throw PageError.notFound }
        return found
    }

    /// `findRecipe(_:in:)`, or nil when there is no such recipe (it may have been deleted meanwhile).
    func lookUp(_ id: String, in list: RecipeListQuery?) async throws -> RecipeInOrder? {
        guard let list else { return try await repository.find(id: id) }
        guard var found = try await repository.find(id: id, in: list.request(size: pageSize)) else { return nil }
        guard found.position > 0 else { return try await repository.find(id: id) }
        found.listContext = list.context
        return found
    }

    /// The list an editor was opened from, as its `list` field carries it; nil without one.
    static func editorList(_ form: FormFields) throws -> RecipeListQuery? {
        guard let text = form[listField], !text.isEmpty else { return nil }
        guard let list = try RecipeListQuery.context(FormFields(query: text)) else {
            throw PageError.badRequest("a list without its sort")
        }
        return list
    }

    /// The editor's field naming the list it was opened from.
    static var listField: String { "list" }

}
