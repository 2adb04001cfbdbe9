import Foundation
import ParseStore
import XCTest

@testable import Parsnip

/// `parsnip --reset-password`'s library side: finds the person as sign-in does, keeps the People page's rules, and
/// the new password (and only it) signs in afterwards, with every old session ended.
final class PasswordRecoveryTests: XCTestCase {
    private let oldPassword = "forgotten long ago"
    private let newPassword = "remembered this time"
    private var folder: URL!

    override func setUp() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("parsnip-recovery-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Accounts with Ana as owner (signed in once by set-up) and Ben as an editor.
    private func household() async throws -> (accounts: StoreAccountRepository, anaSession: String) {
        let accounts = try memoryAccounts()
        guard case .success(let session) = try await accounts.createOwner(username: "Ana", password: oldPassword)
        else { throw XCTSkip("set-up failed") }
        _ = try await accounts.addPerson(username: "ben", password: "ben's own password", role: .editor)
        return (accounts, session.token)
    }

    func testTheNewPasswordSignsInAndTheOldOneNoLonger() async throws {
        let (accounts, _) = try await household()
        let recovery = PasswordRecovery(accounts: accounts)

        let outcome = try await recovery.resetPassword(named: "  ANA ", password: newPassword, repeated: newPassword)

        XCTAssertEqual(try outcome.get().username, "Ana", "found ignoring case and spaces, as sign-in finds her")
        let withNew = try await accounts.signIn(username: "Ana", password: newPassword)
        XCTAssertEqual(withNew?.user.role, .owner)
        let withOld = try await accounts.signIn(username: "Ana", password: oldPassword)
        XCTAssertNil(withOld)
    }

    func testEverySessionOfThatPersonEndsAndNobodyElses() async throws {
        let (accounts, setUpSession) = try await household()
        let laterSession = try await accounts.signIn(username: "Ana", password: oldPassword)
        let bensSession = try await accounts.signIn(username: "Ben", password: "ben's own password")

        _ = try await PasswordRecovery(accounts: accounts)
            .resetPassword(named: "Ana", password: newPassword, repeated: newPassword)

        let afterSetUp = try await accounts.user(forSession: setUpSession)
        XCTAssertNil(afterSetUp)
        let afterLater = try await accounts.user(forSession: try XCTUnwrap(laterSession).token)
        XCTAssertNil(afterLater)
        let ben = try await accounts.user(forSession: try XCTUnwrap(bensSession).token)
        XCTAssertEqual(ben?.username, "ben", "only Ana is signed out")
    }

    func testAnUnknownNameListsEveryoneAndChangesNothing() async throws {
        let (accounts, session) = try await household()
        let recovery = PasswordRecovery(accounts: accounts)

        let found = try await recovery.person(named: "Anna")
        let reset = try await recovery.resetPassword(named: "Anna", password: newPassword, repeated: newPassword)

        XCTAssertEqual(found, .failure(.unknownName(names: ["Ana", "ben"])))
        XCTAssertEqual(reset, .failure(.unknownName(names: ["Ana", "ben"])))
        let stillSignedIn = try await accounts.user(forSession: session)
        XCTAssertEqual(stillSignedIn?.username, "Ana")
    }

    func testAPasswordBreakingARuleIsRefusedWithThePeoplePagesMessageAndChangesNothing() async throws {
        let (accounts, session) = try await household()
        let recovery = PasswordRecovery(accounts: accounts)
        let tooLong = String(repeating: "p", count: AccountRules.passwordLimit + 1)

        let short = try await recovery.resetPassword(named: "Ana", password: "short", repeated: "short")
        let long = try await recovery.resetPassword(named: "Ana", password: tooLong, repeated: tooLong)

        XCTAssertEqual(short, .failure(.passwordRule("Use at least 8 characters for the password")))
        XCTAssertEqual(long, .failure(.passwordRule("Use at most 64 characters for the password")))
        try await assertUnchanged(accounts, session: session)
    }

    func testDifferentRepeatsAreRefusedAndChangeNothing() async throws {
        let (accounts, session) = try await household()
        let recovery = PasswordRecovery(accounts: accounts)

        let differs = try await recovery.resetPassword(named: "Ana", password: newPassword, repeated: newPassword + "!")
        let missing = try await recovery.resetPassword(named: "Ana", password: newPassword, repeated: "")

        XCTAssertEqual(
            differs, .failure(.repeatDiffers("The two passwords are different. Type the same password twice")))
        XCTAssertEqual(missing, .failure(.repeatDiffers("Enter the password again")))
        try await assertUnchanged(accounts, session: session)
    }

    func testTheChangeIsInTheDatabaseFileForTheNextStart() async throws {
        // On PostgreSQL the schema named after the path: `--reset-password` takes a postgres:// address too.
        let path = folder.appendingPathComponent("parsnip.sqlite").path
        let before = try testStore(at: path)
        let running = StoreAccountRepository(
            door: StoreDoor(store: before), passwordHashCost: testPasswordHashCost, clock: SystemParseClock())
        guard case .success(let session) = try await running.createOwner(username: "Ana", password: oldPassword)
        else { throw XCTSkip("set-up failed") }
        try before.close()

        let recovery = try PasswordRecovery(
            databasePath: commandDatabase(at: path), passwordHashCost: testPasswordHashCost)
        let outcome = try await recovery.resetPassword(named: "ana", password: newPassword, repeated: newPassword)
        try recovery.close()

        XCTAssertEqual(try outcome.get().username, "Ana")
        let after = try testStore(at: path)
        defer { try? after.close() }
        let restarted = StoreAccountRepository(
            door: StoreDoor(store: after), passwordHashCost: testPasswordHashCost, clock: SystemParseClock())
        let withNew = try await restarted.signIn(username: "Ana", password: newPassword)
        XCTAssertNotNil(withNew)
        let withOld = try await restarted.signIn(username: "Ana", password: oldPassword)
        XCTAssertNil(withOld)
        let oldSession = try await restarted.user(forSession: session.token)
        XCTAssertNil(oldSession)
        let hash = try await after.read { try $0.hashedPassword(ofUser: session.user.objectId) }
        XCTAssertEqual(hash?.hasPrefix("$2b$04$"), true, "kept as a bcrypt hash, never as typed")
    }

    func testAMissingDatabaseIsRefusedInPlainWordsAndNotCreated() throws {
        let path = folder.appendingPathComponent("typo.sqlite").path

        XCTAssertThrowsError(try PasswordRecovery(databasePath: path)) { error in
            XCTAssertEqual(
                (error as? StartupError)?.description,
                "There is no database at \(path). Give the one Parsnip uses with --database.")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    /// Ana's old password still signs in and her session is still valid.
    private func assertUnchanged(
        _ accounts: StoreAccountRepository, session: String, file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        let signedIn = try await accounts.user(forSession: session)
        XCTAssertEqual(signedIn?.username, "Ana", "the session was not ended", file: file, line: line)
        let withOld = try await accounts.signIn(username: "Ana", password: oldPassword)
        XCTAssertNotNil(withOld, "the old password still works", file: file, line: line)
    }
}
