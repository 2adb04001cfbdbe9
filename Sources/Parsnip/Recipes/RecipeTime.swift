/// Preparation and cooking times as people type them ("90", "1:30", "1 h 20 min", "1 hour 20", "2 h", "1,5 h",
/// "1時間20分") and as the pages write them ("1 h 20 min", "1時間20分"): whole minutes in the store.
enum RecipeTime {
    /// The longest time a recipe may state: a week, in minutes.
    static let limit = 10_080

    /// The whole minutes `text` says, or nil when it is not a time. A number alone is minutes; "1:30" is hours and
    /// minutes; a number followed by a word starting with "h" (or 時間, 시간, hora, heure, Stunde) is hours, by one
    /// starting with "m" (or 分, 분) minutes; a bare number after hours is minutes ("1 h 20"). Not checked for size.
    static func minutes(_ text: String) -> Int? {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !text.isEmpty else { return nil }
        let colon = text.split(separator: ":", omittingEmptySubsequences: false)
        if colon.count == 2 {
            guard let hours = Int(colon[0]), let minutes = Int(colon[1]), colon[1].count == 2, minutes < 60,
                hours >= 0
            else { return nil }
            return hours * 60 + minutes
        }
        var total = 0.0
        var sawHours = false
        var sawAny = false
        var rest = Substring(text)
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " }
            let digits = rest.prefix { ($0.isASCII && $0.isNumber) || $0 == "." || $0 == "," }
            guard let value = Double(digits.replacingOccurrences(of: ",", with: ".")), value >= 0 else { return nil }
            rest = rest.dropFirst(digits.count).drop { $0 == " " }
            let word = rest.prefix { $0.isLetter || $0 == "." }
            rest = rest.dropFirst(word.count)
            switch unit(String(word)) {
            case .hours?:
                guard !sawHours, !sawAny else { return nil }
                sawHours = true
                total += value * 60
            case .minutes?:
                total += value
            case nil:
                return nil
            }
            sawAny = true
            rest = rest.drop { $0 == " " || $0 == "," }
            if rest.hasPrefix("and ") { rest = rest.dropFirst(4) }
        }
        guard sawAny, total.isFinite, total < 1e9 else { return nil }
        return Int(total.rounded())
    }

    private enum Unit { case hours, minutes }

    /// Hours or minutes for the word after a number; minutes for no word; nil for any other word.
    private static func unit(_ word: String) -> Unit? {
        if word.isEmpty { return .minutes }
        let hourWords = ["h", "hr", "hrs", "hour", "hours", "hora", "horas", "heure", "heures", "std", "stunde"]
        if hourWords.contains(word) || word == "時間" || word == "시간" || word == "h." { return .hours }
        let minuteWords = ["m", "min", "mins", "min.", "minute", "minutes", "minuto", "minutos", "minuten"]
        if minuteWords.contains(word) || word == "分" || word == "분" { return .minutes }
        return nil
    }

    /// "20 min", "1 h 10 min", "2 h" in `language`'s words.
    static func text(_ minutes: Int, in language: Language) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        if hours == 0 { return language.text("recipes.time.minutes", counts: ["minutes": rest]) }
        if rest == 0 { return language.text("recipes.time.hours", counts: ["hours": hours]) }
        return language.text("recipes.time.hoursMinutes", counts: ["hours": hours, "minutes": rest])
    }

    /// "1 h 10 min" as the editor's box shows it again: the way the page writes it, which `minutes` reads back.
    static func formText(_ minutes: Int?) -> String {
        guard let minutes else { return "" }
        let hours = minutes / 60
        let rest = minutes % 60
        if hours == 0 { return "\(rest) min" }
        return rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min"
    }
}
