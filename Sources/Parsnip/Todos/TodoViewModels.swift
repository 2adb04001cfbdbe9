import Foundation

/// The list page: search box, order, count line, one page of to-dos, the pages around it and the recently done.
struct TodoListPage: Sendable {
    let page: PageChrome
    /// "To-do list", or "Done" for the list of done ones.
    let heading: String
    /// True on the list of done to-dos.
    let showingDone: Bool
    /// The search text as typed, put back into the search box.
    let query: String
    let searching: Bool
    /// Where "Clear search" goes: the same list without the search.
    let clearSearchURL: String
    /// "Everyone's" and "Mine", for a signed-in person; empty otherwise.
    let whoLinks: [TodoSortLink]
    let hasWhoLinks: Bool
    /// The orders offered for the open to-dos; empty on the done list.
    let sortLinks: [TodoSortLink]
    let hasSortLinks: Bool
    /// The sort kept by the search form (a hidden field); nil for the default.
    let sortField: String?
    /// "5 to do, 12 done", or "3 to-dos match “milk”: 2 to do, 1 done" when searching; nil when there are none.
    let countLine: String?
    /// "Overdue (2)" and "Today (1)" above the rest, on the first page of the open list; empty otherwise.
    let groups: [TodoGroup]
    /// "Everything else" above the page's other rows when groups are shown; nil otherwise.
    let restHeading: String?
    /// The page's rows, each rendered with `partials/todo-row`.
    let items: [RenderedFragment]
    let hasItems: Bool
    /// The quick-add box at the top (editors, on the open list): its form token and the way back to this page.
    let showsQuickAdd: Bool
    let csrfToken: String
    let backURL: String
    /// Shown instead of the list when there is nothing to show.
    let emptyState: EmptyState?
    let pages: NumberedPages
    /// The few most recently done, below the open ones on their first page; nil when there are none to show.
    let doneSection: TodoDoneSection?
    /// False while there are no to-dos at all: the page shows only its one action, not the search box.
    let showsTools: Bool
}

/// A group above the open list: the to-dos overdue, or due today, with a link to the rest when it shows only some.
struct TodoGroup: Sendable {
    /// The heading's id, for the list's `aria-labelledby`.
    let id: String
    /// "Overdue (2)".
    let heading: String
    let items: [RenderedFragment]
    /// "Show all 60 by due date" when the group holds more than it shows; nil otherwise.
    let moreLink: EmptyStateLink?
}

/// One order the open to-dos can be listed in, as a link.
struct TodoSortLink: Sendable {
    let label: String
    let url: String
    let current: Bool
}

/// "Done (12)": the most recently done to-dos, and a link to all of them when there are more.
struct TodoDoneSection: Sendable {
    let heading: String
    let items: [RenderedFragment]
    /// "Show all 12 done to-dos"; nil when every done one is already shown.
    let moreLink: EmptyStateLink?
}

/// One to-do in a list: its title linking to its page, the start of its description, when it is due, and its
/// tick button.
struct TodoRow: Sendable, Hashable {
    let title: String
    /// The title in the language's quotation marks ("“Soup”", "«Soup»", "「Soup」"), for the hidden words of the
    /// Edit and Delete links.
    let quotedTitle: String
    /// The to-do's own page.
    let url: String
    /// The start of the description, cut at 120 characters with "…"; nil when there is none.
    let preview: String?
    let done: Bool
    /// "Due tomorrow", "Overdue since 3 March"; nil when it has no due date or is done.
    let dueText: String?
    let overdue: Bool
    /// "Done 3 May"; nil while it is not done.
    let doneText: String?
    /// "For Ana": who is to do it; nil when anyone may.
    let who: String?
    /// "Repeats every Tuesday"; nil when it does not repeat or is done.
    let repeatText: String?
    let tick: TodoTick
    let editURL: String
    let deleteURL: String
}

