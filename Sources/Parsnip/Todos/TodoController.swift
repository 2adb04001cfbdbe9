import Foundation
import Hummingbird
import ParseStore

/// The to-do pages: the list (open or done, newest first or by due date), a page per to-do, the tick button, and
/// add, edit and delete — each a GET page and a POST that answers 303 or 422.
struct TodoController<Repository: TodoRepository>: Sendable {
    let repository: Repository
    let pages: Pages
    /// To-dos per list page.
    let pageSize: Int
    /// The store's clock: what "today" is for due dates.
    let clock: any ParseClock
    /// The household's time zone: where its days begin.
    let timeZone: TimeZone
    /// Keeps the order a person chose for the list on their account (`AccessDirectory.keepTodoSort`).
    let keepSort: @Sendable (_ sort: String, _ userId: String) async throws -> Void
    /// The household's members' names, for "Who" (empty while nobody has an account).
    let people: @Sendable () async throws -> [String]
    /// List pages rendered since the last write, with a stand-in for each visitor's form token.
    let listCache = PageCache<TokenSplicedPage>(capacity: 32, byteBudget: 2 << 20, shards: 8)
    /// Rows rendered already, by what they show: most list pages, searches included, show rows shown before.
    let rowCache = FragmentCache<TodoRowSource>(byteBudget: 1 << 20, shards: 16)

    func addRoutes(to routes: AccessRoutes) {
        routes.get("/todos", .signedIn, use: index)
        routes.get("/todos/new", .editor, use: new)
        routes.post("/todos", .editor, use: create)
        routes.get("/todos/:id", .signedIn, use: show)
        routes.get("/todos/:id/edit", .editor, use: edit)
        routes.post("/todos/:id", .editor, use: update)
        routes.post("/todos/:id/done", .editor, use: tick)
        routes.post("/todos/:id/restore", .editor, use: restoreWithChanges)
        routes.get("/todos/:id/delete", .editor, use: confirmDelete)
        routes.post("/todos/:id/delete", .editor, use: delete)
    }

    /// The household's day now.
    var today: CalendarDate { CalendarDate(dayOf: clock.now(), in: timeZone) }

    // MARK: List

    /// GET /todos — the open to-dos newest first (or `sort=due`) with the few most recently done below, or the done
    /// ones (`show=done`); with search (`q`), cursor paging (`after` / `before`) or numbered pages (`page`).
    @Sendable func index(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let query = try FormFields(query: request.uri.query)
        let sort = await chosenSort(query, request: request, context: context)
        // `/todos` alone opens in the person's order, and the household's day decides what is overdue or due today:
        // both are part of what the page is, so part of its key (a page cached at 23:59 is not shown at 00:01).
        let bare = (request.uri.query ?? "").isEmpty
        let today = today
        let key =
            context.cacheVariant + (request.uri.query ?? "") + (bare ? "|sort=" + sort.rawValue : "") + "|day="
            + today.iso
        // Read the revision before the data: a page stored under it can only be newer than it, never older.
        return try await listCache.formPage(for: key, context: context, revision: repository.revision) { token in
            let typed = query["q"] ?? ""
            let search = Self.searchText(typed)
            // "Mine" needs someone signed in, and a search lists everyone's matches.
            let mine = query["who"] == "me" && context.user != nil && search == nil
            let address = TodoListAddress(
                part: query["show"] == "done" ? .done : .open, sort: sort, search: search, mine: mine)
            let pageNumber = try PageNumbers.page(query)
            let position = address.pagedByCursor ? try Self.position(query, page: pageNumber) : .number(pageNumber)
            let result = try await repository.page(
                TodoPageRequest(
                    search: address.search, part: address.part, sort: address.sort, position: position,
                    size: pageSize, recentlyDoneCount: TodoListPage.recentlyDoneShown, groupsOn: today,
                    assignee: mine ? context.user?.username : nil))
            let list = TodoListContext(
                address: address, pageNumber: pageNumber, pageSize: pageSize, typed: typed, today: today,
                query: TodoListAddress.listQuery(query), csrfToken: token)
            let page = TodoListPage(page: result, list: list, chrome: context) { source in
                RenderedFragment(
                    html: rowCache.fragment(for: source) {
                        pages.renderFragment(
                            TodoRowFragment(source, timeZone: timeZone), template: "partials/todo-row",
                            in: source.language)
                    })
            }
            return pages.renderBody(page, template: "todos/index")
        }
    }

