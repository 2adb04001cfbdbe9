import Foundation
import Hummingbird
import Logging
import ParseStore
import ServiceLifecycle

/// The composition root: the only place that decides which store, repositories, templates and middleware exist.
///
/// The CLI runs what it returns; tests call the same function with an in-memory database.
/// - Throws: `StartupError` in one plain sentence: a missing or broken template, a database that cannot be opened.
public func buildApplication(_ settings: ParsnipSettings) async throws -> some ApplicationProtocol {
    let (router, _, store, setupPending, logger, backups) = try await buildRouterAndStore(settings)
    var services: [any Service] = [StoreService(store: store, logger: logger)]
    // After the store, so it stops first: a backup under way finishes before the database closes.
    if let backups, backups.rules.automatic { services.append(DailyBackupService(backups: backups)) }
    return Application(
        router: router,
        server: .guardedHTTP1(limits: settings.connectionLimits, logger: logger),
        configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: nil),
        services: services,
        onServerRunning: { channel in
            if setupPending { settings.onSetupPending(settings.setupCode) }
            settings.onServerRunning(channel.localAddress?.port ?? settings.port)
        },
        logger: logger
    )
}

/// Everything but the server: the router with its routes and middleware, over the opened store.
///
/// Tests that walk every registered route call this to reach the router itself.
func buildRouterAndStore(_ settings: ParsnipSettings) async throws -> (
    router: Router<ParsnipRequestContext>, access: RouteAccessTable, store: ParseStore, setupPending: Bool,
    logger: Logger, backups: BackupService?
) {
    var logger = Logger(label: "Parsnip")
    logger.logLevel = settings.logLevel

    // Templates first: a broken template must stop the start before the database is touched.
    let pages = try await Pages(
        directory: settings.templatesDirectory, pseudoLanguage: settings.pseudoLanguage, check: settings.renderCheck)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: settings.publicDirectory, isDirectory: &isDirectory),
        isDirectory.boolValue
    else {
        throw StartupError("The folder of styles and scripts \(settings.publicDirectory) does not exist.")
    }

    // What a stopped backup, restore or export left behind goes: for a file before the database opens (the
    // command line's lock says no other Parsnip has it); for PostgreSQL once the database could be opened.
    let removeLeftovers = {
        var databasePath: String?
        if case .file(let path) = settings.database { databasePath = path }
        for leftover in CrashLeftovers.remove(databasePath: databasePath, backupsFolder: backupFolder(settings)?.url) {
            logger.notice("Removed \(leftover), left by a backup, restore or export that was stopped half-way.")
        }
    }
    if case .file = settings.database { removeLeftovers() }

    let store: ParseStore
    do {
        switch settings.database {
        case .file(let path): store = try ParseStore(path: path, clock: settings.clock)
        case .postgres(let url): store = try ParseStore(postgresURL: url, clock: settings.clock)
        case .inMemory: store = try ParseStore.inMemory(clock: settings.clock)
        }
    } catch let error as ParseError {
        if case .postgres = settings.database, error.storageFailure == .unreachable {
            throw StartupError(
                "The PostgreSQL server at \(settings.database.shown) cannot be reached: check that it is running "
                    + "and that the address is right.")
        }
        throw StartupError(error.message)
    }
    if case .postgres = settings.database {
        // Servers share the database; a command that must have it alone (a restore, an import) holds it meanwhile.
        let claimed: Bool
        do { claimed = try store.claim(exclusively: false) } catch let error as ParseError {
            try? store.close()
            throw StartupError(error.message)
        }
        guard claimed else {
            try? store.close()
            throw StartupError(
                "A Parsnip command (a restore or an import) is working on \(settings.database.shown); start Parsnip "
                    + "again when it has finished.")
        }
        // Several servers may share a backups folder too: one starting while another backs up could remove its
        // unfinished backup, which then fails and says so; nothing of the data is touched.
        removeLeftovers()
    }
    let writePath: WritePath
    do {
        writePath = try await .forApps(
            store: store, rules: settings.keeping, timeZone: settings.timeZone, progress: settings.onStartupProgress)
    } catch let error as ParseError {
        try? store.close()
        throw StartupError("The database cannot be read: \(error.message)")
    } catch {
        try? store.close()
        throw error
    }
    let todos = StoreTodoRepository(writePath: writePath)
    let recipes = StoreRecipeRepository(writePath: writePath)
    let books = StoreBookRepository(writePath: writePath)

    let accounts = StoreAccountRepository(
        door: writePath.door, passwordHashCost: settings.passwordHashCost, clock: settings.clock)
    let setupPending: Bool
    do {
        setupPending = try await !accounts.ownerExists()
    } catch let error as ParseError {
        try? store.close()
        throw StartupError("The accounts in the database cannot be read: \(error.message)")
    }

    let keys: APIKeys
    do {
        try store.setDefaultClassLevelPermissions(HouseholdPermissions.defaults)
        keys = try await APIKeys(door: writePath.door, applicationId: settings.parseApplicationId)
    } catch let error as ParseError {
        try? store.close()
        throw StartupError("The Parse API's keys cannot be read: \(error.message)")
    }

    let backups = BackupService(
        store: store, writePath: writePath, folder: backupFolder(settings), rules: settings.backups,
        keptClasses: StoreAccountRepository.accountClasses, words: classWords,
        importRules: ImportRules(known: knownClasses, apps: appImportFormats), logger: logger)
    // A PostgreSQL database may be shared by several servers: what this one remembers follows their writes.
    var otherServers: OtherServers?
    if store.mayBeShared {
        let following = OtherServers(door: writePath.door, counting: { try writePath.countTotals($0) })
        following.follow { _ in accounts.forgetWhatOthersMayHaveChanged() }
        following.follow { reader in if let reader { try keys.reload(from: reader) } }
        otherServers = following
    }
    let (router, access) = buildRouter(
        settings: settings, pages: pages, writePath: writePath, todos: todos, recipes: recipes, books: books,
        accounts: accounts, backups: backups, logger: logger, otherServers: otherServers,
        parseAPI: { throttle in
            let api = AccountsForAPI(accounts: accounts, throttle: throttle, pause: settings.pause)
            let objects = APIObjects(
                store: store, writePath: writePath, records: HouseholdPermissions.records,
                accountsChanged: { api.accountsChanged() })
            let endpoints = APIEndpoints(
                store: store, objects: objects, accounts: api, keys: keys,
                files: APIFiles(store: store, writePath: writePath, applicationId: keys.applicationId),
                householdClasses: Set(HouseholdPermissions.householdClasses))
            return ParseAPIController(
                keys: keys, endpoints: endpoints,
                answers: APIAnswerCache(writePath: writePath, accounts: api))
        }
    )
    return (router, access, store, setupPending, logger, backups)
}

