import Foundation
import ParseStore

/// The Parse API's keys: the application id every request names, and the master key — made the first time Parsnip
/// runs on a database, kept in it, shown to the owner and renewable — plus whether apps may sign people up.
final class APIKeys: Sendable {
    /// The application id (`--parse-app-id`, "parsnip" unless changed).
    let applicationId: String
    /// The store's one door: the keys are settings kept in it.
    private let door: StoreDoor
    private let current: LockedValue<(masterKey: String, signUpAllowed: Bool)>

    static let masterKeySetting = "parseMasterKey"
    static let signUpSetting = "parseSignUpAllowed"

    /// Reads the master key through `door`, making one first when the database has none.
    init(door: StoreDoor, applicationId: String) async throws {
        self.door = door
        self.applicationId = applicationId
        let settings = try await door.bookkeeping { writer -> (String, Bool) in
            let reader = writer.reader
            let key: String
            if let stored = try reader.serverSetting(Self.masterKeySetting) {
                key = stored
            } else {
                key = Self.newMasterKey()
                try writer.setServerSetting(Self.masterKeySetting, to: key)
            }
            return (key, try reader.serverSetting(Self.signUpSetting) == "true")
        }
        current = LockedValue((settings.0, settings.1))
    }

    var masterKey: String { current.withLock { $0.masterKey } }
    var signUpAllowed: Bool { current.withLock { $0.signUpAllowed } }

    /// True when `key` is the master key (compared in constant time, so timing tells nothing of it).
    func isMasterKey(_ key: String) -> Bool {
        let expected = Array(masterKey.utf8)
        let given = Array(key.utf8)
        var difference = UInt8(expected.count == given.count ? 0 : 1)
        for index in 0..<given.count { difference |= given[index] ^ expected[index % max(expected.count, 1)] }
        return difference == 0 && !expected.isEmpty
    }

    /// Replaces the master key: apps using the old one are refused from now on.
    func renewMasterKey() async throws {
        let key = Self.newMasterKey()
        try await door.bookkeeping { try $0.setServerSetting(Self.masterKeySetting, to: key) }
        current.withLock { $0.masterKey = key }
    }

    /// Lets apps sign people up (without a household role), or stops them.
    func allowSignUp(_ allowed: Bool) async throws {
        try await door.bookkeeping { try $0.setServerSetting(Self.signUpSetting, to: allowed ? "true" : "false") }
        current.withLock { $0.signUpAllowed = allowed }
    }

    /// Takes the keys as `reader` sees them: another server sharing the database may have renewed the master key
    /// or changed sign-up (see `OtherServers`).
    func reload(from reader: ParseReader) throws {
        let key = try reader.serverSetting(Self.masterKeySetting)
        let signUp = try reader.serverSetting(Self.signUpSetting) == "true"
        current.withLock { current in
            if let key { current.masterKey = key }
            current.signUpAllowed = signUp
        }
    }

    /// 40 letters and digits from the system's secure generator (about 238 bits).
    static func newMasterKey() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<40).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] })
    }
}
