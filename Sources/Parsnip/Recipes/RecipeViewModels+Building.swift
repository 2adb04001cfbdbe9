import Foundation

extension RecipeIndexPage {
    /// The list page for one page of results read with `query`; a viewer's (`page.canEdit` false) empty list
    /// offers no "Add your first recipe".
    init(
        result: RecipeListPage, query: RecipeListQuery, pageSize: Int, page: PageChrome, money: MoneyFormat = .plain
    ) {
        let rows = result.recipes.map { RecipeFormatting.row($0, list: query.context, money: money) }
        let filtering = query.isFiltering
        let list = RecipeFormatting.list
        var emptyState = list.emptyState(
            isEmpty: rows.isEmpty, filtering: filtering, total: result.total,
            totalWithoutFilters: result.totalWithoutFilters, firstPageURL: query.url(page: 1))
        if let empty = emptyState, !page.canEdit, empty.link?.url == list.addURL {
            emptyState = EmptyState(message: empty.message, advice: empty.advice, link: nil)
        }
        let pages = NumberedList.pages(
            page: query.page, total: result.total, pageSize: pageSize, hasRows: !rows.isEmpty, url: query.url(page:))
        self.init(
            page: page,
            query: query.search == nil ? "" : query.typed,
            categoryOptions: [SelectOption(value: "", title: "All categories", selected: query.category == nil)]
                + Recipe.Category.allCases.map {
                    SelectOption(value: "\($0.rawValue)", title: $0.title, selected: query.category == $0)
                },
            availabilityOptions: [
                SelectOption(value: "", title: "Any", selected: query.isAvailable == nil),
                SelectOption(value: "yes", title: "Available", selected: query.isAvailable == true),
                SelectOption(value: "no", title: "Not available", selected: query.isAvailable == false),
            ],
            sortOptions: [
                SelectOption(value: RecipeSort.name.rawValue, title: "Name (A–Z)", selected: query.sort == .name),
                SelectOption(
                    value: RecipeSort.releaseDate.rawValue, title: "Release date (newest first)",
                    selected: query.sort == .releaseDate
                ),
            ],
            filtering: filtering,
            clearFiltersURL: query.clearFiltersURL,
            countLine: result.total == 0
                ? nil : list.countLine(matching: result.total, all: result.totalWithoutFilters, filtered: filtering),
            rows: rows,
            hasRows: !rows.isEmpty,
            emptyState: emptyState,
            pages: pages,
            // An empty list offers its one action, not a search and filters over nothing.
            showsTools: filtering || result.totalWithoutFilters > 0
        )
    }
}

extension RecipeShowPage {
    /// The page of a stored recipe in `page`'s chrome (titled with the recipe's name), with who changed it
    /// last (worded for `now`) and the links to its neighbours' pages.
    init(
        found: RecipeInOrder, page: PageChrome, now: Date, scale: RecipeScale? = nil, pageSize: Int = 50,
        money: MoneyFormat = .plain
    ) {
        let recipe = found.recipe
        let id = recipe.id ?? ""
        self.init(
            page: page,
            name: recipe.name,
            changedBy: recipe.changeStamp?.byline(now: now),
            category: RecipeFormatting.category(recipe.category),
            servings: RecipeFormatting.servings(recipe.servings),
            price: RecipeFormatting.price(recipe.price, money: money),
            available: RecipeFormatting.available(recipe.isAvailable),
            releaseText: RecipeFormatting.releaseDate(recipe.releaseDate),
            releaseISO: recipe.releaseDate?.iso,
            ingredients: recipe.ingredients.map {
                IngredientLine(
                    quantity: scale?.text($0.quantity) ?? QuantityText.ingredientText($0.quantity),
                    description: $0.description)
            },
            hasIngredients: !recipe.ingredients.isEmpty,
            method: recipe.steps,
            hasMethod: !recipe.steps.isEmpty,
            notes: recipe.notes,
            hasNotes: !recipe.notes.isEmpty,
            source: recipe.source.isEmpty ? nil : recipe.source,
            sourceURL: RecipeFormatting.webAddress(recipe.source),
            sideOptions: recipe.sideOptions,
            hasSideOptions: !recipe.sideOptions.isEmpty,
            nutrition: recipe.nutritionalInfo.map { NutritionLine(name: $0.name, value: $0.value) },
            hasNutrition: !recipe.nutritionalInfo.isEmpty,
            editURL: "/recipes/\(id)/edit" + RecipeFormatting.query(keeping: found),
            deleteURL: "/recipes/\(id)/delete",
            historyURL: "/recipes/\(id)/history",
            steps: RecipeFormatting.steps(found, suffix: "")
        )
        photoURL = recipe.photo.map { RecipePhoto.url($0) }
        canChange = ReadOnlyRecord.mayChange(writers: recipe.writers, canEdit: page.canEdit)
        readOnlyNote = ReadOnlyRecord.note(thing: "recipe", writers: recipe.writers, canEdit: page.canEdit)
        (backURL, backLabel) = RecipeFormatting.backLink(found, pageSize: pageSize)
        listFields = ((try? FormFields(query: found.listContext).values) ?? [:]).sorted { $0.key < $1.key }
            .map { HiddenField(name: $0.key, value: $0.value) }
        if let servings = recipe.servings {
            let path = "/recipes/\(id)"
            let keeping = RecipeFormatting.query(keeping: found)
            scaler = RecipeScaler(
                action: path, servings: scale?.servings ?? servings,
                scaledLine: scale.map {
                    "Quantities for \($0.servings) \($0.servings == 1 ? "serving" : "servings"); the recipe is for "
                        + "\(servings)."
                },
                resetURL: scale == nil ? nil : path + keeping)
        }
    }
}
