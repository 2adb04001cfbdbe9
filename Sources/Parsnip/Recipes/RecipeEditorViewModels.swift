/// The recipe editor (add and edit): the overview fields, three sections of rows and the save buttons.
struct RecipeEditorPage: Sendable {
    let page: PageChrome
    /// "Add a recipe" or "Edit recipe".
    let heading: String
    /// "Last changed by Ana, 14:02" on the edit page; nil on the add page.
    let changedBy: String?
    /// `_version` and `_base`: what the edit page was loaded with; nil on the add page.
    let editBase: EditorBase?
    /// Where the form posts by default: its own row-action URL (`/recipes/new` or `/recipes/:id/edit`).
    let action: String
    let csrfToken: String
    /// The box at the top when something needs fixing; nil when all is well.
    let summary: EditorSummary?
    /// "Save as new recipe" on the add page, "Update recipe" on the edit page.
    let primary: EditorButton
    /// "Save as new recipe" on the edit page.
    let secondary: EditorButton?
    let nameField: EditorField
    let servingsField: EditorField
    let priceField: EditorField
    /// "In EUR, e.g. 3.99": the price box's hint, naming the household's currency when there is one.
    let priceHint: String
    let isAvailable: Bool
    let categoryField: EditorField
    let categoryOptions: [SelectOption]
    /// The release date's three boxes: Day, Month and Year in the language's order.
    let releaseDate: DateBoxes
    /// The preparation and cooking times' boxes ("1 h 20 min").
    let prepField: EditorField
    let cookField: EditorField
    let ingredients: EditorRowSection<IngredientRowView>
    /// The words `IngredientLine` reads as an amount ("pinch", "pincée"…), for the script that splits pasted
    /// lines in the browser as the server does.
    var amountWords = IngredientLine.scriptWords
    /// The method: one row a step.
    let method: EditorRowSection<TextRowView>
    let sideOptions: EditorRowSection<TextRowView>
    let nutrition: EditorRowSection<NutritionRowView>
    let notesField: EditorField
    let sourceField: EditorField
    let photoField: EditorPhoto
    /// The list the editor was opened from (`sort=name&q=soup`), sent back in the `list` field; nil without one.
    let listContext: String?
    let cancelURL: String
    /// Where the edit page's "Reload" button goes (a fresh copy of the stored recipe), by way of `leaveAction`.
    let reloadURL: String?
    /// Where the edit page's "Previous recipe", "Next recipe" and "Reload" buttons post the form: the question
    /// asked when it holds changes that are not saved; nil on the add page.
    let leaveAction: String?
    /// "You have changes to “Soup” that are not saved": the heading of the script's dialog asking the same.
    let leaveHeading: String?
    /// True when the form already holds changes that are not saved (shown again after a row button, a problem or
    /// a refused save), so the script asks before the page is left even if nothing more is typed.
    let startsUnsaved: Bool
    /// The edit page's "Delete this recipe" link.
    let deleteURL: String?
    /// The edit page's buttons to the neighbours' editors.
    let steps: RecipeSteps?
    /// The hints and row words that carry a number, in the page's language.
    let words: RecipeEditorWords
}

/// The edit form's two hidden fields naming the version and field values it was loaded with.
struct EditorBase: Sendable {
    let version: String
    let fields: String
}

/// A submit button that saves, with the URL it posts to.
struct EditorButton: Sendable {
    let label: String
    let formAction: String
}

/// One repeatable section of the editor: its rows as typed (always at least one) and its state.
struct EditorRowSection<Row: Sendable>: Sendable {
    /// The rows; the script makes a new row by copying the first and emptying it, which keeps every cached editor
    /// page 3.7 KB smaller than carrying a blank `<template>` row per section.
    let rows: [Row]
    /// A problem with the section as a whole ("at most 50 ingredients").
    let error: String?
    /// The most rows the section may have.
    let limit: Int
    /// True at the row limit: the "Add…" button is disabled.
    let isFull: Bool
    /// True when the last action should leave the focus on the "Add…" button.
    let focusAdd: Bool
}

/// Which control of a row should have the focus after a row action answered without JavaScript.
struct RowFocus: Sendable, Hashable {
    /// The row's first input.
    var input = false
    /// The "Move … up" button.
    var up = false
    /// The "Move … down" button.
    var down = false
}

/// One ingredient row as typed: quantity and description, each with its message.
struct IngredientRowView: Sendable {
    /// The row's index in the form's field names, from 0.
    let index: Int
    /// The row's number as people count, from 1.
    let number: Int
    let quantity: String
    let description: String
    let quantityError: String?
    let descriptionError: String?
    /// True when either cell has a message (the row is marked as a whole).
    let hasError: Bool
    let focusInput: Bool
    let focusUp: Bool
    let focusDown: Bool
}

/// One row of a section of single texts as typed: a side option, or a step of the method.
struct TextRowView: Sendable {
    let index: Int
    let number: Int
    let text: String
    let textError: String?
    let hasError: Bool
    let focusInput: Bool
    let focusUp: Bool
    let focusDown: Bool
}

/// One nutrition row as typed: name and value, each with its message.
struct NutritionRowView: Sendable {
    let index: Int
    let number: Int
    let name: String
    let value: String
    let nameError: String?
    let valueError: String?
    let hasError: Bool
    let focusInput: Bool
    let focusUp: Bool
    let focusDown: Bool
}
