import Foundation

/// `{"$relativeTime": "in 2 days"}` operands of `$lt`/`$lte`/`$gt`/`$gte`, resolved to instants.
extension WhereClauseParser {
    /// `operand` with a `$relativeTime` object replaced by the Date it names; other operands unchanged.
    ///
    /// - Throws: 107 `bad $relativeTime (text) value. reason` as Parse Server words it.
    static func relativeTimeResolved(_ operand: ParseValue, now: Date) throws -> ParseValue {
        guard case .object(let members) = operand, members.count == 1, let text = members["$relativeTime"] else {
            return operand
        }
        guard case .string(let string) = text else {
            throw ParseError(.invalidJSON, "bad $relativeTime (\(text)) value. It must be a string")
        }
        switch relativeDate(string, now: now) {
        case .success(let date): return .date(date)
        case .failure(let reason):
            throw ParseError(.invalidJSON, "bad $relativeTime (\(string)) value. \(reason.message)")
        }
    }

    /// Why a relative time does not parse.
    struct RelativeTimeError: Error {
        /// Parse Server's explanation.
        let message: String
    }

    /// Parse Server's `relativeTimeToDate`: `now`, `in <n> <unit> …` or `<n> <unit> … ago`, with units
    /// yr/wk/d/hr/min/sec (and their long and plural forms); a year counts 365 days.
    static func relativeDate(_ text: String, now: Date) -> Result<Date, RelativeTimeError> {
        let lowered = text.lowercased()
        var parts = lowered.split(separator: " ").map(String.init)
        let future = parts.first == "in"
        let past = parts.last == "ago"
        if !future && !past && lowered != "now" {
            return .failure(RelativeTimeError(message: "Time should either start with 'in' or end with 'ago'"))
        }
        if future && past { return .failure(RelativeTimeError(message: "Time cannot have both 'in' and 'ago'")) }
        if future { parts.removeFirst() } else { parts.removeLast() }
        if parts.count % 2 != 0 && lowered != "now" {
            return .failure(RelativeTimeError(message: "Invalid time string. Dangling unit or number."))
        }
        var seconds = 0.0
        for index in stride(from: 0, to: parts.count, by: 2) {
            guard let amount = Int(parts[index]) else {
                return .failure(RelativeTimeError(message: "'\(parts[index])' is not an integer."))
            }
            guard let unit = unitSeconds[parts[index + 1]] else {
                return .failure(RelativeTimeError(message: "Invalid interval: '\(parts[index + 1])'"))
            }
            seconds += Double(amount) * unit
        }
        return .success(now.addingTimeInterval(past ? -seconds : seconds))
    }

    private static let unitSeconds: [String: Double] = {
        var table: [String: Double] = [:]
        let units: [([String], Double)] = [
            (["yr", "yrs", "year", "years"], 31_536_000), (["wk", "wks", "week", "weeks"], 604_800),
            (["d", "day", "days"], 86_400), (["hr", "hrs", "hour", "hours"], 3_600),
            (["min", "mins", "minute", "minutes"], 60), (["sec", "secs", "second", "seconds"], 1),
        ]
        for (names, seconds) in units { for name in names { table[name] = seconds } }
        return table
    }()
}