/// How the Backups page names each class the apps keep, in the order the apps are listed; bookkeeping classes and
/// parts of other records are not counted.
let classWords: [ClassWords] = [
    ClassWords(StoreTodoRepository.className, kind: .todo, one: "to-do", many: "to-dos"),
    ClassWords(StoreRecipeRepository.className, kind: .recipe, one: "recipe", many: "recipes"),
    ClassWords(StoreBookRepository.Schema.book, kind: .book, one: "book", many: "books"),
    ClassWords(CatalogueKind.genre.className, kind: .genre, one: "genre", many: "genres"),
    ClassWords(CatalogueKind.author.className, kind: .author, one: "author", many: "authors"),
    ClassWords(CatalogueKind.publisher.className, kind: .publisher, one: "publisher", many: "publishers"),
    ClassWords("_User", kind: .person, one: "person", many: "people"),
    ClassWords(StoreBookRepository.Schema.isbn, kind: .isbn, one: "ISBN", many: "ISBNs", counted: false),
    ClassWords("_Session", kind: .session, one: "sign-in", many: "sign-ins", counted: false),
    ClassWords("_Role", kind: .role, one: "role", many: "roles", counted: false),
    ClassWords(HistoryLog.className, kind: .history, one: "history entry", many: "history entries", counted: false),
    ClassWords(TrashBin.className, kind: .trash, one: "trash item", many: "trash items", counted: false),
]

/// The classes the apps read, with the type each field must have: an import that would give one of these fields
/// another type is refused with the object and field named. Every record also has `updatedBy`.
let knownClasses: [String: KnownClass] = {
    let user = ParseFieldType.pointer(targetClass: "_User")
    let classes = [
        KnownClass(
            StoreTodoRepository.className, label: "To-do",
            fields: [
                "title": .string, "description": .string, "done": .boolean, "completedAt": .date, "dueDate": .date,
                "assignee": .string, "repeat": .string, "repeatNext": .string, "updatedBy": user,
            ]),
        KnownClass(
            StoreRecipeRepository.className, label: "Recipe",
            fields: [
                "name": .string, "servings": .number, "price": .number, "isAvailable": .boolean, "category": .number,
                "releaseDate": .date, "ingredients": .array, "sideOptions": .array, "nutritionalInfo": .object,
                "steps": .array, "notes": .string, "source": .string, "photo": .file, "prepMinutes": .number,
                "cookMinutes": .number, "updatedBy": user,
            ]),
        KnownClass(
            StoreBookRepository.Schema.book, label: "Book",
            fields: [
                "title": .string, "publishingYear": .number,
                "genre": .pointer(targetClass: CatalogueKind.genre.className),
                "isbn": .pointer(targetClass: StoreBookRepository.Schema.isbn),
                "authors": .relation(targetClass: CatalogueKind.author.className),
                "publishers": .relation(targetClass: CatalogueKind.publisher.className), "updatedBy": user,
                "readingStatus": .string, "lentTo": .string, "lentOn": .date, "rating": .number, "finishedOn": .date,
            ]),
        KnownClass(StoreBookRepository.Schema.isbn, label: "ISBN", fields: ["value": .string]),
        KnownClass(
            CatalogueKind.genre.className, label: "Genre",
            fields: [
                "name": .string, "books": .relation(targetClass: StoreBookRepository.Schema.book), "updatedBy": user,
            ]),
        KnownClass(CatalogueKind.author.className, label: "Author", fields: ["name": .string, "updatedBy": user]),
        KnownClass(
            CatalogueKind.publisher.className, label: "Publisher", fields: ["name": .string, "updatedBy": user]),
    ]
    return Dictionary(uniqueKeysWithValues: classes.map { ($0.className, $0) })
}()

