import Foundation

/// What the editor is editing: a new recipe, a stored one, or one that was deleted while it was being edited.
enum RecipeEditorMode: Sendable {
    case new
    case edit(RecipeInOrder)
    /// The recipe being updated no longer exists: "Save as new recipe" keeps what was typed, and "Restore it with
    /// my changes" brings it back with it while the trash has it.
    case deleted(id: String, notice: DeletedWhileEditing, reason: String? = nil)
}

/// Where the focus goes after a row action answered without JavaScript, so the page continues where the
/// person was instead of at its top.
struct EditorFocus: Sendable, Hashable {
    var section: RecipeDraft.Section
    /// The row, or nil for the section's "Add…" button.
    var row: Int?
    var control: RowFocus

    /// The control to focus once `action` has been applied to the draft.
    static func after(_ action: RecipeDraft.RowAction, in typed: RecipeDraft) -> EditorFocus? {
        // Counted as the page shows the rows: an emptied section gets its blank row back.
        let draft = typed.withBlankRows()
        switch action {
        case .add(let section):
            let count = draft.rowCount(section)
            return EditorFocus(section: section, row: count > 0 ? count - 1 : nil, control: RowFocus(input: true))
        case .remove(let section, let index):
            let count = draft.rowCount(section)
            guard count > 0 else { return EditorFocus(section: section, row: nil, control: RowFocus()) }
            return EditorFocus(section: section, row: min(max(index, 0), count - 1), control: RowFocus(input: true))
        case .moveUp(let section, let index):
            let count = draft.rowCount(section)
            guard (0..<count).contains(index) else { return nil }
            return EditorFocus(section: section, row: max(index - 1, 0), control: RowFocus(up: true))
        case .moveDown(let section, let index):
            let count = draft.rowCount(section)
            guard (0..<count).contains(index) else { return nil }
            return EditorFocus(section: section, row: min(index + 1, count - 1), control: RowFocus(down: true))
        }
    }

    /// What to focus in `row` of `section`.
    func control(_ section: RecipeDraft.Section, row: Int) -> RowFocus {
        section == self.section && self.row == row ? control : RowFocus()
    }
}

extension RecipeDraft {
    /// How many rows a section has, as typed.
    func rowCount(_ section: Section) -> Int {
        switch section {
        case .ingredient: ingredients.count
        case .side: sideOptions.count
        case .nutrition: nutrition.count
        case .step: steps.count
        }
    }
}

