/// The book list: filters, count line, one page of the table and the links to the pages around it.
struct BookIndexPage: Sendable {
    let page: PageChrome
    /// The search box's text as typed.
    let query: String
    /// The genre select's options, rendered (`partials/filter-choices`).
    let genreOptions: RenderedFragment
    /// The author box's text: as typed, or the name of the author the list is filtered by.
    let authorName: String
    /// Every author's name, for the box's suggestions, rendered.
    let authorNames: RenderedFragment
    /// The publisher select's options, rendered.
    let publisherOptions: RenderedFragment
    /// "All books", "Lent out", "Unread".
    let shelfOptions: [SelectOption]
    let sortOptions: [SelectOption]
    /// True when a search, genre, author or publisher filter is on.
    let filtering: Bool
    /// "Filter" or "Filter (2)": the button that opens the filters on a phone.
    let filterButton: String
    /// The list without filters, keeping the sort order.
    let clearFiltersURL: String
    /// "12 books" or "3 of 12 books match"; nil when nothing matches.
    let countLine: String?
    /// The table's rows, rendered (`partials/book-row`, kept by `BookTableRow.cache`).
    let rows: [RenderedFragment]
    let hasRows: Bool
    /// Shown instead of the table when there is nothing to show.
    let emptyState: EmptyState?
    /// The links to the pages around this one.
    let pages: NumberedPages
    /// False while there are none at all: the page shows only its one action, not search and filters.
    let showsTools: Bool
    /// The table's caption for screen readers: "Books", or "Books, Page 2 of 20".
    let caption: String
}

/// One book in the list table, every value already in words.
struct BookTableRow: Sendable, Hashable {
    let title: String
    let url: String
    /// The publishing year, or "—".
    let year: String
    /// The genre's name, or "—".
    let genre: String
    /// The ISBN hyphenated ("978-0-441-01359-3"), or "—".
    let isbn: String
    /// The authors' names, comma-separated, or "—".
    let authors: String
    /// The row's second line on a phone, where the table's other columns are hidden: "Terry Pratchett · 1983 ·
    /// Fantasy" (what is missing left out).
    let summary: String
    /// Who has it, since when and when it is due back; nil while it is at home.
    var loan: BookLoanFacts? = nil
    /// "Returned", for an editor, on a lent book's row.
    var returnButton: ReturnButton? = nil
    /// "★★★★☆" and its words for screen readers ("4 stars out of 5"); nil when not rated.
    var stars: String? = nil
    var ratingWords: String? = nil
    /// The cover's small version; nil without one.
    var coverURL: String? = nil
}

/// A genre, author or publisher as a link to its page.
struct EntryLinkView: Sendable {
    let name: String
    let url: String
}

/// One book's own page.
struct BookShowPage: Sendable {
    let page: PageChrome
    let title: String
    /// "Last changed by Ana, 14:02".
    let changedBy: String?
    /// The publishing year; nil when it is not known.
    let year: String?
    let genre: EntryLinkView?
    /// The ISBN in its 13-digit form and, when it has one, its 10-digit form ("ISBN-10 0-…"); empty without one.
    let isbns: [String]
    let hasISBN: Bool
    /// "Read", "Reading", "Not read yet"; nil when nobody said.
    let reading: String?
    /// Who has it, since when and when it is due back; nil while the book is at home.
    let loan: BookLoanFacts?
    /// "Lent on 3 May 2024"; nil when not lent or no day was said.
    let lentOn: String?
    /// "Returned", for someone who may change the book, while it is lent.
    var returnButton: ReturnButton? = nil
    /// "★★★★☆" and "4 stars out of 5"; nil when not rated.
    let stars: String?
    let ratingWords: String?
    /// "3 May 2024"; nil when not said.
    let finishedOn: String?
    /// The cover photo and its words for those who cannot see it; nil without one.
    let coverURL: String?
    let coverAlt: String
    let authors: [EntryLinkView]
    let hasAuthors: Bool
    let publishers: [EntryLinkView]
    let hasPublishers: Bool
    let editURL: String
    let deleteURL: String
    /// The book's History page.
    let historyURL: String
    /// Whether the Edit and Delete buttons are offered: the person's role and the record's ACL allow it.
    var canChange = true
    /// Said instead, when only the record's ACL stands in the way.
    var readOnlyNote: String? = nil
}

