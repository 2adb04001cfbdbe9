import ParseStore

/// The household's language, kept as a server setting beside the API's keys (so a restore from a backup keeps it),
/// written through the store's one door and remembered after the first read: every page asks for it.
extension StoreAccountRepository {
    /// The server setting's name; its value is a language code ("ko").
    static let householdLanguageSetting = "householdLanguage"

    func householdLanguage() async throws -> Language? {
        if let known = householdLanguageMemory.withLock({ $0 }) { return known }
        let stored = try await door.read { reader in try reader.serverSetting(Self.householdLanguageSetting) }
        let language = stored.flatMap(Language.init(rawValue:))
        householdLanguageMemory.withLock { memory in
            if memory == nil { memory = .some(language) }
        }
        return language
    }

    func keepHouseholdLanguage(_ language: Language) async throws {
        try await door.bookkeeping { writer in
            try writer.setServerSetting(Self.householdLanguageSetting, to: language.rawValue)
        }
        householdLanguageMemory.withLock { $0 = .some(language) }
    }
}