extension RecipeEditorPage {
    /// The editor for `context`'s visitor showing `draft` (with a blank row added to each empty section), each
    /// problem next to its field or row and in the summary; an edit page carries `base` and says who changed
    /// the recipe last (worded for `now`).
    init(
        mode: RecipeEditorMode, draft typed: RecipeDraft, base: EditBase?, problems: [RecipeDraft.Problem],
        focus: EditorFocus?, csrfToken: String, context: ParsnipRequestContext, now: Date, money: MoneyFormat = .plain
    ) {
        let language = context.language
        let example = Price(cents: 399).text(in: language)
        priceHint =
            money.currencyCode.map {
                language.text("recipes.editor.priceHintCurrency", ["currency": $0, "example": example])
            } ?? language.text("recipes.editor.priceHint", ["example": example])
        let draft = typed.withBlankRows()
        var messages: [String: String] = [:]
        for problem in problems where messages[problem.field.htmlId] == nil {
            messages[problem.field.htmlId] = problem.message.text(in: language)
        }
        // A summary moves the focus itself; row focus is only for a row action that went through.
        let focus = problems.isEmpty ? focus : nil
        func field(_ id: String, _ value: String, hint: Bool) -> EditorField {
            let error = messages[id]
            let ids = [hint ? "\(id)-hint" : nil, error == nil ? nil : "\(id)-error"].compactMap { $0 }
            return EditorField(value: value, error: error, describedBy: ids.isEmpty ? nil : ids.joined(separator: " "))
        }

        var conflict: String?
        var changedBy: String?
        var leaveHeading: String?
        let title: String
        switch mode {
        case .new:
            title = language.text("recipes.editor.addTitle")
            listContext = nil
            action = "/recipes/new"
            primary = EditorButton(label: language.text("recipes.editor.saveAsNew"), formAction: "/recipes")
            secondary = nil
            cancelURL = "/recipes"
            reloadURL = nil
            leaveAction = nil
            startsUnsaved = RecipeEditField.anythingTyped(in: typed)
            deleteURL = nil
            steps = nil
        case .edit(let found):
            let id = found.recipe.id ?? ""
            title = language.text("recipes.editor.editTitleNamed", ["name": found.recipe.name])
            action = "/recipes/\(id)/edit"
            primary = EditorButton(label: language.text("recipes.editor.update"), formAction: "/recipes/\(id)")
            secondary = EditorButton(
                label: language.text("recipes.editor.saveAsNew"), formAction: "/recipes?from=\(id)")
            cancelURL = "/recipes/\(id)" + RecipeFormatting.query(keeping: found)
            reloadURL = "/recipes/\(id)/edit" + RecipeFormatting.query(keeping: found)
            listContext = found.listContext.isEmpty ? nil : found.listContext
            leaveAction = "/recipes/\(id)/leave"
            leaveHeading = language.text("recipes.leave.heading", ["name": found.recipe.name])
            startsUnsaved = base.map { !RecipeEditField.changed(in: typed, since: $0).isEmpty } ?? false
            deleteURL = "/recipes/\(id)/delete"
            steps = RecipeFormatting.steps(found, suffix: "/edit", in: language)
            changedBy = found.recipe.changeStamp?.byline(now: now)
        case .deleted(let id, let notice, let reason):
            title = language.text("recipes.editor.editTitle")
            let sentence = ["sentence": notice.sentence(thing: "recipe")]
            conflict =
                reason
                ?? (notice.trashId == nil
                    ? language.text("recipes.editor.deletedKeep", sentence)
                    : language.text("recipes.editor.deletedRestore", sentence))
            // The recipe is gone: row actions and saving carry on as a new recipe.
            action = "/recipes/new"
            primary = EditorButton(label: language.text("recipes.editor.saveAsNew"), formAction: "/recipes")
            secondary =
                notice.trashId != nil && reason == nil
                ? EditorButton(
                    label: language.text("recipes.editor.restoreWithChanges"), formAction: "/recipes/\(id)/restore")
                : nil
            cancelURL = "/recipes"
            reloadURL = nil
            listContext = nil
            leaveAction = nil
            // Whatever it holds exists nowhere else any more.
            startsUnsaved = true
            deleteURL = nil
            steps = nil
        }
        page = PageChrome(title: title, context: context, inRecipes: true)
        heading = title
        self.changedBy = changedBy
        self.leaveHeading = leaveHeading
        words = RecipeEditorWords(language: language)
        if case .edit = mode, let base {
            editBase = EditorBase(version: base.versionText, fields: base.fieldsText)
        } else {
            editBase = nil
        }
        self.csrfToken = csrfToken
        summary =
            conflict == nil && problems.isEmpty
            ? nil
            : EditorSummary(
                conflict: conflict,
                errors: problems.map { ErrorLink(fieldId: $0.field.htmlId, message: $0.message.text(in: language)) },
                hasErrors: !problems.isEmpty
            )

        nameField = field("name", draft.name, hint: true)
        servingsField = field("servings", draft.servings, hint: true)
        priceField = field("price", draft.price, hint: true)
        isAvailable = draft.isAvailable
        categoryField = field("category", draft.category, hint: false)
        categoryOptions =
            [
                SelectOption(
                    value: "", title: language.text("recipes.editor.chooseCategory"), selected: draft.category.isEmpty)
            ]
            + Recipe.Category.allCases.map {
                SelectOption(
                    value: "\($0.rawValue)", title: $0.title(in: language), selected: draft.category == "\($0.rawValue)"
                )
            }
        releaseDate = DateBoxes(
            name: "releaseDate", legend: language.text("recipes.field.releaseDate"), hint: nil,
            text: draft.releaseDate, error: messages[RecipeDraft.Field.releaseDate.htmlId], language: language)

        prepField = field("prepTime", draft.prepTime, hint: true)
        cookField = field("cookTime", draft.cookTime, hint: true)
        ingredients = EditorRowSection(
            rows: draft.ingredients.enumerated().map { index, row in
                IngredientRowView(
                    index: index, row: row, messages: messages, focus: focus?.control(.ingredient, row: index)
                )
            },
            error: messages[RecipeDraft.Field.ingredients.htmlId],
            limit: RecipeDraft.Limits.ingredients,
            isFull: draft.ingredients.count >= RecipeDraft.Limits.ingredients,
            focusAdd: focus?.section == .ingredient && focus?.row == nil
        )
        method = EditorRowSection(
            rows: draft.steps.enumerated().map { index, text in
                TextRowView(
                    index: index, text: text, field: .step(index), messages: messages,
                    focus: focus?.control(.step, row: index))
            },
            error: messages[RecipeDraft.Field.steps.htmlId],
            limit: RecipeDraft.Limits.steps,
            isFull: draft.steps.count >= RecipeDraft.Limits.steps,
            focusAdd: focus?.section == .step && focus?.row == nil
        )
        notesField = field("notes", draft.notes, hint: true)
        sourceField = field("source", draft.source, hint: true)
        let photoError = messages[RecipeDraft.Field.photo.htmlId]
        photoField = EditorPhoto(
            name: draft.photo, smallURL: draft.photo.isEmpty ? nil : RecipePhoto.url(draft.photo, small: true),
            shownName: PhotoUpload.shownName(draft.photo),
            caption: language.text("recipes.editor.photoNow", ["name": PhotoUpload.shownName(draft.photo)]),
            error: photoError, describedBy: photoError == nil ? "photoFile-hint" : "photoFile-hint photoFile-error")
        sideOptions = EditorRowSection(
            rows: draft.sideOptions.enumerated().map { index, text in
                TextRowView(
                    index: index, text: text, field: .sideOption(index), messages: messages,
                    focus: focus?.control(.side, row: index))
            },
            error: messages[RecipeDraft.Field.sideOptions.htmlId],
            limit: RecipeDraft.Limits.sideOptions,
            isFull: draft.sideOptions.count >= RecipeDraft.Limits.sideOptions,
            focusAdd: focus?.section == .side && focus?.row == nil
        )
        nutrition = EditorRowSection(
            rows: draft.nutrition.enumerated().map { index, row in
                NutritionRowView(
                    index: index, row: row, messages: messages, focus: focus?.control(.nutrition, row: index)
                )
            },
            error: messages[RecipeDraft.Field.nutrition.htmlId],
            limit: RecipeDraft.Limits.nutritionEntries,
            isFull: draft.nutrition.count >= RecipeDraft.Limits.nutritionEntries,
            focusAdd: focus?.section == .nutrition && focus?.row == nil
        )
    }
}