    /// The list's order: the one the address names (kept on the person's account when they chose it on one of
    /// Parsnip's pages, so a link on another site cannot change it), else, for `/todos` alone, the one they last
    /// chose; newest first otherwise.
    func chosenSort(_ query: FormFields, request: Request, context: ParsnipRequestContext) async -> TodoSort {
        let remembered = context.user?.todoSort.flatMap(TodoSort.init(rawValue:)) ?? .newest
        guard let named = query["sort"].flatMap(TodoSort.init(rawValue:)) else {
            return (request.uri.query ?? "").isEmpty ? remembered : .newest
        }
        if let user = context.user, named != remembered, query["show"] != "done",
            let host = request.head.authority, let referer = request.headers[.referer],
            CSRFMiddleware.sameOriginPath(referer, host: host) != nil
        {
            // Not remembering (a full disk) changes nothing on the page.
            try? await keepSort(named.rawValue, user.objectId)
        }
        return named
    }

    /// Where the page starts: `after` or `before` a cursor, page `page` of a numbered address, or the first page.
    static func position(_ query: FormFields, page: Int = 1) throws(PageError) -> TodoPagePosition {
        switch (query["after"], query["before"]) {
        case (nil, nil):
            return page > 1 ? .number(page) : .first
        case (let after?, nil):
            guard let cursor = PageCursor(Substring(after)) else { throw .badRequest("a malformed cursor") }
            return .after(cursor)
        case (nil, let before?):
            guard let cursor = PageCursor(Substring(before)) else { throw .badRequest("a malformed cursor") }
            return .before(cursor)
        case (.some, .some):
            throw .badRequest("both after and before")
        }
    }

    /// The search text used: trimmed, at most 200 characters; nil when there is nothing to look for.
    static func searchText(_ typed: String) -> String? {
        let text = TextCleaning.clean(typed, keepLineBreaks: false)
        return text.isEmpty ? nil : String(text.prefix(TodoDraft.titleLimit))
    }

    // MARK: One to-do

    /// GET /todos/:id — the to-do with its whole description, its dates and its tick button.
    @Sendable func show(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        renderShow(try await findItem(context), context: context)
    }

    /// The page of `item`; its tick button sends the person back to `back` (the page itself unless a tick from
    /// elsewhere failed).
    func renderShow(_ item: TodoListItem, back: String? = nil, context: ParsnipRequestContext) -> Response {
        let now = clock.now()
        let language = context.language
        let row = TodoFormatting.row(item, today: today, timeZone: timeZone, in: language)
        var page = TodoShowPage(
            page: PageChrome(title: item.title, context: context, inTodos: true),
            title: item.title,
            description: item.description,
            hasDescription: !item.description.isEmpty,
            row: row,
            stateText: row.doneText ?? language.text("todos.state.toDo"),
            addedText: TodoFormatting.addedText(item.createdAt, timeZone: timeZone, in: language),
            changedBy: item.lastChange.byline(now: now, timeZone: timeZone),
            historyURL: "/todos/\(item.id)/history",
            csrfToken: context.csrfToken,
            backURL: back ?? "/todos/\(item.id)",
            canChange: ReadOnlyRecord.mayChange(writers: item.writers, canEdit: context.canEdit),
            readOnlyNote: ReadOnlyRecord.note(thing: "to-do", writers: item.writers, canEdit: context.canEdit))
        page.recipeURL = item.recipeId.map { "/recipes/\($0)" }
        return pages.render(page, template: "todos/show")
    }

    // MARK: Tick

    /// POST /todos/:id/done — `done=1` ticks the to-do off, `done=0` opens it again. Answers 303 back to the page
    /// the button was on (`back`), or, for the page's script (`Accept: application/json`), 200 with the to-do's
    /// state and the new count line so the page changes without a reload.
    @Sendable func tick(_ request: Request, context: ParsnipRequestContext) async throws -> Response {
        let id = try context.routeObjectId()
        let done: Bool
        switch context.form["done"] {
        case "1": done = true
        case "0": done = false
        default: throw PageError.badRequest("a tick without done=1 or done=0")
        }
        let back = TodoListAddress.safeReturn(context.form["back"])
        let wantsJSON = request.headers[.accept]?.contains("application/json") == true
        return try await context.saving {
            let item: TodoListItem
            do {
                item = try await repository.setDone(done, id: id, by: context.user)
            } catch TodoRepositoryError.notFound {
                throw PageError.notFound
            }
            let language = context.language
            var message =
                done
                ? language.text("todos.flash.tickedOff", ["title": item.title])
                : language.text("todos.flash.toDoAgain", ["title": item.title])
            if done, let rule = item.repeatRule, let due = item.dueDate {
                let next = rule.next(after: due, today: today)
                message = language.text(
                    "todos.flash.tickedOffRepeats",
                    ["title": item.title, "day": TodoFormatting.day(next, today: today, in: language)])
            }
            guard wantsJSON else { return Flash.redirect(to: back, message: message) }
            // The count line of the list the button was on, searched as it was.
            let backQuery = back.firstIndex(of: "?").map { String(back[back.index(after: $0)...]) }
            let search = (try? FormFields(query: backQuery))?["q"].flatMap(Self.searchText)
            let counts = try await repository.page(TodoPageRequest(search: search, size: 1, groupsOn: today))
            return TodoTickAnswer(
                done: item.done, message: message,
                countLine: TodoFormatting.countLine(
                    open: counts.openCount, done: counts.doneCount, search: search, moreThan: counts.matchesMoreThan,
                    overdue: counts.overdueCount, dueToday: counts.dueTodayCount, in: language)
            ).response
        } orShowingAgain: { context in
            // The to-do's page, with the store's trouble on top and its button to try again.
            renderShow(try await findItem(context), back: back, context: context)
        }
    }

