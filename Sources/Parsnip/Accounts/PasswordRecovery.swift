import Foundation
import ParseStore

/// Gives someone a new password from this computer's command line, for when the only owner has forgotten theirs.
///
/// Whoever can run programs here already holds the database file, so this asks for no other proof.
public struct PasswordRecovery: Sendable {
    /// Why a password was not changed.
    public enum Refusal: Error, Sendable, Hashable {
        /// Nobody has this name (ignoring case); `names` are everyone's names, in the People page's order.
        case unknownName(names: [String])
        /// The new password breaks a rule; the message is the one the People page shows.
        case passwordRule(String)
        /// The password typed the second time is not the first one.
        case repeatDiffers(String)
    }

    let accounts: StoreAccountRepository
    /// The store this recovery opened itself, closed by `close()`; nil when it was handed one.
    private let ownStore: ParseStore?

    /// The accounts in the database file at `databasePath`, hashing at the web app's bcrypt cost.
    ///
    /// - Throws: `StartupError` in one plain sentence when there is no such file, another program (a running
    ///   Parsnip) has it open, or it cannot be opened.
    public init(databasePath: String) throws {
        try self.init(databasePath: databasePath, passwordHashCost: PasswordHasher.defaultCost)
    }

    init(databasePath: String, passwordHashCost: UInt8) throws {
        guard CommandDatabase.exists(databasePath) else {
            throw StartupError("There is no database at \(databasePath). Give the one Parsnip uses with --database.")
        }
        guard !CommandDatabase.isInUse(databasePath) else {
            throw StartupError(
                "Parsnip (or another program) has \(CommandDatabase.shown(databasePath)) open. Stop Parsnip first, "
                    + "then run this again.")
        }
        let store: ParseStore
        do {
            store = try CommandDatabase.open(databasePath)
        } catch let error as ParseError {
            throw StartupError(error.message)
        }
        self.init(
            accounts: StoreAccountRepository(
                door: StoreDoor(store: store), passwordHashCost: passwordHashCost, clock: SystemParseClock()),
            ownStore: store)
    }

    /// Recovery over `accounts` (tests), leaving its store open.
    init(accounts: StoreAccountRepository, ownStore: ParseStore? = nil) {
        self.accounts = accounts
        self.ownStore = ownStore
    }

    /// The person called `name`, ignoring case and spaces at both ends, as sign-in finds them.
    public func person(named name: String) async throws -> Result<Person, Refusal> {
        let username = AccountRules.cleanUsername(name)
        let found = try await accounts.door.read { reader -> Person? in
            guard let user = try reader.user(named: username) else { return nil }
            return try StoreAccountRepository.person(user.objectId, reader: reader)
        }
        if let found { return .success(found) }
        return .failure(.unknownName(names: try await accounts.people().map(\.username)))
    }

    /// Gives the person called `name` the password `password`, typed again as `repeated`, and ends all their
    /// sessions; changes nothing when a rule is broken or the two differ.
    public func resetPassword(named name: String, password: String, repeated: String) async throws
        -> Result<Person, Refusal>
    {
        if let problem = AccountRules.passwordProblem(password) {
            return .failure(.passwordRule(Self.english(problem)))
        }
        if let problem = AccountRules.repeatProblem(password, repeated: repeated) {
            return .failure(.repeatDiffers(Self.english(problem)))
        }
        let person: Person
        switch try await self.person(named: name) {
        case .success(let found): person = found
        case .failure(let refusal): return .failure(refusal)
        }
        switch try await accounts.resetPassword(personId: person.id, password: password, keepingSession: nil) {
        case .success(let changed): return .success(changed)
        case .failure: return .failure(.unknownName(names: try await accounts.people().map(\.username)))
        }
    }

    /// A rule's message in English, as the command line says it (it loads the catalogues first:
    /// `CommandLineWords.load()`).
    static func english(_ words: Words) -> String { words.text(in: .en) }

    /// Closes the database this recovery opened (folding its WAL back into the file).
    public func close() throws {
        try ownStore?.close()
    }
}
