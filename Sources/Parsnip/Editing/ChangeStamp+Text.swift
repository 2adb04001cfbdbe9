import Foundation

extension ChangeStamp {
    /// "Last changed by Ana, 14:02" — today's changes by time, older ones with the day (and the year when it is
    /// not this year), in the time zone of the computer Parsnip runs on.
    func byline(now: Date, timeZone: TimeZone = .current) -> String {
        let when = Self.moment(at, now: now, timeZone: timeZone)
        guard let username else { return "Last changed \(when.hasPrefix("at") ? "" : "on ")\(when)" }
        return "Last changed by \(username), \(when.hasPrefix("at ") ? String(when.dropFirst(3)) : when)"
    }

    /// "Ana changed Servings and Price at 14:02" — for the message after a merged save.
    func sentence(changed fieldLabels: [String], now: Date, timeZone: TimeZone = .current) -> String {
        let who = username ?? "Someone"
        let when = Self.moment(at, now: now, timeZone: timeZone)
        return "\(who) changed \(Self.list(fieldLabels)) \(when.hasPrefix("at ") ? when : "on " + when)"
    }

    /// "at 14:02" today, else "3 Nov, 14:02", or "3 Nov 2025, 14:02" in another year.
    static func moment(_ date: Date, now: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let today = calendar.dateComponents([.year, .month, .day], from: now)
        let time = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        if parts.year == today.year, parts.month == today.month, parts.day == today.day { return "at \(time)" }
        let month = Self.monthNames[((parts.month ?? 1) - 1 + 12) % 12]
        let day = "\(parts.day ?? 1) \(month)"
        return parts.year == today.year ? "\(day), \(time)" : "\(day) \(parts.year ?? 0), \(time)"
    }

    /// "Servings", "Servings and Price", "Name, Servings and Price".
    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return "nothing"
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
        }
    }

    private static let monthNames = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
}