/// Everything a list row is made from: the to-do as read, the household's day it is shown on, the visitor's rights,
/// the form token's stand-in, the way back and the language. It is the row's key in the list's `FragmentCache`: the
/// same source always renders the same row (the household's time zone, the other input, is fixed for a controller
/// and so for its cache), and a cached row costs no formatting at all — its words, days and preview are made only
/// when it is rendered.
struct TodoRowSource: Sendable, Hashable {
    let item: TodoListItem
    let today: CalendarDate
    /// Whether the visitor may tick, edit and delete.
    let canEdit: Bool
    /// The tick forms' token (the page cache's stand-in when the page is shared).
    let csrfToken: String
    /// The list page a tick button sends the person back to.
    let backURL: String
    let language: Language
}

/// One row as `partials/todo-row` renders it: the to-do in words, beside what the list page gives every row (the
/// source's rights, token and way back).
struct TodoRowFragment: Sendable, Hashable {
    let row: TodoRow
    let source: TodoRowSource

    /// The row `source` makes, its days said on the household's clock (`timeZone`).
    init(_ source: TodoRowSource, timeZone: TimeZone) {
        self.row = TodoFormatting.row(source.item, today: source.today, timeZone: timeZone, in: source.language)
        self.source = source
    }
}

/// The button that ticks a to-do off or opens it again: a form of its own that works without JavaScript.
struct TodoTick: Sendable, Hashable {
    let action: String
    /// What the button sets: "1" to tick off, "0" to open again.
    let value: String
    /// "Done", pressed or not, for "“Buy milk”".
    let pressed: Bool
    let label: String
}

/// The page of one to-do: everything it holds, its description with its line breaks.
struct TodoShowPage: Sendable {
    let page: PageChrome
    let title: String
    /// The whole description; the page keeps its line breaks.
    let description: String
    let hasDescription: Bool
    let row: TodoRow
    /// "To do", or the done words ("Done today") when it is done.
    let stateText: String
    /// "Added 3 May 2024 at 14:05".
    let addedText: String
    /// "Last changed by Ana, 14:02".
    let changedBy: String
    let historyURL: String
    let csrfToken: String
    let backURL: String
    /// Whether the Tick, Edit and Delete controls are offered: the person's role and the to-do's ACL allow it.
    let canChange: Bool
    /// Said instead, when only the to-do's ACL stands in the way.
    let readOnlyNote: String?
    /// The recipe the to-do was added from; nil for other to-dos.
    var recipeURL: String? = nil
}

/// The add and edit pages: one form with a title, a description, a due date and (when editing) done.
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
    /// What the person can do about it: save it as new, or also restore it with their changes.
    var deletedAdvice: String? = nil
    /// The "Restore it with my changes" button's action; nil when there is nothing in the trash to restore.
    var restoreAction: String? = nil
}

/// The fields of the to-do form, as typed, with a message per wrong field.
struct TodoFormFields: Sendable {
    let title: String
    let description: String
    /// The due date's three boxes, holding what was typed.
    let dueDateBoxes: DateBoxes
    /// "Who": anyone, or one of the household's members; shown when there is someone to choose.
    let whoOptions: [TodoChoice]
    let showsWho: Bool
    let whoError: String?
    /// "Repeats": never, every day, week, month or year.
    let repeatOptions: [TodoChoice]
    let repeatsError: String?
    let done: Bool
    /// True on the edit form, which has the "Done" checkbox.
    let showsDone: Bool
    let titleError: String?
    let descriptionError: String?
    /// `aria-describedby` of the title: its hint, and its error when there is one.
    let titleDescribedBy: String
    let descriptionDescribedBy: String
    /// "What needs doing, in up to 200 characters."
    let titleHint: String
    /// "Optional. Any details, in up to 5,000 characters."
    let descriptionHint: String
    /// The error summary's links, in field order; empty when the form has no problems.
    let errors: [ErrorLink]
    let hasErrors: Bool
}

/// One choice of a select on the to-do form ("Who", "Repeats").
struct TodoChoice: Sendable {
    /// The value sent: a person's name or a frequency; "" for anyone or never.
    let value: String
    let label: String
    let selected: Bool
}

/// The delete confirmation page, naming the to-do that will be lost.
struct TodoDeletePage: Sendable {
    let page: PageChrome
    /// The to-do's title in the language's quotation marks, shown in bold within the question.
    let quotedTitle: String
    /// The words before and after the title: "You are about to delete " and ". It goes to the trash, …".
    let leadBefore: String
    let leadAfter: String
    let action: String
    let csrfToken: String
}
