import Foundation
import Synchronization
import XCTest

@testable import ParseStore

/// A test class that needs a PostgreSQL server: the server `PARSNIP_TEST_POSTGRES_URL` names (a superuser, e.g.
/// `postgres://postgres@127.0.0.1:55440/postgres`), on which the class gets a database of its own, created by its
/// first test and dropped after its last. Without the variable every test is skipped.
class PostgresTestCase: XCTestCase {
    /// The environment variable naming the test server.
    static let serverVariable = "PARSNIP_TEST_POSTGRES_URL"

    /// Each test class's database, by class.
    private static let databases = Mutex<[ObjectIdentifier: PostgresAddress]>([:])

    /// This class's own database.
    private(set) var address = PostgresAddress(user: "nobody")

    /// The backends a test opened with `makeBackend`, closed after it.
    private var backends: [PostgresBackend] = []

    override func setUpWithError() throws {
        try super.setUpWithError()
        let server = try Self.serverAddress()
        let key = ObjectIdentifier(type(of: self))
        if let made = Self.databases.withLock({ $0[key] }) {
            address = made
            return
        }
        let name = "parsnip_t_" + UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: "")
        try Self.onServer(server) { try $0.execute("CREATE DATABASE \(name)") }
        var database = server
        database.database = name
        Self.databases.withLock { $0[key] = database }
        address = database
    }

    override func tearDown() {
        for backend in backends { try? backend.close() }
        backends.removeAll()
        super.tearDown()
    }

    override class func tearDown() {
        let key = ObjectIdentifier(self)
        if let database = databases.withLock({ $0.removeValue(forKey: key) }), let server = try? serverAddress() {
            try? onServer(server) { try $0.execute("DROP DATABASE IF EXISTS \(database.database) WITH (FORCE)") }
        }
        super.tearDown()
    }

    /// A backend on this class's database, closed after the test.
    func makeBackend(poolSize: Int = 4) throws -> PostgresBackend {
        let backend = try PostgresBackend(address: address, poolSize: poolSize)
        backends.append(backend)
        return backend
    }

    /// The test server's address, or a skip when the variable is not set.
    static func serverAddress() throws -> PostgresAddress {
        guard let url = ProcessInfo.processInfo.environment[serverVariable], !url.isEmpty else {
            throw XCTSkip("\(serverVariable) is not set: the PostgreSQL tests need a server (scripts/test starts one).")
        }
        return try PostgresAddress(url: url)
    }

    /// Runs `body` on a connection to the server's own database, outside any transaction.
    static func onServer<T>(_ server: PostgresAddress, _ body: (PostgresSQLConnection) throws -> T) throws -> T {
        let backend = try PostgresBackend(address: server, poolSize: 2)
        defer { try? backend.close() }
        return try backend.outsideTransaction(body)
    }

    /// Runs `sql` outside any transaction on this class's database.
    func administer(_ sql: String, _ arguments: [SQLValue] = []) throws {
        let backend = try PostgresBackend(address: address, poolSize: 2)
        defer { try? backend.close() }
        try backend.outsideTransaction { try $0.execute(sql, arguments, cached: false) }
    }

    /// The rows `sql` answers on `backend`, in one read: unnamed, or as a prepared statement when `cached`.
    func rows(
        _ backend: PostgresBackend, _ sql: String, _ arguments: [SQLValue] = [], cached: Bool = false
    ) async throws -> [[SQLValue]] {
        try await backend.read(within: nil) { connection in
            try connection.rows(sql, arguments, cached: cached).map(\.values)
        }
    }

    /// Runs `body` in one write on `backend`, kept when `commit` is true, waiting up to `wait` for the write lock.
    @discardableResult
    func write<T: Sendable>(
        _ backend: PostgresBackend, wait: Duration = .seconds(5), commit: Bool = true,
        _ body: @escaping @Sendable (any SQLConnection) throws -> T
    ) async throws -> T {
        try await backend.write(deadline: .now + wait, commitIf: { _ in commit }, body)
    }

    /// Fails unless `body` throws a `ParseError` equal to `expected`.
    func assertThrows<T>(
        _ expected: ParseError, _ body: () async throws -> T, file: StaticString = #filePath, line: UInt = #line
    ) async {
        do {
            _ = try await body()
            XCTFail("expected \(expected), but nothing was thrown", file: file, line: line)
        } catch let error as ParseError {
            XCTAssertEqual(error, expected, file: file, line: line)
        } catch {
            XCTFail("expected \(expected), got \(error)", file: file, line: line)
        }
    }
}

/// An error a test's write body throws to have its transaction rolled back.
struct PostgresTestAbort: Error {}

/// A one-time signal between a test and a body running on another thread.
final class PostgresTestSignal: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    /// Lets one `wait` through.
    func signal() { semaphore.signal() }

    /// Waits for `signal`, up to `seconds`; false when the time ran out.
    @discardableResult
    func wait(seconds: Double = 10) -> Bool {
        semaphore.wait(timeout: .now() + seconds) == .success
    }
}
