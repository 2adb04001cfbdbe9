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
        renderRow: (TodoRowSource) -> RenderedFragment
    ) {
        let address = list.address
        let language = context.language
        let showingDone = address.part == .done
        let chrome = PageChrome(
            title: showingDone ? language.text("todos.done.title") : language.text("todos.list.heading"),
            context: context,
            inTodos: true)
        let backURL = list.query.isEmpty ? "/todos" : "/todos?" + list.query
        let row = { (item: TodoListItem) in
            renderRow(
                TodoRowSource(
                    item: item, today: list.today,
                    canEdit: ReadOnlyRecord.mayChange(writers: item.writers, canEdit: chrome.canEdit),
                    csrfToken: list.csrfToken, backURL: backURL, language: language))
        }
        let items = result.items.map(row)
        let groups = Self.groups(result, address: address, in: language, row: row)
        // Past a search's count limit the number of pages is not known: no "Page 2 of 4".
        let pageCount =
            result.matchesMoreThan == nil ? max(1, (result.total + list.pageSize - 1) / list.pageSize) : Int.max / 2
        let pageNumber = result.hasPrevious ? min(max(2, list.pageNumber), pageCount) : 1
        let pages: NumberedPages
        if address.pagedByCursor {
            let next = result.hasNext ? result.items.last.map { PageCursor($0).text } : nil
            let previous = result.hasPrevious ? result.items.first.map { PageCursor($0).text } : nil
            pages = NumberedPages(
                previousURL: previous.map { address.url(["before=\($0)", "page=\(pageNumber - 1)"]) },
                nextURL: next.map { address.url(["after=\($0)", "page=\(pageNumber + 1)"]) },
                pageLine: pageCount > 1 && !items.isEmpty && result.matchesMoreThan == nil
                    ? language.text("todos.pageLine", counts: ["page": pageNumber, "pages": pageCount]) : nil)
        } else {
            pages = NumberedList.pages(
                page: list.pageNumber, total: result.total, pageSize: list.pageSize, hasRows: !items.isEmpty,
                url: address.page)
        }
        let everything = result.openCount + result.doneCount
        let offersMine = context.user != nil && address.search == nil
        self.init(
            page: chrome,
            heading: showingDone ? language.text("todos.done.heading") : language.text("todos.list.heading"),
            showingDone: showingDone,
            query: address.search == nil ? "" : list.typed,
            searching: address.search != nil,
            clearSearchURL: address.with(search: .some(nil)).url(),
            // "Mine" filters the list without a search: a search lists everyone's matches.
            whoLinks: !offersMine

                ? []
                : [
                    TodoSortLink(
                        label: language.text("todos.who.everyone"), url: address.with(mine: false).url(),
                        current: !address.mine),
                    TodoSortLink(
                        label: language.text("todos.who.mine"), url: address.with(mine: true).url(),
                        current: address.mine),
                ],
            hasWhoLinks: offersMine,
            sortLinks: showingDone
                ? []
                : TodoSort.allCases.map { sort in
                    TodoSortLink(
                        label: sort == .newest ? language.text("todos.sort.newest") : language.text("todos.sort.due"),
                        url: address.with(sort: sort).url(explicitSort: true), current: sort == address.sort)
                },
            hasSortLinks: !showingDone && result.openCount > 1,
            sortField: address.sort == .newest || showingDone ? nil : address.sort.rawValue,
            countLine: everything == 0
                ? nil
                : TodoFormatting.countLine(
                    open: result.openCount, done: result.doneCount, search: address.search,
                    moreThan: result.matchesMoreThan, overdue: result.overdueCount, dueToday: result.dueTodayCount,
                    in: language),
            groups: groups,
            restHeading: groups.isEmpty || items.isEmpty ? nil : language.text("todos.group.rest"),
            items: items,
            hasItems: !items.isEmpty,
            showsQuickAdd: chrome.canEdit && !showingDone,
            csrfToken: list.csrfToken,
            backURL: backURL,
            emptyState: Self.emptyState(
                result, address: address, hasRows: !items.isEmpty || !groups.isEmpty, in: language),
            pages: pages,
            doneSection: Self.doneSection(result, address: address, in: language, row: row),
            // An empty list offers its one action, "Add your first to-do", not a search of nothing.
            showsTools: address.search != nil || everything > 0
        )
    }

    /// "Overdue (2)" and "Today (1)", each with its to-dos, when the page has them.
    static func groups(
        _ result: TodoPage, address: TodoListAddress, in language: Language, row: (TodoListItem) -> RenderedFragment
    ) -> [TodoGroup] {
        let byDueDate = address.with(sort: .due).url(explicitSort: true)
        func group(_ id: String, _ items: [TodoListItem], _ count: Int, heading: (Int) -> String) -> TodoGroup? {
            guard !items.isEmpty else { return nil }
            let more =
                count > items.count
                ? EmptyStateLink(text: language.text("todos.group.more", counts: ["count": count]), url: byDueDate)
                : nil
            return TodoGroup(id: id, heading: heading(count), items: items.map(row), moreLink: more)
        }
        return [
            group("overdue-heading", result.overdue, result.overdueCount) {
                language.text("todos.group.overdue", counts: ["count": $0])
            },
            group("today-heading", result.dueToday, result.dueTodayCount) {
                language.text("todos.group.today", counts: ["count": $0])
            },
        ].compactMap { $0 }
    }

    /// What to show instead of an empty list, in `language`.
    static func emptyState(_ result: TodoPage, address: TodoListAddress, hasRows: Bool, in language: Language)
        -> EmptyState?
    {
        guard !hasRows else { return nil }
        let everything = result.openCount + result.doneCount
        if let search = address.search, everything == 0 {
            // The "Clear search" link is already above the list: one link, not two.
            return EmptyState(
                message: language.text("todos.empty.noMatch", ["search": search]),
                advice: language.text("todos.empty.noMatchAdvice"), link: nil)
        }
        if everything == 0 {
            return EmptyState(
                message: language.text("todos.empty.none"), advice: nil,
                link: EmptyStateLink(text: language.text("todos.empty.addFirst"), url: "/todos/new"))
        }
        if result.total == 0 {
            return address.part == .done
                ? EmptyState(
                    message: language.text("todos.empty.noneDone"), advice: language.text("todos.empty.noneDoneAdvice"),
                    link: EmptyStateLink(
                        text: language.text("todos.empty.backToList"), url: address.with(part: .open).url()))
                : EmptyState(
                    message: language.text("todos.empty.allDone"), advice: language.text("todos.empty.allDoneAdvice"),
                    link: nil)
        }
        return EmptyState(
            message: language.text("todos.empty.pastEnd"), advice: nil,
            link: EmptyStateLink(text: language.text("todos.empty.firstPage"), url: address.url()))
    }

    /// "Done (12)" below the first page of open to-dos, with the most recently done.
    static func doneSection(
        _ result: TodoPage, address: TodoListAddress, in language: Language, row: (TodoListItem) -> RenderedFragment
    ) -> TodoDoneSection? {
        guard address.part == .open, !result.recentlyDone.isEmpty else { return nil }
        // Past a search's count limit the done ones are counted only that far: "Done (more than 1,000)".
        if let limit = result.matchesMoreThan, result.doneCount > limit {
            return TodoDoneSection(
                heading: language.text("todos.doneSection.headingMany", counts: ["count": limit]),
                items: result.recentlyDone.map(row),
                moreLink: EmptyStateLink(
                    text: language.text("todos.doneSection.moreMany"), url: address.with(part: .done).url()))
        }
        let counts = ["count": result.doneCount]
        let more =
            result.doneCount > result.recentlyDone.count
            ? EmptyStateLink(
                text: language.text("todos.doneSection.more", counts: counts), url: address.with(part: .done).url())
            : nil
        return TodoDoneSection(
            heading: language.text("todos.doneSection.heading", counts: counts), items: result.recentlyDone.map(row),
            moreLink: more)
    }
}