/// The backups folder: the one the settings name, else `backups/` beside the database file, or `parsnip-backups/`
/// in the working folder for a PostgreSQL database; none for an in-memory database without one.
func backupFolder(_ settings: ParsnipSettings) -> BackupFolder? {
    if let folder = settings.backups.folder { return BackupFolder(url: URL(fileURLWithPath: folder)) }
    switch settings.database {
    case .file(let path): return BackupFolder(url: CommandDatabase.backupsFolder(path))
    case .postgres(let url): return BackupFolder(url: CommandDatabase.backupsFolder(url))
    case .inMemory: return nil
    }
}

/// The routes and middleware, in the order a request meets them.
func buildRouter(
    settings: ParsnipSettings, pages: Pages, writePath: WritePath, todos: some TodoRepository,
    recipes: some RecipeRepository, books: some BookRepository, accounts: some AccountRepository,
    backups: BackupService, logger: Logger, otherServers: OtherServers? = nil,
    parseAPI: ((SignInThrottle) -> ParseAPIController)? = nil
) -> (Router<ParsnipRequestContext>, RouteAccessTable) {
    let router = Router(context: ParsnipRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: SecurityHeadersMiddleware())
    // First: the household's language, the session and every cached page below are then as other servers left them.
    if let otherServers { router.add(middleware: OtherServersMiddleware(otherServers: otherServers)) }
    router.add(
        middleware: LanguageMiddleware(
            householdDefault: Language(rawValue: settings.language) ?? .en,
            savedHouseholdLanguage: { try? await accounts.householdLanguage() }))
    router.add(middleware: ErrorPageMiddleware(pages: pages))
    router.add(
        middleware: AllowedHostsMiddleware(
            allowed: AllowedHosts(listenHost: settings.host, extra: settings.allowedHosts))
    )
    // The file middleware announces its folder at info level; that is start-up noise, not news.
    var fileLogger = logger
    fileLogger.logLevel = max(logger.logLevel, .notice)
    router.add(
        middleware: PublicFilesMiddleware(
            files: FileMiddleware(
                settings.publicDirectory,
                cacheControl: .init([(MediaType(type: .any), [.noCache])]),
                searchForIndexHtml: false,
                logger: fileLogger
            )
        )
    )
    let accessTable = RouteAccessTable()
    // Outside the pages group: no session, no CSRF cookie, nothing to guard.
    accessTable.declare(.get, "/health", .anyone)
    router.get("/health", use: HealthController.health)

    // Who is asking comes first, then what the matched route allows them: the error pages below show their name,
    // the forms below need their role. Refusals come before the CSRF check, so they never read the body.
    let errorPages = ErrorPageMiddleware<ParsnipRequestContext>(pages: pages)
    let pagesGroup = router.group()
        .add(middleware: SessionMiddleware(accounts: accounts, signInRequired: settings.signInRequired))
        .add(
            middleware: RouteAccessMiddleware(
                accounts: accounts, clearingSessionCookie: SessionCookie.clearing, table: accessTable,
                errorPages: errorPages,
                signInCarrying: { carried, context in
                    AccountController<StoreAccountRepository>.signInPage(
                        pages: pages, username: "", next: "/", problem: nil, carried: carried,
                        context: context)
                })
        )
        .add(middleware: PageLanguageMiddleware())
        .add(middleware: errorPages)
        .add(middleware: FlashMiddleware())
        .add(middleware: CSRFMiddleware())
        // Innermost: its page carries the form token the CSRF middleware has just given this request.
        .add(middleware: DeletedRecordMiddleware(writePath: writePath, pages: pages, timeZone: settings.timeZone))
    let routes = AccessRoutes(group: pagesGroup, table: accessTable)
    let clock = settings.clock
    // One throttle: a wrong current password on the password page counts as a failed sign-in.
    let throttle = SignInThrottle(sharedIn: otherServers?.store, now: { clock.now() })
    AccountController(
        accounts: accounts, pages: pages, throttle: throttle, setupGate: SetupGate(code: settings.setupCode),
        pause: settings.pause
    ).addRoutes(to: routes)
    OwnPasswordController(accounts: accounts, pages: pages, throttle: throttle, pause: settings.pause)
        .addRoutes(to: routes)
    PeopleController(accounts: accounts, pages: pages, startLanguage: Language(rawValue: settings.language) ?? .en)
        .addRoutes(to: routes)
    // Beside the pages, with its own context: no session cookie, no CSRF token; the same sign-in throttle.
    if let parseAPI {
        let api = parseAPI(throttle)
        api.addRoutes(to: router, table: accessTable)
        AppsController(keys: api.keys, pages: pages).addRoutes(to: routes)
    }
    let counted = [StoreTodoRepository.className, StoreRecipeRepository.className, "Book"]
    LanguageController(directory: accounts).addRoutes(to: routes)
    let timeZone = settings.timeZone
    HomeController(pages: pages) { language in
        let counts = try await todos.dueCounts(on: CalendarDate(dayOf: clock.now(), in: timeZone))
        return TodoFormatting.dueWords(overdue: counts.overdue, dueToday: counts.dueToday, in: language)
    } ownerNotice: { language in
        backups.notice(
            now: writePath.door.now(), holdsData: counted.contains { writePath.total(of: $0) > 0 }, language: language)
    }
    .addRoutes(to: routes)
    let door = writePath.door
    BackupController(backups: backups, pages: pages) { try await door.objectCounts() }.addRoutes(to: routes)
    TodoController(
        repository: todos, pages: pages, pageSize: settings.pageSize, clock: settings.clock,
        timeZone: settings.timeZone, keepSort: { try await accounts.keepTodoSort($0, forUser: $1) },
        people: { try await accounts.people().map(\.username) }
    ).addRoutes(to: routes)
    RecipeController(
        repository: recipes, pages: pages, pageSize: settings.pageSize, money: settings.money,
        shopping: RecipeShopping(titleLimit: TodoDraft.titleLimit) { titles, recipeId, user in
            try await todos.addAll(
                titles: titles, linkedTo: recipeId, of: StoreRecipeRepository.className, by: user)
        },
        clock: settings.clock, listRows: RenderedPieces(pages: pages, template: "partials/recipe-row")
    )
    .addRoutes(to: routes)
    BookController(
        repository: books, pages: pages, pageSize: settings.pageSize, clock: settings.clock,
        timeZone: settings.timeZone, listPieces: BookListPieces(pages: pages)
    )
    .addRoutes(to: routes)
    for kind in CatalogueKind.allCases {
        CatalogueController(kind: kind, repository: books, pages: pages, clock: settings.clock).addRoutes(to: routes)
        HistoryController(
            subject: CatalogueEntryHistory(kind: kind, repository: books), writePath: writePath, pages: pages
        )
        .addRoutes(to: routes)
    }
    let trashKinds: [any TrashKind] =
        [StoreTodoRepository.trash, StoreRecipeRepository.trash, BookTrash()] + CatalogueKind.allCases.map(\.trashKind)
    TrashController(writePath: writePath, kinds: trashKinds, pages: pages).addRoutes(to: routes)
    HistoryController(subject: TodoHistory(repository: todos), writePath: writePath, pages: pages)
        .addRoutes(to: routes)
    HistoryController(subject: RecipeHistory(repository: recipes), writePath: writePath, pages: pages)
        .addRoutes(to: routes)
    HistoryController(subject: BookHistory(repository: books), writePath: writePath, pages: pages)
        .addRoutes(to: routes)
    return (router, accessTable)
}

/// Backs up once a day while Parsnip runs (see `BackupService.runDailyBackups`), until shutdown.
struct DailyBackupService: Service {
    let backups: BackupService

    func run() async throws {
        await cancelWhenGracefulShutdown { await backups.runDailyBackups() }
    }
}

/// Closes the store after the server has stopped, so requests in flight finish and the WAL is checkpointed.
///
/// Services stop in reverse order of start; this one starts before the HTTP server and so stops after it.
struct StoreService: Service {
    let store: ParseStore
    let logger: Logger

    func run() async throws {
        // Throws CancellationError only when the group is cancelled rather than shut down gracefully.
        try? await gracefulShutdown()
        do {
            try store.close()
            logger.debug("Database closed")
        } catch {
            logger.error("The database did not close cleanly: \(error)")
        }
    }
}