/// The book form (add and edit), with a way to add a genre, author or publisher without losing what was typed.
struct BookFormPage: Sendable {
    let page: PageChrome
    /// "Add a book" or "Edit book".
    let heading: String
    /// "Last changed by Ana, 14:02" when editing a stored book.
    let changedBy: String?
    /// The version and field tokens the edit form was first loaded with, sent back with every save.
    let editBase: FormEditBase?
    /// "Added author “Ursula K. Le Guin”" after an entry was added from the form.
    let notice: String?
    /// Where the form posts: its own URL.
    let action: String
    let csrfToken: String
    let summary: EditorSummary?
    /// "Save book" or "Save changes".
    let primaryLabel: String
    let titleField: EditorField
    let isbnField: EditorField
    /// The ISBN's message naming the book that already has it, its title a link to that book.
    let isbnUsedBy: LinkedSentence?
    let yearField: EditorField
    /// Next year, the latest publishing year the form accepts.
    let maximumYear: Int
    let genreField: EditorField
    let genreOptions: [SelectOption]
    let newGenre: NewEntryBox
    let authorPicker: EntryPicker
    let publisherPicker: EntryPicker
    /// The cover photo the form holds, and the box to choose one (a phone's picker offers its camera).
    let coverField: EditorPhoto
    /// "Not said", "Not read yet", "Reading", "Read".
    let readingOptions: [SelectOption]
    /// "No rating", "1 star" … "5 stars", as radio buttons.
    let ratingOptions: [RatingOption]
    let ratingError: String?
    /// "Finished on" as three boxes.
    let finishedOnBoxes: DateBoxes
    /// "Due back" as three boxes.
    let dueBackBoxes: DateBoxes
    let lentToField: EditorField
    /// "Lent on" as three boxes: day, month and year in the language's order.
    let lentOnBoxes: DateBoxes
    /// The most characters "Lent to" may have.
    let lentToLimit: Int
    let cancelURL: String
    /// The edit page's "Delete this book" link.
    let deleteURL: String?
    /// "Restore it with my changes" on the form of a book deleted while it was open; nil otherwise.
    let restoreAction: String?
}

/// One radio button of the rating: "No rating" or "3 stars".
struct RatingOption: Sendable {
    /// "rating-none", "rating-3".
    let id: String
    /// "" or "1"…"5".
    let value: String
    /// "★★★☆☆" for the eye, beside the words (hidden from screen readers, which say the words); empty for none.
    let stars: String
    let label: String
    let checked: Bool
}

/// The hidden `_version` and `_base` fields of an edit form.
struct FormEditBase: Sendable {
    let version: String
    let fields: String

    init(_ base: EditBase) {
        version = base.versionText
        fields = base.fieldsText
    }
}

/// A text field and button that add a genre, author or publisher from the book form ("New author", "Add author").
struct NewEntryBox: Sendable {
    /// The `add-entry` button's value: "genre", "author", "publisher".
    let kind: String
    /// The text field's id and name: "new-author".
    let fieldId: String
    let label: String
    let buttonLabel: String
    let field: EditorField
    /// "Did you mean “Terry Pratchett”?" with its two answers; nil when nothing is asked.
    let question: NearNameQuestion?
    /// The typed name the person said is new, sent back so it is not asked about again; nil when not said.
    let keptName: String?
}

/// "Did you mean “Terry Pratchett”?" under a typed new name: two buttons of the book form, one using the existing
/// entry and one keeping the name as typed.
struct NearNameQuestion: Sendable {
    let text: String
    /// "near-use-author", with the existing entry's id as its value.
    let useName: String
    let useValue: String
    /// "Use “Terry Pratchett”".
    let useLabel: String
    /// "near-keep-author", with the typed name as its value.
    let keepName: String
    let keepValue: String
    /// "Add “Terry Prachett” as a new author".
    let keepLabel: String
    /// "add" when the question came from the "Add …" button, else "save": what answering it goes on to do.
    let then: String
}

/// The checkboxes of the authors or publishers, with their filter box and the way to add one.
struct EntryPicker: Sendable {
    /// "authors" or "publishers": the fieldset's id, where the error summary links.
    let fieldsetId: String
    let legend: String
    /// "Filter authors".
    let filterLabel: String
    /// "No authors match".
    let noMatch: String
    /// "No authors yet — add one below."
    let none: String
    let options: [CheckboxOption]
    let hasOptions: Bool
    let error: String?
    let newEntry: NewEntryBox
    /// "author": the "Find" button's value.
    let kind: String
    /// The "Find" box's name ("find-author") and text as typed.
    let findName: String
    let findText: String
    /// "Type part of a name and press Find; ticked authors stay in the list."
    let findHint: String
    /// True when "Find" left no unticked name to show.
    let nothingFound: Bool
}

/// One checkbox of a picker.
struct CheckboxOption: Sendable {
    /// The input's id: "author-<objectId>".
    let id: String
    /// The field name: "author" or "publisher".
    let name: String
    /// The entry's objectId.
    let value: String
    let title: String
    let checked: Bool
}

/// The delete confirmation page, naming the book that will be lost.
struct BookDeletePage: Sendable {
    let page: PageChrome
    /// "You are about to delete “Dune” and its ISBN from the catalogue. …", the title in bold.
    let question: MarkedSentence
    let action: String
    let csrfToken: String
    let cancelURL: String
}
