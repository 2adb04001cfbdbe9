extension TodoListPage {
    /// The list page for one page of results; `typed` is the search box's text as the person typed it.
    init(page result: TodoPage, search: String?, typed: String, chrome context: ParsnipRequestContext) {
        let searchParameter = search.map { "&q=" + PercentEncoding.encode($0) } ?? ""
        let items = result.items.map(TodoFormatting.row)
        let nextURL =
            result.hasNext ? result.items.last.map { "/todos?after=\(PageCursor($0).text)\(searchParameter)" } : nil
        let previousURL =
            result.hasPrevious
            ? result.items.first.map { "/todos?before=\(PageCursor($0).text)\(searchParameter)" } : nil
        let emptyState: EmptyState?
        switch (items.isEmpty, search) {
        case (false, _):
            emptyState = nil
        case (true, let search?) where result.total == 0:
            // The "Clear search" link is already above the list: one link, not two.
            emptyState = EmptyState(
                message: "No to-dos match “\(search)”", advice: "Check the spelling or try fewer words.", link: nil
            )
        case (true, _) where result.total == 0:
            emptyState = EmptyState(
                message: "No to-dos yet", advice: nil,
                link: EmptyStateLink(text: "Add your first to-do", url: "/todos/new")
            )
        case (true, _):
            let firstPage = search.map { "/todos?q=" + PercentEncoding.encode($0) } ?? "/todos"
            emptyState = EmptyState(
                message: "There are no more to-dos on this page.", advice: nil,
                link: EmptyStateLink(text: "Go to the first page", url: firstPage)
            )
        }
        self.init(
            page: PageChrome(title: "To-do list", context: context, inTodos: true),
            query: search == nil ? "" : typed,
            searching: search != nil,
            countLine: result.total == 0 ? nil : TodoFormatting.countLine(total: result.total, search: search),
            items: items,
            hasItems: !items.isEmpty,
            emptyState: emptyState,
            nextURL: nextURL,
            previousURL: previousURL,
            hasPagination: nextURL != nil || previousURL != nil,
            // An empty list offers its one action, "Add your first to-do", not a search of nothing.
            showsTools: search != nil || result.total > 0
        )
    }
}

extension TodoFormFields {
    /// The form as typed, with each problem put next to its field and into the summary.
    init(draft: TodoDraft, problems: [TodoDraft.Problem]) {
        let titleError = problems.first { $0.field == .title }?.message
        let descriptionError = problems.first { $0.field == .description }?.message
        self.init(
            title: draft.title,
            description: draft.description,
            titleError: titleError,
            descriptionError: descriptionError,
            titleDescribedBy: titleError == nil ? "title-hint" : "title-hint title-error",
            descriptionDescribedBy: descriptionError == nil ? "description-hint" : "description-hint description-error",
            titleLimit: TodoDraft.titleLimit,
            descriptionLimit: TodoDraft.descriptionLimit,
            errors: problems.map { ErrorLink(fieldId: $0.field.rawValue, message: $0.message) },
            hasErrors: !problems.isEmpty
        )
    }
}
