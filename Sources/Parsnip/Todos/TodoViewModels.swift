/// The list page: search box, count line, one page of to-dos and the links to the pages around it.
struct TodoListPage: Sendable {
    let page: PageChrome
    /// The search text as typed, put back into the search box.
    let query: String
    let searching: Bool
    /// "128 to-dos", or "3 to-dos match “milk”" when searching; nil when there are none.
    let countLine: String?
    let items: [TodoRow]
    let hasItems: Bool
    /// Shown instead of the list when there is nothing to show.
    let emptyState: EmptyState?
    let nextURL: String?
    let previousURL: String?
    let hasPagination: Bool
    /// False while there are no to-dos at all: the page shows only its one action, not the search box.
    let showsTools: Bool
}

/// One to-do in the list, with its text shortened and dates formatted.
struct TodoRow: Sendable {
    let title: String
    /// The start of the description, cut at 120 characters with "…"; nil when there is none.
    let preview: String?
    let createdISO: String
    let createdText: String
    let editURL: String
    let deleteURL: String
}

/// The add and edit pages: one form with a title and a description.
struct TodoFormPage: Sendable {
    let page: PageChrome
    let heading: String
    /// Where the form posts to.
    let action: String
    let csrfToken: String
    let form: TodoFormFields
    /// The primary button: "Add to-do" or "Save changes".
    let submitLabel: String
    /// The edit page's "Delete this to-do" link; nil on the add page.
    let deleteURL: String?
    /// The stored version the edit form was loaded from (`_version`); nil on the add form.
    let version: String?
    /// The loaded fields' fingerprints (`_base`); nil on the add form.
    let base: String?
    /// "Last changed by Ana, 14:02"; nil on the add form.
    let changedBy: String?
    /// "Ana deleted this to-do at 14:02 while you were editing."; nil unless the edited to-do is gone.
    var deletedNotice: String? = nil
    /// The "Restore it with my changes" button's action; nil when there is nothing in the trash to restore.
    var restoreAction: String? = nil
}

/// The fields of the to-do form, as typed, with a message per wrong field.
struct TodoFormFields: Sendable {
    let title: String
    let description: String
    let titleError: String?
    let descriptionError: String?
    /// `aria-describedby` of the title: its hint, and its error when there is one.
    let titleDescribedBy: String
    let descriptionDescribedBy: String
    let titleLimit: Int
    let descriptionLimit: Int
    /// The error summary's links, in field order; empty when the form has no problems.
    let errors: [ErrorLink]
    let hasErrors: Bool
}

/// The delete confirmation page, naming the to-do that will be lost.
struct TodoDeletePage: Sendable {
    let page: PageChrome
    let title: String
    let action: String
    let csrfToken: String
}
