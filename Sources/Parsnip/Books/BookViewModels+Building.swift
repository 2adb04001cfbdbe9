import Foundation

extension BookIndexPage {
    /// The list page for one page of results read with `query`, with every entry in the filter selects, their
    /// options and rows rendered by `pieces`.
    init(
        result: BookListPage, query: BookListQuery, entries: [CatalogueKind: [CatalogueEntryUsage]], pageSize: Int,
        visitor: BookVisitor, pieces: BookListPieces, loans: BookLoanContext
    ) {
        let language = visitor.language
        let heading = language.text("books.list.heading")
        let chrome = visitor.chrome(heading)
        let rows = result.books.map { book in
            pieces.rows.piece(
                BookFormatting.row(
                    book, loans: loans,
                    canChange: ReadOnlyRecord.mayChange(writers: book.writers, canEdit: chrome.canEdit),
                    in: language),
                in: language)
        }
        let filtering = query.isFiltering
        var emptyState = BookFormatting.emptyState(
            isEmpty: rows.isEmpty, filtering: filtering, total: result.total,
            totalWithoutFilters: result.totalWithoutFilters, firstPageURL: query.url(page: 1), in: language)
        if !chrome.canEdit, let empty = emptyState, empty.link?.url == BookFormatting.addURL {
            // A viewer cannot add the first book: the empty list says so without a link.
            emptyState = EmptyState(message: empty.message, advice: nil, link: nil)
        }
        let pages = NumberedList.pages(
            page: query.page, total: result.total, pageSize: pageSize, hasRows: !rows.isEmpty, language: language,
            url: query.url(page:))
        let pageCount = max(1, (result.total + max(1, pageSize) - 1) / max(1, pageSize))
        self.init(
            page: chrome,
            query: query.search == nil ? "" : query.typed,
            genreOptions: pieces.choices.piece(
                FilterChoices(
                    options: BookFormatting.filterOptions(
                        entries[.genre] ?? [], kind: .genre, chosen: query.genreId, in: language)),
                in: language),
            authorName: query.authorName
                ?? query.authorId.flatMap { id in entries[.author]?.first { $0.entry.id == id }?.entry.name } ?? "",
            authorNames: pieces.choices.piece(
                FilterChoices(names: (entries[.author] ?? []).map(\.entry.name)), in: language),
            publisherOptions: pieces.choices.piece(
                FilterChoices(
                    options: BookFormatting.filterOptions(
                        entries[.publisher] ?? [], kind: .publisher, chosen: query.publisherId, in: language)),
                in: language),
            shelfOptions: [
                SelectOption(value: "", title: language.text("books.shelf.all"), selected: query.shelf == nil)
            ]
                + BookShelf.allCases.map {
                    SelectOption(value: $0.rawValue, title: $0.title(in: language), selected: query.shelf == $0)
                },
            sortOptions: [
                SelectOption(
                    value: BookSort.title.rawValue, title: language.text("books.sort.title"),
                    selected: query.sort == .title),
                SelectOption(
                    value: BookSort.year.rawValue, title: language.text("books.sort.year"),
                    selected: query.sort == .year),
            ],
            filtering: filtering,
            filterButton: FilterButton.title(active: query.activeFilterCount, in: language),
            clearFiltersURL: query.clearFiltersURL,
            countLine: result.total == 0
                ? nil
                : BookFormatting.countLine(
                    matching: result.total, all: result.totalWithoutFilters, filtered: filtering, in: language),
            rows: rows,
            hasRows: !rows.isEmpty,
            emptyState: emptyState,
            pages: pages,
            // An empty list offers its one action, not a search and filters over nothing.
            showsTools: filtering || result.totalWithoutFilters > 0,
            caption: pageCount > 1 && !rows.isEmpty
                ? language.text("books.list.captionPage", counts: ["page": query.page, "pages": pageCount])
                : heading
        )
    }
}

extension BookShowPage {
    /// The page of `book` for `visitor`, its byline worded for `now`, its loan for `loans.today`.
    init(book: Book, visitor: BookVisitor, now: Date, loans: BookLoanContext) {
        let id = book.id ?? ""
        let language = visitor.language
        self.init(
            page: visitor.chrome(book.title),
            title: book.title,
            changedBy: book.changeStamp?.byline(now: now, language: language),
            year: book.publishingYear.map(String.init),
            genre: book.genre.map(BookFormatting.link),
            isbns: book.isbn.map(BookFormatting.isbnForms) ?? [],
            hasISBN: book.isbn != nil,
            reading: book.readingStatus?.title(in: language),
            loan: BookLoanWords.facts(book, today: loans.today, in: language),
            lentOn: book.lentOn.map { language.text("books.show.lentOn", ["day": LocalFormats.day($0, in: language)]) },
            stars: book.rating.map(BookRating.drawn),
            ratingWords: book.rating.map { BookRating.words($0, in: language) },
            finishedOn: book.finishedOn.map { LocalFormats.day($0, in: language) },
            coverURL: book.cover.map { BookCover.url($0) },
            coverAlt: language.text("books.show.coverAlt", ["title": book.title]),
            authors: book.authors.map(BookFormatting.link),
            hasAuthors: !book.authors.isEmpty,
            publishers: book.publishers.map(BookFormatting.link),
            hasPublishers: !book.publishers.isEmpty,
            editURL: "/books/\(id)/edit",
            deleteURL: "/books/\(id)/delete",
            historyURL: "/books/\(id)/history"
        )
        canChange = ReadOnlyRecord.mayChange(writers: book.writers, canEdit: page.canEdit)
        readOnlyNote = ReadOnlyRecord.note(
            thing: "book", writers: book.writers, canEdit: page.canEdit, language: language)
        returnButton = BookLoanWords.button(book, loans: loans, canChange: canChange, in: language)
    }
}

