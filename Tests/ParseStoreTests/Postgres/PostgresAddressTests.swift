import XCTest

@testable import ParseStore

/// `postgres://` URLs are read into their parts, with libpq's defaults, and bad ones are refused in plain words that
/// never repeat the password.
final class PostgresAddressTests: XCTestCase {
    func testFullURLGivesEveryPartWithThePasswordPercentDecoded() throws {
        let address = try PostgresAddress(
            url: "postgresql://parsnip:p%40ss%3Aw%2Frd@db.example.com:6543/books?sslmode=require")
        XCTAssertEqual(address.user, "parsnip")
        XCTAssertEqual(address.password, "p@ss:w/rd")
        XCTAssertEqual(address.host, "db.example.com")
        XCTAssertEqual(address.port, 6543)
        XCTAssertEqual(address.database, "books")
        XCTAssertEqual(address.tls, .require)
    }

    func testPortDefaultsTo5432AndDatabaseToTheUser() throws {
        let address = try PostgresAddress(url: "postgres://alice@127.0.0.1")
        XCTAssertEqual(address.port, 5432)
        XCTAssertEqual(address.database, "alice")
        XCTAssertNil(address.password)
    }

    func testTLSDefaultsToDisableOnThisMachineAndPreferElsewhere() throws {
        XCTAssertEqual(try PostgresAddress(url: "postgres://a@localhost/db").tls, .disable)
        XCTAssertEqual(try PostgresAddress(url: "postgres://a@127.0.0.1/db").tls, .disable)
        XCTAssertEqual(try PostgresAddress(url: "postgres://a@[::1]:5433/db").tls, .disable)
        XCTAssertEqual(try PostgresAddress(url: "postgres://a@db.example.com/db").tls, .prefer)
        XCTAssertEqual(try PostgresAddress(url: "postgres://a@db.example.com/db?sslmode=disable").tls, .disable)
    }

    func testBracketedIPv6HostAndSocketFolderAreRead() throws {
        let v6 = try PostgresAddress(url: "postgres://a@[fe80::1]:7000/db")
        XCTAssertEqual(v6.host, "fe80::1")
        XCTAssertEqual(v6.port, 7000)
        let socket = try PostgresAddress(url: "postgres://a@%2Ftmp%2Fpgh:55440/db")
        XCTAssertEqual(socket.host, "/tmp/pgh")
        XCTAssertEqual(socket.tls, .disable)
    }

    func testConnectTimeoutAndApplicationNameOptionsAreRead() throws {
        let address = try PostgresAddress(url: "postgres://a@h/db?connect_timeout=2&application_name=parsnip%20web")
        XCTAssertEqual(address.connectTimeout, .seconds(2))
        XCTAssertEqual(address.applicationName, "parsnip web")
    }

    func testDescriptionNeverShowsThePassword() throws {
        let address = try PostgresAddress(url: "postgres://parsnip:hunter2@db.example.com/books")
        XCTAssertFalse(address.description.contains("hunter2"))
        XCTAssertEqual(address.description, "postgres://parsnip:***@db.example.com:5432/books?sslmode=prefer")
    }

    func testBadURLsAreRefusedWithOneSentenceWithoutThePassword() {
        let bad = [
            "mysql://a@h/db",
            "a@h/db",
            "postgres://h/db",
            "postgres://a:secret@/db",
            "postgres://a:secret@h:99999/db",
            "postgres://a:secret@h:port/db",
            "postgres://a:secret@h/db?sslmode=sometimes",
            "postgres://a:secret@h/db?colour=blue",
            "postgres://a:secret@h/db?connect_timeout=soon",
            "postgres://a:secret@[::1/db",
            "postgres://a:secret%zz@h/db",
        ]
        for url in bad {
            do {
                _ = try PostgresAddress(url: url)
                XCTFail("\(url) was accepted")
            } catch {
                XCTAssertEqual(error.code, .internalServerError, url)
                XCTAssertTrue(error.message.hasPrefix("The PostgreSQL URL "), error.message)
                XCTAssertTrue(error.message.hasSuffix("."), error.message)
                XCTAssertFalse(error.message.contains("secret"), error.message)
            }
        }
    }
}
