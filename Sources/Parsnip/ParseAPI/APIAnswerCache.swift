import ParseStore

/// Answers to API reads (finds and gets of `/classes/…`) kept until anything changes, so an app asking the same
/// query again — a list it refreshes — costs no SQL.
///
/// The key holds everything an answer depends on: the data's revision (`WritePath.revision`, moved by every write,
/// the API's included), the accounts' generation (moved by every change to a person, role or session, on the pages
/// or through the API), the caller's access (master key, or their entities: a role given or taken changes it) and
/// the path with its query string as sent. A key is never reused after a change, so nothing has to be emptied; old
/// answers age out of the two generations of `FragmentCache`. The revision and generation are read before the
/// answer is made, so an answer made while a write commits is kept under the older key, never a newer one.
struct APIAnswerCache: Sendable {
    /// What one kept answer depends on.
    struct Key: Hashable, Sendable {
        let revision: Int
        let accountsGeneration: Int
        let access: ParseAccess
        let target: String
    }

    /// At most 4 MB of answers (a page of 100 to-dos is about 25 KB).
    private let answers = FragmentCache<Key>(byteBudget: 4 * 1024 * 1024)
    let writePath: WritePath
    let accounts: any APIAccounts

    /// The endpoints whose answers depend only on the data and the caller's access: not `users/me` or
    /// `sessions/me` (which show the session token), and not the batch or anything that writes.
    static func isCacheable(_ request: APIRequest) -> Bool {
        guard request.method == .get, request.body.isEmpty, let first = request.segments.first else { return false }
        if request.segments.count == 2, request.segments[1] == "me" { return false }
        return first == "classes" || APIEndpoints.systemEndpoints[first] != nil
    }

    /// The key of `request` for `target` (its path and query string) as things stand now.
    func key(_ request: APIRequest, target: String) -> Key {
        Key(
            revision: writePath.revision, accountsGeneration: accounts.accountsGeneration,
            access: request.caller.access, target: target)
    }

    func answer(for key: Key) -> String? { answers.piece(for: key) }

    func keep(_ body: String, for key: Key) { answers.keep(body, for: key) }
}
