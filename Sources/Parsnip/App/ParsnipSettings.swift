import Foundation
import Logging
import ParseStore

/// Everything the composition root needs to know: where to listen, which database, where the files are.
public struct ParsnipSettings: Sendable {
    /// Where the to-dos are kept.
    public enum Database: Sendable, Hashable {
        /// One SQLite file (created with its folder if missing).
        case file(String)
        /// A PostgreSQL database at a `postgres://` address, which several Parsnip servers may share.
        case postgres(String)
        /// A private in-memory database that disappears with the process (tests).
        case inMemory
    }

    /// The address to listen on; 127.0.0.1 keeps Parsnip on this computer, 0.0.0.0 shares it on the LAN.
    public var host: String
    public var port: Int
    public var database: Database
    /// The folder holding `layout.mustache` and the other templates.
    public var templatesDirectory: String
    /// The folder served under `/css/…` and `/js/…`.
    public var publicDirectory: String
    public var logLevel: Logger.Level
    /// To-dos per list page.
    public var pageSize: Int
    /// Where the store reads the time for createdAt and updatedAt (tests pass a predictable one).
    public var clock: any ParseClock
    /// The household's time zone: where its days begin ("Due tomorrow") and what its clock reads. The computer's
    /// own zone unless `--time-zone` names another.
    public var timeZone: TimeZone = .current
    /// The household's language ("en", "es", "pt", "fr", "ko", "ja"): what the pages speak to a browser that asks
    /// for none of Parsnip's languages and whose person chose none.
    public var language = "en"
    /// True to show English pages in a pseudo-language (each message lengthened by 40% and wrapped in ⟦ ⟧), so a
    /// word outside the catalogues or a label that does not fit stands out.
    public var pseudoLanguage = false
    /// A second renderer every page is compared with (the tests set the reference Mustache renderer); nil to run.
    var renderCheck: (any RenderCheck)?
    /// The language codes `language` may be, in the chooser's order.
    public static var languages: [String] { Language.allCases.map(\.rawValue) }
    /// How prices are shown: plain numbers unless the command line gives the computer's currency or `--currency`.
    public var money = MoneyFormat.plain
    /// Called once the server listens, with the port it got: the moment to tell the person where to go.
    public var onServerRunning: @Sendable (_ port: Int) -> Void
    /// `--allowed-host`: more names Parsnip answers to (a `.local` name, a reverse proxy), besides `localhost`, the
    /// loopback addresses, this computer's host name and, when shared, its network addresses.
    public var allowedHosts: [String] = []
    /// `--require-sign-in`: everyone signs in even on this computer. Sharing on the network always requires it.
    public var requireSignIn = false
    /// bcrypt's work factor for passwords: 12 (a quarter of a second a hash); tests use the minimum, 4.
    public var passwordHashCost: UInt8 = Self.defaultPasswordHashCost
    /// How long deleted things stay in the trash and how much history each record keeps.
    public var keeping = KeepingRules()
    /// Where backups go and how many are kept.
    public var backups = BackupRules()
    /// The bcrypt cost Parsnip hashes passwords at, on the web and from the command line.
    public static let defaultPasswordHashCost = PasswordHasher.defaultCost
    /// `--parse-app-id`: the application id Parse apps send (`X-Parse-Application-Id`).
    public var parseApplicationId = "parsnip"
    /// The one-time code that lets someone set Parsnip up from another device while no owner exists.
    public var setupCode = SetupGate.newCode()
    /// Called with a line to show while starting takes long (building a search index); the CLI prints it.
    public var onStartupProgress: @Sendable (_ line: String) -> Void = { _ in }
    /// Called just before `onServerRunning` while nobody has set Parsnip up yet, with the set-up code to print.
    public var onSetupPending: @Sendable (_ setupCode: String) -> Void = { _ in }
    /// Timeouts and the connection cap for slow or too many clients (see `ConnectionLimits` for the numbers).
    public var connectionLimits = ConnectionLimits(openFileLimit: OpenFileLimit.current())
    /// Waits before a slowed-down sign-in attempt (tests pass one that returns at once).
    public var pause: @Sendable (Duration) async -> Void = { delay in try? await Task.sleep(for: delay) }

    /// True when nobody may use Parsnip without signing in: with `--require-sign-in`, or when it listens on
    /// anything but this computer's own address (`--share`, `--host 0.0.0.0`, a LAN address).
    public var signInRequired: Bool { requireSignIn || !ThisComputer.isOnlyHost(host) }

    /// True when `id` can be the Parse application id: 1 to 100 ASCII letters, digits, `.`, `-` and `_`.
    public static func isValidParseApplicationId(_ id: String) -> Bool {
        (1...100).contains(id.utf8.count)
            && id.utf8.allSatisfy {
                $0 < 0x80
                    && (Character(UnicodeScalar($0)).isLetter || Character(UnicodeScalar($0)).isNumber || $0 == 0x2E
                        || $0 == 0x2D || $0 == 0x5F)
            }
    }

    /// True when `name` can be given to `--allowed-host`: a host name ("parsnip.local") or an IP address.
    public static func isValidAllowedHost(_ name: String) -> Bool {
        AllowedHosts.canonical(name) != nil
    }

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        database: Database = .file("data/parsnip.sqlite"),
        templatesDirectory: String,
        publicDirectory: String,
        logLevel: Logger.Level = .info,
        pageSize: Int = 50,
        clock: any ParseClock = SystemParseClock(),
        onServerRunning: @escaping @Sendable (_ port: Int) -> Void = { _ in }
    ) {
        self.host = host
        self.port = port
        self.database = database
        self.templatesDirectory = templatesDirectory
        self.publicDirectory = publicDirectory
        self.logLevel = logLevel
        self.pageSize = pageSize
        self.clock = clock
        self.onServerRunning = onServerRunning
    }

    /// Finds a resource folder (`Templates`, `Public`): in the current directory, else in the executable's
    /// directory or one of its parents, so `.build/release/parsnip` works from anywhere in the checkout.
    public static func locateDirectory(named name: String) -> String? {
        let fileManager = FileManager.default
        func isDirectory(_ path: String) -> Bool {
            var isDirectory: ObjCBool = false
            return fileManager.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        let current = URL(fileURLWithPath: fileManager.currentDirectoryPath).appendingPathComponent(name).path
        if isDirectory(current) { return current }
        var directory = executableURL().deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent(name).path
            if isDirectory(candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    private static func executableURL() -> URL {
        #if os(Linux)
            if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
                return URL(fileURLWithPath: path)
            }
        #endif
        return (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
    }
}

extension ParsnipSettings.Database {
    /// The database as a person is told it: the file's path, or the PostgreSQL address without its password.
    public var shown: String {
        switch self {
        case .file(let path): path
        case .postgres(let url): (try? PostgresAddress(url: url).description) ?? "a PostgreSQL database"
        case .inMemory: "in memory"
        }
    }
}
