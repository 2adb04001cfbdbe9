/// What route permissions need to know about the people of this Parsnip; the accounts feature provides it.
protocol AccessDirectory: Sendable {
    /// True once someone has set Parsnip up.
    func ownerExists() async throws -> Bool
    /// The name of an owner, for "ask Ana"; nil when there is none.
    func ownerName() async throws -> String?
    /// Keeps the language a signed-in person chose on their account, so it follows them to their other devices.
    func keepLanguage(_ language: Language, forUser userId: String) async throws
    /// Keeps the order a signed-in person last chose for the to-do list (`TodoSort`'s raw value) on their account.
    func keepTodoSort(_ sort: String, forUser userId: String) async throws
}
