import ParseStore

/// The household's language, kept as a server setting beside the API's keys (so a restore from a backup keeps it),
/// written through the store's one door and remembered after the first read: every page asks for it.
extension StoreAccountRepository {
    /// The server setting's name; its value is a language code ("ko").
    static let householdLanguageSetting = "householdLanguage"

    func householdLanguage() async throws -> Language? {
        if let known = householdLanguageMemory.withLock({ $0 }) { return known }
        // Read before: a read that began before another server's change was noticed keeps nothing.
        let generation = sessions.generation
        let stored = try await door.read { reader in try reader.serverSetting(Self.householdLanguageSetting) }
        let language = stored.flatMap(Language.init(rawValue:))
        householdLanguageMemory.withLock { memory in
            if memory == nil, sessions.generation == generation { memory = .some(language) }
        }
        return language
    }

    /// Forgets every session, app session and the household's language this server remembers: another server
    /// sharing the database wrote, and may have changed any of them (see `OtherServers`).
    func forgetWhatOthersMayHaveChanged() {
        sessions.removeAll()
        householdLanguageMemory.withLock { $0 = nil }
    }

    func keepHouseholdLanguage(_ language: Language) async throws {
        try await door.bookkeeping { writer in
            try writer.setServerSetting(Self.householdLanguageSetting, to: language.rawValue)
        }
        householdLanguageMemory.withLock { $0 = .some(language) }
    }
}