extension TodoFormFields {
    /// The form as typed, in `language`, with each problem put next to its field and into the summary; `showsDone`
    /// on the edit form.
    init(
        draft: TodoDraft, problems: [TodoDraft.Problem], showsDone: Bool = false, people: [String] = [],
        in language: Language
    ) {
        let error = { (field: TodoDraft.Field) in problems.first { $0.field == field }?.message.text(in: language) }
        let describedBy = { (field: TodoDraft.Field) in
            "\(field.rawValue)-hint" + (error(field) == nil ? "" : " \(field.rawValue)-error")
        }
        // A real day shows as the boxes would have it typed ("3", not "03"); anything else exactly as typed.
        let dueText = draft.dueDay.map { "\($0.year)-\($0.month)-\($0.day)" } ?? draft.dueDate
        self.init(
            title: draft.title,
            description: draft.description,
            dueDateBoxes: Self.dueDateBoxes(draft, text: dueText, error: error(.dueDate), in: language),
            whoOptions: Self.whoOptions(draft.who, people: people, in: language),
            showsWho: !people.isEmpty || !draft.who.isEmpty,
            whoError: error(.who),
            repeatOptions: ([""] + TodoRepeat.Frequency.allCases.map(\.rawValue)).map { value in
                TodoChoice(
                    value: value, label: language.text("todos.repeat.option", ["frequency": value]),
                    selected: value == draft.repeats)
            },
            repeatsError: error(.repeats),
            done: draft.done,
            showsDone: showsDone,
            titleError: error(.title),
            descriptionError: error(.description),
            titleDescribedBy: describedBy(.title),
            descriptionDescribedBy: describedBy(.description),
            titleHint: language.text("todos.field.titleHint", counts: ["max": TodoDraft.titleLimit]),
            descriptionHint: language.text("todos.field.descriptionHint", counts: ["max": TodoDraft.descriptionLimit]),
            errors: problems.map { ErrorLink(fieldId: $0.field.rawValue, message: $0.message.text(in: language)) },
            hasErrors: !problems.isEmpty
        )
    }
}

