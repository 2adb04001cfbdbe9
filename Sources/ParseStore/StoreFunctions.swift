import Foundation
import GRDB
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
        db.add(function: sortKey)
    }

    private static let sortKey = DatabaseFunction(sortKeyName, argumentCount: 1, pure: true) { arguments in
        guard case .string(let text) = arguments[0].storage else { return arguments[0] }
        return foldedForSorting(text)
    }

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
        let expression = try regularExpression(pattern, options: options)
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return expression.firstMatch(in: text, options: [], range: range) != nil
    }

    /// The compiled expression for a `$regex` and its `$options` (`i m x s`), from a cache shared by all
    /// connections so that a pattern compiles once per query shape, not once per row.
    ///
    /// - Throws: 102 when the pattern is not a valid regular expression.
    static func regularExpression(_ pattern: String, options: String) throws -> NSRegularExpression {
        let key = options + "/" + pattern
        if let cached = cache.withLock({ $0[key] }) { return cached.expression }
        var flags: NSRegularExpression.Options = []
        if options.contains("i") { flags.insert(.caseInsensitive) }
        if options.contains("m") { flags.insert(.anchorsMatchLines) }
        if options.contains("x") { flags.insert(.allowCommentsAndWhitespace) }
        if options.contains("s") { flags.insert(.dotMatchesLineSeparators) }
        let expression: NSRegularExpression
        do {
            expression = try NSRegularExpression(pattern: pattern, options: flags)
        } catch {
            throw ParseError(.invalidQuery, "Invalid regular expression in $regex: \(pattern)")
        }
        cache.withLock { entries in
            if entries.count >= cacheCapacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = CompiledRegex(expression: expression)
        }
        return expression
    }

    /// Most patterns kept compiled; past this the cache starts over (patterns come from a few query shapes).
    private static let cacheCapacity = 256

    private static let cache = Mutex<[String: CompiledRegex]>([:])
}

/// A compiled `$regex`, shareable between connections.
///
/// `@unchecked Sendable`: Foundation documents `NSRegularExpression` as immutable and safe to use from several
/// threads at once, and this wrapper never exposes anything mutable.
private struct CompiledRegex: @unchecked Sendable {
    /// The expression, only ever used for matching.
    let expression: NSRegularExpression
}