/// What the book form is for: a new book, a stored one, or one deleted while it was being edited.
enum BookFormMode: Sendable {
    case new
    case edit(Book)
    /// The book being edited no longer exists: saving carries on as a new book. `reason`, in the page's language,
    /// says why it cannot be restored with the changes.
    case deleted(id: String, notice: DeletedWhileEditing, reason: String? = nil)
}

/// The book form as the person left it: the draft, its problems, and the "New …" fields.
struct BookFormState: Sendable {
    var draft: BookDraft
    var problems: [BookDraft.Problem] = []
    /// A message beside a "New genre/author/publisher" field.
    var entryProblems: [CatalogueKind: Words] = [:]
    /// What was typed into the "New …" fields.
    var newNames: [CatalogueKind: String] = [:]
    /// The book that already has the typed ISBN.
    var isbnUsedBy: EntryLinkView?
    /// What an edit form was first loaded with: the stored book's on a fresh form, the posted one on a form shown
    /// again (so the save still merges against what the person started from); nil on a new book's form.
    var base: EditBase?
    /// "Added author “…”" after an entry was added, in the page's language.
    var notice: String?
    /// The existing entry a typed new name is a letter or two from, asked about ("Did you mean …?").
    var nearMatches: [CatalogueKind: CatalogueEntry] = [:]
    /// True when the question came from an "Add …" button (answering it adds or uses, without saving the book).
    var nearAfterAdding = false
    /// Typed new names the person said are new ("Add … as a new author"): not asked about again.
    var keptNames: [CatalogueKind: String] = [:]
    /// What was typed into each picker's "Find" box; the picker shows only the names holding it (and ticked ones).
    var findTexts: [CatalogueKind: String] = [:]

    init(draft: BookDraft) {
        self.draft = draft
    }
}

extension BookFormPage {

