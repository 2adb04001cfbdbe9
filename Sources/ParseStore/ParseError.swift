/// The one error type the store throws, carrying Parse's numeric code and message.
public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Parse's numeric error code.
    public struct Code: RawRepresentable, Sendable, Hashable {
        public var rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// 1: an unexpected failure inside the store (the SQLite detail goes to the log, not the message).
        public static let internalServerError = Code(rawValue: 1)
        /// 101: no object with that id (or not readable).
        public static let objectNotFound = Code(rawValue: 101)
        /// 102: a malformed query or query option.
        public static let invalidQuery = Code(rawValue: 102)
        /// 103: a class name that breaks Parse's rules.
        public static let invalidClassName = Code(rawValue: 103)
        /// 104: an empty objectId.
        public static let missingObjectId = Code(rawValue: 104)
        /// 105: a field or key name that breaks Parse's rules, or is reserved.
        public static let invalidKeyName = Code(rawValue: 105)
        /// 106: a malformed Pointer.
        public static let invalidPointer = Code(rawValue: 106)
        /// 107: malformed JSON or a malformed value.
        public static let invalidJSON = Code(rawValue: 107)
        /// 108: an unsupported `__op`.
        public static let commandUnavailable = Code(rawValue: 108)
        /// 111: a value whose type differs from the field's locked type, or an invalid typed value.
        public static let incorrectType = Code(rawValue: 111)
        /// 119: an operation that is not allowed.
        public static let operationForbidden = Code(rawValue: 119)
        /// 121: a nested Object key containing `$` or `.`.
        public static let invalidNestedKey = Code(rawValue: 121)
        /// 123: an ACL that is not a map of entity → `{"read": Bool, "write": Bool}`.
        public static let invalidACL = Code(rawValue: 123)
        /// 124: a query that needed more time or work than one request may take (`ParseStore.queryTimeLimit`).
        public static let timeout = Code(rawValue: 124)
        /// 137: a duplicate value where values must be unique (objectId collisions).
        public static let duplicateValue = Code(rawValue: 137)
        /// 142: a value the class's rules refuse (a field count past the class's limit).
        public static let validationFailed = Code(rawValue: 142)
        /// 209: a request that needs a session (a `_Session` query) came without one, or with an unknown one.
        public static let invalidSessionToken = Code(rawValue: 209)
    }

    /// Why the database itself refused an operation that was otherwise fine: the failures a person can wait out or
    /// put right, which an app should name instead of reporting an internal error.
    ///
    /// Parse Server reports database failures as code 1, so these keep code 1 and say which failure it was here.
    public enum StorageFailure: String, Sendable, Hashable {
        /// Another connection (usually another program) kept the write lock longer than the store waits for it.
        case busy
        /// The disk holding the database has no room left (or the database reached its size limit).
        case full
        /// The database file cannot be written: a read-only file, folder or disk, or a file moved away.
        case readOnly
        /// The disk reported an error reading or writing the database (SQLite's I/O error): a failing or removed
        /// disk, a network share that went away.
        case diskError
        /// The database server (PostgreSQL) cannot be reached: stopped, restarting, or the network to it is down.
        /// The store connects again by itself once it answers.
        case unreachable
    }

    /// Parse's numeric code.
    public var code: Code
    /// Parse's message, e.g. `schema mismatch for C.f; expected Number but got String`.
    public var message: String
    /// Set (with code 1) when the database was busy, full, read-only, failing or out of reach; nil for every other
    /// error.
    public var storageFailure: StorageFailure?

    public init(_ code: Code, _ message: String, storageFailure: StorageFailure? = nil) {
        self.code = code
        self.message = message
        self.storageFailure = storageFailure
    }

    public var description: String { "ParseError \(code.rawValue): \(message)" }

    /// 101 `Object not found.`
    public static let objectNotFound = ParseError(.objectNotFound, "Object not found.")

    /// 1, busy: another connection held the database's write lock for longer than the store waits.
    public static let databaseBusy = ParseError(
        .internalServerError, "The database is busy: another connection kept it locked for writing.",
        storageFailure: .busy)
    /// 1, full: the disk (or the database's size limit) has no room for the write.
    public static let databaseFull = ParseError(
        .internalServerError, "The database is full: there is no room left on its disk.", storageFailure: .full)
    /// 1, disk error: the disk failed to read or write the database.
    public static let databaseDiskError = ParseError(
        .internalServerError, "The disk holding the database reported an error; nothing was changed.",
        storageFailure: .diskError)
    /// 1, read-only: the database file cannot be written.
    public static let databaseReadOnly = ParseError(
        .internalServerError, "The database cannot be written: its file, folder or disk is read-only.",
        storageFailure: .readOnly)
}