extension TodoFormFields {
    /// "Anyone", then the household's members by name, and the chosen name even when it is no longer one of them.
    static func whoOptions(_ chosen: String, people: [String], in language: Language) -> [TodoChoice] {
        var names = people.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        if !chosen.isEmpty, !names.contains(chosen) { names.append(chosen) }
        return [TodoChoice(value: "", label: language.text("todos.who.anyone"), selected: chosen.isEmpty)]
            + names.map { TodoChoice(value: $0, label: $0, selected: $0 == chosen) }
    }

    /// The due date's three boxes and, beside them, the box for a day in words.
    static func dueDateBoxes(_ draft: TodoDraft, text: String, error: String?, in language: Language) -> DateBoxes {
        let name = TodoDraft.Field.dueDate.rawValue
        var boxes = DateBoxes(
            name: name, legend: TodoDraft.Field.dueDate.label(in: language),
            hint: language.text("todos.field.dueDateHint"), text: text, error: error, language: language)
        boxes.words = DateBoxes.WordsBox(
            id: DateBoxes.wordsName(of: name), label: language.text("todos.field.dueWords"), value: draft.dueWords,
            isInvalid: draft.dueWordsProblem != nil)
        return boxes
    }
}

extension TodoDeletePage {
    /// The question for the to-do called `title`, in `language`: its sentence split around the title, which the
    /// page shows in bold.
    init(page: PageChrome, title: String, action: String, csrfToken: String, in language: Language) {
        let marker = "\u{FFFC}"
        let sentence = language.text("todos.delete.lead", ["name": marker])
        let pieces = sentence.components(separatedBy: marker)
        self.init(
            page: page, quotedTitle: language.text("todos.quoted", ["title": title]), leadBefore: pieces[0],
            leadAfter: pieces.dropFirst().joined(), action: action, csrfToken: csrfToken)
    }
}