extension IngredientRowView {
    init(index: Int, row: RecipeDraft.IngredientRow, messages: [String: String], focus: RowFocus?) {
        let quantityError = messages[RecipeDraft.Field.ingredientQuantity(index).htmlId]
        let descriptionError = messages[RecipeDraft.Field.ingredientDescription(index).htmlId]
        self.init(
            index: index, number: index + 1, quantity: row.quantity, description: row.description,
            quantityError: quantityError, descriptionError: descriptionError,
            hasError: quantityError != nil || descriptionError != nil,
            focusInput: focus?.input ?? false, focusUp: focus?.up ?? false, focusDown: focus?.down ?? false
        )
    }
}

extension TextRowView {
    /// Row `index` of a side-option or step section; `field` names its input ("side-0", "step-0").
    init(index: Int, text: String, field: RecipeDraft.Field, messages: [String: String], focus: RowFocus?) {
        let textError = messages[field.htmlId]
        self.init(
            index: index, number: index + 1, text: text, textError: textError, hasError: textError != nil,
            focusInput: focus?.input ?? false, focusUp: focus?.up ?? false, focusDown: focus?.down ?? false
        )
    }
}

extension NutritionRowView {
    init(index: Int, row: RecipeDraft.NutritionRow, messages: [String: String], focus: RowFocus?) {
        let nameError = messages[RecipeDraft.Field.nutritionName(index).htmlId]
        let valueError = messages[RecipeDraft.Field.nutritionValue(index).htmlId]
        self.init(
            index: index, number: index + 1, name: row.name, value: row.value, nameError: nameError,
            valueError: valueError, hasError: nameError != nil || valueError != nil,
            focusInput: focus?.input ?? false, focusUp: focus?.up ?? false, focusDown: focus?.down ?? false
        )
    }
}
