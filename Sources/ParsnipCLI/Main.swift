import ArgumentParser
import Foundation
import Hummingbird
import Logging
import Parsnip
import Synchronization

/// `parsnip` (or `parsnip serve`): starts the household web app and keeps it running until Ctrl-C.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run Parsnip, your household's to-do list, recipe book and book catalogue, on this computer.",
        discussion: """
            Open the address it prints in a web browser. Everything is kept in one database file, \
            created on the first run. Press Ctrl-C to stop; what is being saved is finished first.
            """
    )

    @Option(
        help: """
            The address to listen on (default 127.0.0.1: this computer only). 0.0.0.0 opens Parsnip to other \
            devices on your network, as --share does.
            """
    )
    var host: String?

    @Flag(help: "Share Parsnip with the phones and laptops on your network, and print the addresses to open.")
    var share = false

    @Flag(
        help: """
            Ask everyone to sign in, even on this computer. Sharing (--share, or another --host) always does.
            """
    )
    var requireSignIn = false

    @Option(
        help: ArgumentHelp(
            """
            Another name this computer is reached by, such as a .local name or a proxy in front of Parsnip. \
            Parsnip answers only to localhost, this computer's own name and addresses, and these. Repeatable.
            """,
            valueName: "name"
        )
    )
    var allowedHost: [String] = []

    @Option(help: "The port to listen on.")
    var port = 8080

    @Option(
        help: ArgumentHelp(
            """
            The database: a file, created with its folder if missing (data/parsnip.sqlite when neither this nor \
            PARSNIP_DATABASE_URL is given), or a PostgreSQL address, postgres://user:password@host:port/database, \
            whose tables are made on first start. Several Parsnips may share one PostgreSQL database; a file is one \
            Parsnip's.
            """))
    var database: String?

    @Option(help: "How much to log: trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = "notice"

    @Option(
        help: ArgumentHelp(
            """
            When nobody can sign in (the owner forgot their password): stop Parsnip first, then give this person a \
            new password, typed twice here. Parsnip is not started; --database says which database.
            """,
            valueName: "name"
        )
    )
    var resetPassword: String?

    @Option(help: "Days a deleted to-do, recipe, book or catalogue entry stays in the trash.")
    var trashDays = 30

    @Option(help: "Days a change stays in a record's History.")
    var historyDays = 365

    @Option(help: "The most changes one record's History keeps; older ones make room.")
    var historyPerRecord = 200

    @Option(
        help: ArgumentHelp(
            "The folder for backups (default: backups/ beside the database file; for PostgreSQL, parsnip-backups/ in "
                + "the folder Parsnip is started from).", valueName: "folder"))
    var backups: String?

    @Flag(help: "Do not back up once a day while Parsnip runs.")
    var noDailyBackups = false

    @Option(help: "Days whose newest daily backup is kept.")
    var keepDaily = 7

    @Option(help: "Weeks whose newest daily backup is kept.")
    var keepWeekly = 4

    @Option(
        help: ArgumentHelp(
            "The household's time zone, such as Europe/London, for due dates and the times pages show (default: this "
                + "computer's).", valueName: "zone"))
    var timeZone: String?

    @Option(
        help: ArgumentHelp(
            "The household's language for browsers that ask for none of Parsnip's: en, es, pt, fr, ko or ja "
                + "(default: en). Each person can still choose their own at the foot of every page.",
            valueName: "code"))
    var language = "en"

    @Flag(
        help: ArgumentHelp(
            "Show English pages in a pseudo-language: every message lengthened by 40% and wrapped in ⟦ ⟧, so words "
                + "that escaped the catalogues and labels that do not fit stand out (for translators and tests)."))
    var pseudoLanguage = false

    @Option(
        help: ArgumentHelp(
            "The currency prices are shown in, as its three-letter code such as EUR, GBP or USD (default: the one of "
                + "this computer's language and region settings).", valueName: "code"))
    var currency: String?

    @Option(
        help: ArgumentHelp(
            "The application id Parse apps send (X-Parse-Application-Id) to use Parsnip's Parse API at /parse.",
            valueName: "id"))
    var parseAppId = "parsnip"

    @OptionGroup(visibility: .hidden)
    var connectionOptions: ConnectionOptions

    /// The address actually listened on.
    var listenAddress: String { share ? NetworkAddresses.everyInterfaceHost() : host ?? "127.0.0.1" }

    func validate() throws {
        if resetPassword != nil, share || host != nil || requireSignIn {
            throw ValidationError(
                "--reset-password only changes a password; leave out --share, --host and --require-sign-in.")
        }
        if share, let host, !NetworkAddresses.isEveryInterface(host) {
            throw ValidationError("--share listens on every address; leave out --host \(host), or leave out --share.")
        }
        for name in allowedHost where !ParsnipSettings.isValidAllowedHost(name) {
            throw ValidationError(
                "--allowed-host takes a name like parsnip.local or an address like 192.168.1.20, not \"\(name)\".")
        }
        guard (1...65535).contains(port) else { throw ValidationError("The port must be between 1 and 65535.") }
        for (option, value) in [("--trash-days", trashDays), ("--history-days", historyDays)]
        where !(1...36_500).contains(value) {
            throw ValidationError("\(option) takes a number of days from 1 to 36500, not \(value).")
        }
        guard (1...3_650).contains(keepDaily), (0...520).contains(keepWeekly) else {
            throw ValidationError("--keep-daily takes 1 to 3650 days and --keep-weekly 0 to 520 weeks.")
        }
        guard (1...100_000).contains(historyPerRecord) else {
            throw ValidationError("--history-per-record takes a number from 1 to 100000, not \(historyPerRecord).")
        }
        if !ParsnipSettings.languages.contains(language) {
            throw ValidationError(
                "--language takes one of \(ParsnipSettings.languages.joined(separator: ", ")), not \"\(language)\".")
        }
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw ValidationError(
                "--time-zone takes a zone name such as Europe/London or America/New_York, not \"\(timeZone)\".")
        }
        if !ParsnipSettings.isValidParseApplicationId(parseAppId) {
            throw ValidationError(
                "--parse-app-id takes 1 to 100 letters, digits, dots, dashes and underscores, not \"\(parseAppId)\".")
        }
        if let currency, !MoneyFormat.isKnownCurrency(currency) {
            throw ValidationError("--currency takes a three-letter code such as EUR, GBP or USD, not \"\(currency)\".")
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("The log level must be one of trace, debug, info, notice, warning, error, critical.")
        }
    }

    func run() async throws {
        MemoryArenas.limitToOneACore()
        if let resetPassword {
            let databasePath = DatabaseLocation.forCommand(database)
            throw ExitCode(await PasswordRecoveryCommand.run(name: resetPassword, databasePath: databasePath))
        }
        do {
            try await start()
        } catch let error as ExitCode {
            throw error
        } catch {
            Self.fail(Self.describe(error))
        }
    }

    private func start() async throws {
        let place = DatabaseLocation.forServer(database)
        if case .file(let databasePath) = place {
            try Self.prepareFolder(for: databasePath)
            guard DatabaseFileLock.take(databasePath) else { Self.fail(DatabaseFileLock.serverRefusal(databasePath)) }
        }
        guard let templates = ParsnipSettings.locateDirectory(named: "Templates") else {
            Self.fail("Cannot find the Templates folder. Run parsnip from the Parsnip folder.")
        }
        guard let publicFiles = ParsnipSettings.locateDirectory(named: "Public") else {
            Self.fail("Cannot find the Public folder. Run parsnip from the Parsnip folder.")
        }
        let host = listenAddress
        var settings = ParsnipSettings(
            host: host,
            port: port,
            database: place,
            templatesDirectory: templates,
            publicDirectory: publicFiles,
            logLevel: Logger.Level(rawValue: logLevel) ?? .notice
        )
        settings.requireSignIn = requireSignIn
        settings.language = language
        settings.pseudoLanguage = pseudoLanguage
        settings.parseApplicationId = parseAppId
        settings.allowedHosts = allowedHost
        if let timeZone, let zone = TimeZone(identifier: timeZone) {
            settings.timeZone = zone
            // Every time a page shows (History, the trash, "last changed") is read in the process's zone: TZ makes it
            // the household's before anything has asked for it.
            setenv("TZ", timeZone, 1)
            tzset()
        }
        settings.money = MoneyFormat.computers(currencyCode: currency)
        settings.keeping = KeepingRules(
            trashDays: trashDays, historyDays: historyDays, changesPerRecord: historyPerRecord)
        settings.backups = BackupRules(
            folder: backups.map { URL(fileURLWithPath: $0).standardizedFileURL.path }, automatic: !noDailyBackups,
            keepDaily: keepDaily, keepWeekly: keepWeekly)
        settings.connectionLimits = connectionOptions.limits(openFileLimit: OpenFileLimit.raiseToHardLimit())
        let signInRequired = settings.signInRequired
        // Set just before the server reports that it runs, while nobody has set Parsnip up yet.
        let pendingSetupCode = Mutex<String?>(nil)
        settings.onStartupProgress = { line in
            print(line)
            fflush(nil)
        }
        settings.onSetupPending = { setupCode in pendingSetupCode.withLock { $0 = setupCode } }
        settings.onServerRunning = { port in
            // Printed only once the port is really ours, so a port in use never claims to be running.
            Self.printAddresses(host: host, port: port)
            if let setupCode = pendingSetupCode.withLock({ $0 }) {
                Self.printSetupInstructions(
                    host: host, port: port, signInRequired: signInRequired, setupCode: setupCode)
            }
            print("Database: \(place.shown)")
            print("Press Ctrl-C to stop.")
            // Other programs (scripts, tests) read these lines through a pipe: send them now, not at exit.
            fflush(nil)
        }
        let app = await Self.orFail(try await buildApplication(settings)) { error in
            (error as? StartupError)?.description ?? Self.describe(error)
        }
        do {
            try await app.runService()
        } catch {
            Self.fail(Self.describeServerError(error, host: host, port: port))
        }
    }

    /// Where to open Parsnip: this computer's address, and when shared, every address on the network.
    private static func printAddresses(host: String, port: Int) {
        guard NetworkAddresses.isEveryInterface(host) else {
            print("Parsnip is running at http://\(host):\(port)")
            return
        }
        print("Parsnip is running at http://127.0.0.1:\(port)")
        let urls = NetworkAddresses.shareURLs(host: host, port: port)
        if urls.isEmpty {
            print("It is shared, but this computer has no network address right now (is it connected?).")
        } else {
            print("Shared on your network. On a phone or laptop on the same network, open:")
            for url in urls { print("  \(url)") }
        }
    }

    /// What to do while nobody has set Parsnip up: create the owner on /setup, from here or with the one-time code.
    private static func printSetupInstructions(host: String, port: Int, signInRequired: Bool, setupCode: String) {
        let setupURL = "http://127.0.0.1:\(port)/setup"
        guard signInRequired else {
            print("To give each person in your household their own sign-in, open \(setupURL)")
            return
        }
        print("Nobody has set Parsnip up yet. On this computer, open \(setupURL) to create the owner's account.")
        if !ThisComputer.isOnlyHost(host) {
            print("To set Parsnip up from another device, open /setup there and enter the code \(setupCode)")
        }
    }

    /// The value of `body`, or, when it throws, the one-line message for its error and exit status 1.
    private static func orFail<T>(
        _ body: @autoclosure () async throws -> T, message: (any Error) -> String
    ) async -> T {
        do {
            return try await body()
        } catch {
            fail(message(error))
        }
    }

    /// Creates the database's folder (`data/` on a first run) and checks it can be written.
    private static func prepareFolder(for databasePath: String) throws {
        let folder = URL(fileURLWithPath: databasePath).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            var ancestor = URL(fileURLWithPath: folder)
            var isDirectory: ObjCBool = false
            while ancestor.path != "/" {
                if FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory),
                    !isDirectory.boolValue
                {
                    fail("Cannot create the folder \(folder) for the database: \(ancestor.path) is a file.")
                }
                ancestor.deleteLastPathComponent()
            }
            fail("Cannot create the folder \(folder) for the database: \(error.localizedDescription)")
        }
        if FileManager.default.fileExists(atPath: databasePath) {
            guard FileManager.default.isWritableFile(atPath: databasePath) else {
                fail("Cannot write to the database \(databasePath): permission denied.")
            }
        } else {
            guard FileManager.default.isWritableFile(atPath: folder) else {
                fail("Cannot create the database \(databasePath): the folder \(folder) is not writable.")
            }
        }
    }

    private static func describeServerError(_ error: any Error, host: String, port: Int) -> String {
        let text = "\(error)"
        if text.contains("Address already in use") || text.contains("EADDRINUSE") {
            return
                "Port \(port) on \(host) is already in use. Stop the other program or choose another port with --port."
        }
        if text.contains("Permission denied") || text.contains("EACCES") {
            return "Not allowed to listen on port \(port). Choose a port above 1023 with --port."
        }
        if text.contains("Cannot assign requested address") || text.contains("EADDRNOTAVAIL") {
            return "This computer has no address \(host). Use 127.0.0.1, or 0.0.0.0 to share on your network."
        }
        return "Parsnip stopped: \(describe(error))"
    }

    private static func describe(_ error: any Error) -> String {
        let text = "\(error)"
        return text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
    }

    /// Prints one line on stderr and exits with status 1.
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("parsnip: \(message)\n".utf8))
        Foundation.exit(1)
    }
}
