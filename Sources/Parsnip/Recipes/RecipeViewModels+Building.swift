import Foundation

extension RecipeIndexPage {
    /// The list page for one page of results read with `query`, its rows rendered by `rows`; a viewer's
    /// (`page.canEdit` false) empty list offers no "Add your first recipe".
    init(
        result: RecipeListPage, query: RecipeListQuery, pageSize: Int, page: PageChrome, money: MoneyFormat = .plain,
        rows rendered: RenderedPieces<RecipeTableRow>
    ) {
        let language = page.language
        let rows = result.recipes.map {
            rendered.piece(RecipeFormatting.row($0, list: query.context, money: money, in: language), in: language)
        }
        let filtering = query.isFiltering
        let emptyState = RecipeFormatting.emptyState(
            isEmpty: rows.isEmpty, filtering: filtering, total: result.total,
            totalWithoutFilters: result.totalWithoutFilters, firstPageURL: query.url(page: 1), canAdd: page.canEdit,
            in: language)
        let pages = NumberedList.pages(
            page: query.page, total: result.total, pageSize: pageSize, hasRows: !rows.isEmpty, url: query.url(page:))
        let pageCount = max(1, (result.total + max(1, pageSize) - 1) / max(1, pageSize))
        self.init(
            page: page,
            query: query.search == nil ? "" : query.typed,
            categoryOptions: [
                SelectOption(
                    value: "", title: language.text("recipes.list.allCategories"), selected: query.category == nil)
            ]
                + Recipe.Category.allCases.map {
                    SelectOption(value: "\($0.rawValue)", title: $0.title(in: language), selected: query.category == $0)
                },
            availabilityOptions: [
                SelectOption(
                    value: "", title: language.text("recipes.list.anyAvailability"), selected: query.isAvailable == nil),
                SelectOption(
                    value: "yes", title: language.text("recipes.field.available"), selected: query.isAvailable == true),
                SelectOption(
                    value: "no", title: language.text("recipes.list.notAvailable"), selected: query.isAvailable == false
                ),
            ],
            sortOptions: [
                SelectOption(
                    value: RecipeSort.name.rawValue, title: language.text("recipes.list.sortName"),
                    selected: query.sort == .name),
                SelectOption(
                    value: RecipeSort.releaseDate.rawValue, title: language.text("recipes.list.sortRelease"),
                    selected: query.sort == .releaseDate
                ),
            ],
            filtering: filtering,
            clearFiltersURL: query.clearFiltersURL,
            countLine: result.total == 0
                ? nil
                : RecipeFormatting.countLine(
                    matching: result.total, all: result.totalWithoutFilters, filtered: filtering, in: language),
            rows: rows,
            hasRows: !rows.isEmpty,
            emptyState: emptyState,
            pages: pages,
            // An empty list offers its one action, not a search and filters over nothing.
            showsTools: filtering || result.totalWithoutFilters > 0,
            caption: pages.pageLine == nil
                ? language.text("recipes.list.title")
                : language.text("recipes.list.captionPage", counts: ["page": query.page, "pages": pageCount])
        )
    }
}

extension RecipeShowPage {
    /// The page of a stored recipe in `page`'s chrome (titled with the recipe's name) and language, with who changed
    /// it last (worded for `now`) and the links to its neighbours' pages.
    init(
        found: RecipeInOrder, page: PageChrome, now: Date, scale: RecipeScale? = nil, pageSize: Int = 50,
        money: MoneyFormat = .plain
    ) {
        let recipe = found.recipe
        let id = recipe.id ?? ""
        let language = page.language
        self.init(
            page: page,
            name: recipe.name,
            changedBy: recipe.changeStamp?.byline(now: now),
            category: RecipeFormatting.category(recipe.category, in: language),
            servings: RecipeFormatting.servings(recipe.servings, in: language),
            price: RecipeFormatting.price(recipe.price, money: money, in: language),
            available: RecipeFormatting.available(recipe.isAvailable, in: language),
            releaseText: RecipeFormatting.releaseDate(recipe.releaseDate, in: language),
            releaseISO: recipe.releaseDate?.iso,
            ingredients: recipe.ingredients.map {
                ShownIngredient(
                    quantity: scale?.text($0.quantity, in: language)
                        ?? QuantityText.ingredientText($0.quantity, in: language),
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
            nutrition: recipe.nutritionalInfo.map {
                NutritionLine(name: $0.name, value: RecipeFormatting.nutritionValue($0.value, in: language))
            },
            hasNutrition: !recipe.nutritionalInfo.isEmpty,
            editURL: "/recipes/\(id)/edit" + RecipeFormatting.query(keeping: found),
            deleteURL: "/recipes/\(id)/delete",
            historyURL: "/recipes/\(id)/history",
            steps: RecipeFormatting.steps(found, suffix: "", in: language)
        )
        photoURL = recipe.photo.map { RecipePhoto.url($0) }
        photoAlt = language.text("recipes.show.photoAlt", ["name": recipe.name])
        canChange = ReadOnlyRecord.mayChange(writers: recipe.writers, canEdit: page.canEdit)
        readOnlyNote = ReadOnlyRecord.note(thing: "recipe", writers: recipe.writers, canEdit: page.canEdit)
        (backURL, backLabel) = RecipeFormatting.backLink(found, pageSize: pageSize, in: language)
        listFields = ((try? FormFields(query: found.listContext).values) ?? [:]).sorted { $0.key < $1.key }
            .map { HiddenField(name: $0.key, value: $0.value) }
        if let servings = recipe.servings {
            let path = "/recipes/\(id)"
            let keeping = RecipeFormatting.query(keeping: found)
            scaler = RecipeScaler(
                action: path, servings: scale?.servings ?? servings,
                scaledLine: scale.map {
                    language.text("recipes.show.scaledLine", counts: ["servings": $0.servings, "base": servings])
                },
                resetURL: scale == nil ? nil : path + keeping)
        }
    }
}

extension RecipeDeletePage {
    /// The question "Delete this recipe?" for `recipe`, naming it, in `page`'s language.
    init(recipe: Recipe, page: PageChrome, csrfToken: String) {
        let id = recipe.id ?? ""
        let language = page.language
        let lead = SplitWords(language.text("recipes.delete.lead", ["name": SplitWords.marker]))
        self.init(
            page: page, name: recipe.name, quotedName: RecipeWords.quoted(recipe.name, in: language),
            leadBefore: lead.before, leadAfter: lead.after, action: "/recipes/\(id)/delete", csrfToken: csrfToken,
            cancelURL: "/recipes/\(id)")
    }
}
