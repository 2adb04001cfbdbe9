import Foundation

extension ChangeStamp {
    /// "Last changed by Ana, 14:02" — today's changes by time, older ones with the day (and the year when it is
    /// not this year), in the time zone of the computer Parsnip runs on, in `language`.
    func byline(now: Date, timeZone: TimeZone = .current, language: Language = PageLanguage.current) -> String {
        let when = ChangeMoment(at, now: now, timeZone: timeZone, language: language)
        if let username {
            return language.text("editing.stamp.lastChangedBy", ["name": username, "when": when.text])
        }
        return when.isToday
            ? language.text("editing.stamp.lastChangedToday", ["when": when.text])
            : language.text("editing.stamp.lastChangedEarlier", ["when": when.text])
    }

    /// "Ana changed Servings and Price at 14:02" — for the message after a merged save. `fieldLabels` are in
    /// `language` already.
    func sentence(
        changed fieldLabels: [String], now: Date, timeZone: TimeZone = .current,
        language: Language = PageLanguage.current
    ) -> String {
        let when = ChangeMoment(at, now: now, timeZone: timeZone, language: language)
        let fields = language.list(fieldLabels)
        guard let username else {
            return when.isToday
                ? language.text("editing.stamp.someoneChangedToday", ["fields": fields, "when": when.text])
                : language.text("editing.stamp.someoneChangedEarlier", ["fields": fields, "when": when.text])
        }
        let arguments = ["name": username, "fields": fields, "when": when.text]
        return when.isToday
            ? language.text("editing.stamp.changedToday", arguments)
            : language.text("editing.stamp.changedEarlier", arguments)
    }

    /// "Servings", "Servings and Price", "Name, Servings and Price" — in `language`.
    static func list(_ items: [String], language: Language = PageLanguage.current) -> String {
        language.list(items)
    }
}
