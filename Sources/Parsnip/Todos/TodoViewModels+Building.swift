import Foundation

/// What the list page needs besides the page of to-dos: where it is, which page number, the visitor and the day.
struct TodoListContext: Sendable {
    let address: TodoListAddress
    /// The page number shown ("Page 2 of 4"), as the link that led here said.
    let pageNumber: Int
    let pageSize: Int
    /// The search box's text as the person typed it.
    let typed: String
    let today: CalendarDate
    let timeZone: TimeZone
    /// The query string of this page, for the tick buttons' way back: the list's own parameters only, so a row
    /// renders the same on every address of the same page.
    let query: String
    /// The token for the tick buttons' forms (the page cache's stand-in when the page is shared).
    let csrfToken: String
}

extension TodoListPage {
    /// How many of the most recently done to-dos the open list shows below its first page.
    static let recentlyDoneShown = 3

    /// The list page for one page of results; `renderRow` renders a row with `partials/todo-row` (through the
    /// list's `FragmentCache`).
    init(
        page result: TodoPage, list: TodoListContext, chrome context: ParsnipRequestContext,
        renderRow: (TodoRowFragment) -> RenderedFragment
    ) {
        let address = list.address
        let showingDone = address.part == .done
        let chrome = PageChrome(title: showingDone ? "Done to-dos" : "To-do list", context: context, inTodos: true)
        let backURL = list.query.isEmpty ? "/todos" : "/todos?" + list.query
        let row = { (item: TodoListItem) in
            renderRow(
                TodoRowFragment(
                    row: TodoFormatting.row(item, today: list.today, timeZone: list.timeZone),
                    canEdit: ReadOnlyRecord.mayChange(writers: item.writers, canEdit: chrome.canEdit),
                    csrfToken: list.csrfToken, backURL: backURL))
        }
        let items = result.items.map(row)
        let pageCount = max(1, (result.total + list.pageSize - 1) / list.pageSize)
        let pageNumber = result.hasPrevious ? min(max(2, list.pageNumber), pageCount) : 1
        let pages: NumberedPages
        if address.pagedByCursor {
            let next = result.hasNext ? result.items.last.map { PageCursor($0).text } : nil
            let previous = result.hasPrevious ? result.items.first.map { PageCursor($0).text } : nil
            pages = NumberedPages(
                previousURL: previous.map { address.url(["before=\($0)", "page=\(pageNumber - 1)"]) },
                nextURL: next.map { address.url(["after=\($0)", "page=\(pageNumber + 1)"]) },
                pageLine: pageCount > 1 && !items.isEmpty
                    ? "Page \(NumberText.grouped(pageNumber)) of \(NumberText.grouped(pageCount))" : nil)
        } else {
            pages = NumberedList.pages(
                page: list.pageNumber, total: result.total, pageSize: list.pageSize, hasRows: !items.isEmpty,
                url: address.page)
        }
        let everything = result.openCount + result.doneCount
        self.init(
            page: chrome,
            heading: showingDone ? "Done" : "To-do list",
            showingDone: showingDone,
            query: address.search == nil ? "" : list.typed,
            searching: address.search != nil,
            clearSearchURL: address.with(search: .some(nil)).url(),
            sortLinks: showingDone
                ? []
                : TodoSort.allCases.map { sort in
                    TodoSortLink(
                        label: sort == .newest ? "Newest first" : "By due date",
                        url: address.with(sort: sort).url(), current: sort == address.sort)
                },
            hasSortLinks: !showingDone && result.openCount > 1,
            sortField: address.sort == .newest || showingDone ? nil : address.sort.rawValue,
            countLine: everything == 0
                ? nil
                : TodoFormatting.countLine(open: result.openCount, done: result.doneCount, search: address.search),
            items: items,
            hasItems: !items.isEmpty,
            emptyState: Self.emptyState(result, address: address, hasRows: !items.isEmpty),
            pages: pages,
            doneSection: Self.doneSection(result, address: address, row: row),
            // An empty list offers its one action, "Add your first to-do", not a search of nothing.
            showsTools: address.search != nil || everything > 0
        )
    }

    /// What to show instead of an empty list.
    static func emptyState(_ result: TodoPage, address: TodoListAddress, hasRows: Bool) -> EmptyState? {
        guard !hasRows else { return nil }
        let everything = result.openCount + result.doneCount
        if let search = address.search, everything == 0 {
            // The "Clear search" link is already above the list: one link, not two.
            return EmptyState(
                message: "No to-dos match “\(search)”", advice: "Check the spelling or try fewer words.", link: nil)
        }
        if everything == 0 {
            return EmptyState(
                message: "No to-dos yet", advice: nil,
                link: EmptyStateLink(text: "Add your first to-do", url: "/todos/new"))
        }
        if result.total == 0 {
            return address.part == .done
                ? EmptyState(
                    message: "Nothing is done yet", advice: "Tick a to-do off and it moves here.",
                    link: EmptyStateLink(text: "Back to the to-do list", url: address.with(part: .open).url()))
                : EmptyState(
                    message: "Nothing left to do", advice: "Every to-do here is done. Well done!", link: nil)
        }
        return EmptyState(
            message: "There are no more to-dos on this page.", advice: nil,
            link: EmptyStateLink(text: "Go to the first page", url: address.url()))
    }

    /// "Done (12)" below the first page of open to-dos, with the most recently done.
    static func doneSection(_ result: TodoPage, address: TodoListAddress, row: (TodoListItem) -> RenderedFragment)
        -> TodoDoneSection?
    {
        guard address.part == .open, !result.recentlyDone.isEmpty else { return nil }
        let count = NumberText.grouped(result.doneCount)
        let more =
            result.doneCount > result.recentlyDone.count
            ? EmptyStateLink(text: "Show all \(count) done to-dos", url: address.with(part: .done).url()) : nil
        return TodoDoneSection(heading: "Done (\(count))", items: result.recentlyDone.map(row), moreLink: more)
    }
}

extension TodoFormFields {
    /// The form as typed, with each problem put next to its field and into the summary; `showsDone` on the edit
    /// form.
    init(draft: TodoDraft, problems: [TodoDraft.Problem], showsDone: Bool = false) {
        let error = { (field: TodoDraft.Field) in problems.first { $0.field == field }?.message }
        let describedBy = { (field: TodoDraft.Field) in
            "\(field.rawValue)-hint" + (error(field) == nil ? "" : " \(field.rawValue)-error")
        }
        self.init(
            title: draft.title,
            description: draft.description,
            dueDate: draft.dueDate,
            done: draft.done,
            showsDone: showsDone,
            titleError: error(.title),
            descriptionError: error(.description),
            dueDateError: error(.dueDate),
            titleDescribedBy: describedBy(.title),
            descriptionDescribedBy: describedBy(.description),
            dueDateDescribedBy: describedBy(.dueDate),
            titleLimit: TodoDraft.titleLimit,
            descriptionLimit: TodoDraft.descriptionLimit,
            errors: problems.map { ErrorLink(fieldId: $0.field.rawValue, message: $0.message) },
            hasErrors: !problems.isEmpty
        )
    }
}