    /// The form showing `state`, every problem beside its field and in the summary, the pickers listing `entries`.
    init(
        mode: BookFormMode, state: BookFormState, entries: [CatalogueKind: [CatalogueEntryUsage]], maximumYear: Int,
        csrfToken: String, visitor: BookVisitor, now: Date
    ) {
        let language = visitor.language
        let draft = state.draft
        var messages: [String: String] = [:]
        for problem in state.problems where messages[problem.field.htmlId] == nil {
            messages[problem.field.htmlId] = problem.message.text(in: language)
        }
        func field(_ id: String, _ value: String, hint: Bool) -> EditorField {
            let error = messages[id]
            let ids = [hint ? "\(id)-hint" : nil, error == nil ? nil : "\(id)-error"].compactMap { $0 }
            return EditorField(value: value, error: error, describedBy: ids.isEmpty ? nil : ids.joined(separator: " "))
        }
        func newEntry(_ kind: CatalogueKind) -> NewEntryBox {
            NewEntryBox(kind: kind, state: state, in: language)
        }
        func picker(_ kind: CatalogueKind, chosen: [String], field: BookDraft.Field) -> EntryPicker {
            EntryPicker(
                kind: kind, entries: entries[kind] ?? [], chosen: chosen, fieldsetId: field.htmlId,
                error: messages[field.htmlId], newEntry: newEntry(kind), findText: state.findTexts[kind] ?? "",
                in: language)
        }

        var conflict: String?
        var restore: String?
        let title: String
        var byline: String?
        var base: EditBase?
        switch mode {
        case .new:
            title = language.text("books.form.addHeading")
            action = "/books/new"
            primaryLabel = language.text("books.form.saveBook")
            cancelURL = "/books"
            deleteURL = nil
        case .edit(let book):
            let id = book.id ?? ""
            title = language.text("books.form.editHeading")
            action = "/books/\(id)/edit"
            primaryLabel = language.text("books.form.saveChanges")
            cancelURL = "/books/\(id)"
            deleteURL = "/books/\(id)/delete"
            byline = book.changeStamp?.byline(now: now, language: language)
            base = state.base
        case .deleted(let id, let notice, let reason):
            title = language.text("books.form.editHeading")
            let next =
                notice.trashId == nil
                ? language.text("books.form.deletedSaveAsNew") : language.text("books.form.deletedSaveOrRestore")
            let deleted = notice.sentence(thing: "book", language: language)
            conflict = reason ?? language.text("books.form.deletedThen", ["deleted": deleted, "next": next])
            restore = notice.trashId != nil && reason == nil ? "/books/\(id)/restore" : nil
            action = "/books/new"
            primaryLabel = language.text("books.form.saveAsNew")
            cancelURL = "/books"
            deleteURL = nil
        }
        page = visitor.chrome(title)
        heading = title
        changedBy = byline
        editBase = base.map(FormEditBase.init)
        notice = state.notice
        restoreAction = restore
        self.csrfToken = csrfToken
        var errors = state.problems.map { ErrorLink(fieldId: $0.field.htmlId, message: $0.message.text(in: language)) }
        for kind in CatalogueKind.allCases {
            if let message = state.entryProblems[kind] {
                errors.append(ErrorLink(fieldId: "new-\(kind.singular)", message: message.text(in: language)))
            }
            if let near = state.nearMatches[kind] {
                let question = language.text("books.near.question", ["name": near.name])
                errors.append(ErrorLink(fieldId: "new-\(kind.singular)", message: question))
            }
        }
        summary =
            conflict == nil && errors.isEmpty
            ? nil : EditorSummary(conflict: conflict, errors: errors, hasErrors: !errors.isEmpty)
        titleField = field(BookDraft.Field.title.htmlId, draft.title, hint: true)
        isbnField = field(BookDraft.Field.isbn.htmlId, draft.isbn, hint: true)
        isbnUsedBy = state.isbnUsedBy.map { book in
            LinkedSentence(
                MarkedSentence(
                    Words("books.error.isbnUsedBy"), marking: "book",
                    as: BookFormatting.quoted(book.name, in: language),
                    in: language),
                url: book.url)
        }
        yearField = field(BookDraft.Field.publishingYear.htmlId, draft.year, hint: true)
        self.maximumYear = maximumYear
        genreField = field(BookDraft.Field.genre.htmlId, draft.genreId, hint: false)
        genreOptions =
            [SelectOption(value: "", title: language.text("books.form.chooseGenre"), selected: draft.genreId.isEmpty)]
            + (entries[.genre] ?? []).map {
                SelectOption(value: $0.entry.id, title: $0.entry.name, selected: $0.entry.id == draft.genreId)
            }
        newGenre = newEntry(.genre)
        authorPicker = picker(.author, chosen: draft.authorIds, field: .authors)
        publisherPicker = picker(.publisher, chosen: draft.publisherIds, field: .publishers)
        // "Not said" only for a book that says none (one a Parse app or an import wrote), so it is never changed
        // by a save that did not mean to.
        readingOptions =
            (draft.readingStatus.isEmpty
                ? [SelectOption(value: "", title: language.text("books.reading.notSaid"), selected: true)] : [])
            + ReadingStatus.allCases.map {
                SelectOption(
                    value: $0.rawValue, title: $0.title(in: language), selected: $0.rawValue == draft.readingStatus)
            }
        let coverError = messages[BookDraft.Field.cover.htmlId]
        coverField = EditorPhoto(
            name: draft.cover, smallURL: draft.cover.isEmpty ? nil : BookCover.url(draft.cover, small: true),
            shownName: PhotoUpload.shownName(draft.cover),
            caption: language.text("books.form.coverNow", ["name": PhotoUpload.shownName(draft.cover)]),
            error: coverError,
            describedBy: coverError == nil
                ? "\(BookCover.fileField)-hint" : "\(BookCover.fileField)-hint \(BookCover.fileField)-error")
        ratingOptions =
            [
                RatingOption(
                    id: "rating-none", value: "", stars: "", label: language.text("books.rating.none"),
                    checked: BookRating.stars(draft.rating) == nil)
            ]
            + BookRating.range.map { stars in
                RatingOption(
                    id: "rating-\(stars)", value: String(stars), stars: BookRating.drawn(stars),
                    label: language.text("books.rating.stars", counts: ["stars": stars]),
                    checked: BookRating.stars(draft.rating) == stars)
            }
        ratingError = messages[BookDraft.Field.rating.htmlId]
        finishedOnBoxes = DateBoxes(
            name: BookDraft.Field.finishedOn.htmlId, legend: language.text("books.field.finishedOn"),
            hint: language.text("books.form.finishedOnHint"), text: draft.finishedOn,
            error: messages[BookDraft.Field.finishedOn.htmlId], language: language)
        dueBackBoxes = DateBoxes(
            name: BookDraft.Field.dueBack.htmlId, legend: language.text("books.field.dueBack"),
            hint: language.text("books.form.dueBackHint"), text: draft.dueBack,
            error: messages[BookDraft.Field.dueBack.htmlId], language: language)
        lentToField = field(BookDraft.Field.lentTo.htmlId, draft.lentTo, hint: true)
        lentOnBoxes = DateBoxes(
            name: BookDraft.Field.lentOn.htmlId, legend: language.text("books.field.lentOn"),
            hint: language.text("books.form.lentOnHint"), text: draft.lentOn,
            error: messages[BookDraft.Field.lentOn.htmlId], language: language)
        lentToLimit = BookDraft.Limits.lentToLength
    }
}