    // MARK: Helpers

    enum FormKind {
        case add
        /// Editing the to-do `id`, loaded at `base`'s version and last changed as `lastChange` says.
        case edit(id: String, base: EditBase, lastChange: ChangeStamp)
    }

    func renderForm(
        _ kind: FormKind, draft: TodoDraft, problems: [TodoDraft.Problem], context: ParsnipRequestContext
    ) async -> Response {
        let status: HTTPResponse.Status = problems.isEmpty ? .ok : .unprocessableContent
        let language = context.language
        // The form is shown even when the people cannot be read (a busy database): "Who" then offers what it holds.
        let people = (try? await people()) ?? []
        switch kind {
        case .add:
            let fields = TodoFormFields(draft: draft, problems: problems, people: people, in: language)
            let heading = language.text("todos.add.heading")
            let page = TodoFormPage(
                page: PageChrome(title: heading, context: context, inTodos: true),
                heading: heading, action: "/todos", csrfToken: context.csrfToken, form: fields,
                submitLabel: language.text("todos.add.button"), deleteURL: nil, version: nil, base: nil,
                changedBy: nil
            )
            return pages.render(page, template: "todos/new", status: status)
        case .edit(let id, let base, let lastChange):
            let fields = TodoFormFields(
                draft: draft, problems: problems, showsDone: true, people: people, in: language)
            let heading = language.text("todos.edit.heading")
            let page = TodoFormPage(
                page: PageChrome(title: heading, context: context, inTodos: true),
                heading: heading, action: "/todos/\(id)", csrfToken: context.csrfToken, form: fields,
                submitLabel: language.text("todos.edit.save"), deleteURL: "/todos/\(id)/delete",
                version: base.versionText, base: base.fieldsText,
                changedBy: lastChange.byline(now: clock.now(), timeZone: timeZone)
            )
            return pages.render(page, template: "todos/edit", status: status)
        }
    }

    /// Checks that "Who" names someone in the household — or `stored`, the name the to-do already has (a person
    /// removed since, or a name another Parse client wrote) — and says so on the form when it does not.
    func checkWho(_ draft: inout TodoDraft, keeping stored: String?) async throws {
        guard !draft.who.isEmpty, draft.who != stored, !(try await people()).contains(draft.who) else { return }
        draft.whoProblem = Words("todos.error.who")
    }

    func findItem(_ context: ParsnipRequestContext) async throws -> TodoListItem {
        guard let item = try await repository.find(id: context.routeObjectId()) else { throw PageError.notFound }
        return item
    }

    /// The to-do the route names, when the person may change it: its ACL may keep changes to others
    /// (`ReadOnlyRecord`, a page that says so), and one they cannot read is not found.
    func findChangeableItem(_ context: ParsnipRequestContext) async throws -> TodoListItem {
        let item = try await findItem(context)
        try ReadOnlyRecord.requireChangeable(
            thing: "to-do", recordURL: "/todos/\(item.id)", name: item.title, writers: item.writers)
        return item
    }

    /// The typed values; a form without a title field was not sent by our page. The due date comes from its three
    /// boxes (or a whole `dueDate`); done is the edit form's checkbox (absent when unticked, and on the add form).
    /// A day typed in words beside the boxes ("tomorrow") is read on the household's day in the page's language.
    func draft(from form: FormFields, language: Language) throws(PageError) -> TodoDraft {
        var draft = try Self.draft(from: form)
        let name = TodoDraft.Field.dueDate.rawValue
        draft.readDueWords(form[DateBoxes.wordsName(of: name)] ?? "", today: today, in: language)
        return draft
    }

    static func draft(from form: FormFields) throws(PageError) -> TodoDraft {
        guard let title = form["title"] else { throw .badRequest("a to-do form without a title field") }
        return TodoDraft(
            title: title, description: form["description"] ?? "",
            dueDate: DateBoxes.text(of: TodoDraft.Field.dueDate.rawValue, in: form), who: form["who"] ?? "",
            repeats: form["repeats"] ?? "", done: form["done"] != nil)
    }
}
