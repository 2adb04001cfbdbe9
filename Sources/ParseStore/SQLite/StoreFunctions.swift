import Foundation
import GRDB
import GRDBSQLite
import Synchronization

/// The SQL functions queries rely on, registered on every connection by `ParseStore.configuration(lockWait:)`.
enum StoreFunctions {
    /// `parse_lower(text)`: Swift's `lowercased()`, Unicode-aware where SQLite's `lower()` is ASCII-only.
    static let lowerName = "parse_lower"
    /// `parse_regexp(pattern, options, text)`: 1 when `text` matches the `$regex` under `$options`, NULL for
    /// non-text values.
    static let regexpName = "parse_regexp"

    /// `parse_sortkey(text)`: the text with case and accents folded away ("Éclair" → "eclair"), for
    /// `ParseQuery.TextOrder.ignoringCaseAndAccents`; other values pass through unchanged.
    static let sortKeyName = "parse_sortkey"

    /// Adds the functions to one connection.
    static func register(in db: Database) throws {
        db.add(function: lower)
        db.add(function: regexp)
        try registerSortKey(in: db)
    }

    /// `parse_sortkey` straight on SQLite: deterministic and innocuous, so indexes on it
    /// (`ParseWriter.ensureFoldedOrderIndex`) may be used and kept, also in a file read with `trusted_schema = OFF`
    /// (a backup being restored); a text argument is folded from its bytes, anything else is returned as it is.
    private static func registerSortKey(in db: Database) throws {
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        let code = sqlite3_create_function_v2(
            db.sqliteConnection, sortKeyName, 1, flags, nil,
            { context, count, values in
                guard count == 1, let value = values?[0] else { return }
                guard sqlite3_value_type(value) == SQLITE_TEXT, let bytes = sqlite3_value_text(value) else {
                    sqlite3_result_value(context, value)
                    return
                }
                let length = Int(sqlite3_value_bytes(value))
                let utf8 = UnsafeBufferPointer(start: bytes, count: length)
                if utf8.allSatisfy({ $0 < 0x80 }) {
                    // ASCII: only A–Z change, so the folded text is made byte by byte without a Swift String.
                    guard let folded = sqlite3_malloc64(UInt64(max(length, 1)))?.assumingMemoryBound(to: UInt8.self)
                    else { return sqlite3_result_error_nomem(context) }
                    for index in 0..<length {
                        let byte = utf8[index]
                        folded[index] = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
                    }
                    sqlite3_result_text64(context, folded, UInt64(length), sqlite3_free, UInt8(SQLITE_UTF8))
                    return
                }
                let folded = StoreFunctions.foldedForSorting(String(decoding: utf8, as: UTF8.self))
                folded.utf8CString.withUnsafeBufferPointer { buffer in
                    sqlite3_result_text64(
                        context, buffer.baseAddress, UInt64(buffer.count - 1), StoreFunctions.transient,
                        UInt8(SQLITE_UTF8))
                }
            }, nil, nil, nil)
        guard code == SQLITE_OK else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "parse_sortkey was not registered")
        }
    }

    /// SQLite's `SQLITE_TRANSIENT` (copy the text now), which Swift cannot import as a constant.
    fileprivate static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Lower-cased, accents removed; plain ASCII takes a fast path without Foundation.
    static func foldedForSorting(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    private static let lower = DatabaseFunction(lowerName, argumentCount: 1, pure: true) { arguments in
        guard case .string(let text) = arguments[0].storage else { return nil }
        return text.lowercased()
    }

    private static let regexp = DatabaseFunction(regexpName, argumentCount: 3, pure: true) { arguments in
        guard case .string(let pattern) = arguments[0].storage, case .string(let options) = arguments[1].storage,
            case .string(let text) = arguments[2].storage
        else { return nil }
        regexEvaluations.add(1, ordering: .relaxed)
        switch try regularExpression(pattern, options: options).matches(text, stepLimit: regexStepLimit) {
        case .match: return true
        case .noMatch: return false
        case .tooCostly:
            // SQLITE_INTERRUPT ends the statement at once; the store reports it as 124 (`queryTooCostly`).
            throw DatabaseError(resultCode: .SQLITE_INTERRUPT, message: "A $regex needed too much work on one value.")
        }
    }

    /// The most matcher steps one `$regex` may take on one value: about 20 ms of work, far more than any sensible
    /// pattern needs on a household's text (steps grow with the text's length times the pattern's size).
    static let regexStepLimit = 2_000_000

    /// How many values `parse_regexp` has been asked about since the process started: lets tests prove that a
    /// caller's `$regex` never runs on rows the caller may not read.
    static let regexEvaluations = Atomic<Int>(0)

    /// The compiled expression for a `$regex` and its `$options` (`i m x s`), from a cache shared by all
    /// connections so that a pattern compiles once per query shape, not once per row.
    ///
    /// - Throws: 102 when the pattern is not a regular expression the store runs (`BoundedRegex.Refusal`).
    static func regularExpression(_ pattern: String, options: String) throws -> BoundedRegex {
        let key = options + "/" + pattern
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let expression: BoundedRegex
        do {
            expression = try BoundedRegex(pattern: pattern, options: options)
        } catch {
            throw ParseError(.invalidQuery, "Invalid regular expression in $regex: \(error.message)")
        }
        cache.withLock { entries in
            if entries.count >= cacheCapacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = expression
        }
        return expression
    }

    /// Most patterns kept compiled; past this the cache starts over (patterns come from a few query shapes).
    private static let cacheCapacity = 256

    private static let cache = Mutex<[String: BoundedRegex]>([:])
}
