import ParseStore

/// Whom the page being answered reads and writes for: set for each page request by the session middleware to the
/// signed-in person's access (their user, every role that includes them, everyone's) or, for a visitor who has not
/// signed in, everyone's; the write path's reads and record writes act as it, so an ACL an app set holds on the
/// pages as in the API. Outside a page request (start-up, commands, background jobs) it is the master key.
enum PageAccess {
    /// The access of the page request being answered.
    @TaskLocal static var current: ParseAccess = .master
}
