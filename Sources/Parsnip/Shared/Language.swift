import Foundation

/// The languages Parsnip's pages speak, each named in itself, how a browser's `Accept-Language` picks one, and how
/// each counts (its CLDR plural categories).
enum Language: String, CaseIterable, Sendable, Hashable {
    case en, es, pt, fr, ko, ja

    /// The language in its own words, as the chooser lists it: "Español", "한국어", "日本語".
    var nativeName: String {
        switch self {
        case .en: "English"
        case .es: "Español"
        case .pt: "Português"
        case .fr: "Français"
        case .ko: "한국어"
        case .ja: "日本語"
        }
    }

    /// The best of the languages a browser asks for (`Accept-Language`: "es-MX,es;q=0.9,en;q=0.8"), by weight and
    /// then by order; a region is ignored ("pt-PT" is Portuguese). Nil when it asks for none of them.
    static func preferred(acceptLanguage header: String?) -> Language? {
        guard let header else { return nil }
        var best: (language: Language, weight: Double)?
        for part in header.split(separator: ",").prefix(32) {
            let pieces = part.split(separator: ";")
            guard let tag = pieces.first?.trimmingCharacters(in: .whitespaces).lowercased() else { continue }
            let primary = String(tag.split(separator: "-").first ?? "")
            var weight = 1.0
            for parameter in pieces.dropFirst() {
                let pair = parameter.trimmingCharacters(in: .whitespaces)
                if pair.hasPrefix("q="), let value = Double(pair.dropFirst(2)) { weight = value }
            }
            guard weight > 0, let language = Language(rawValue: primary) else { continue }
            if best == nil || weight > best!.weight { best = (language, weight) }
        }
        return best?.language
    }

    /// CLDR's cardinal plural category of a whole count `n` in this language: "1 to-do / 2 to-dos", French and
    /// Portuguese 0 and 1 singular, Spanish, French and Portuguese "many" for whole millions, Korean and Japanese
    /// one form. (Written by hand from the CLDR rules for these six languages: Foundation on Linux does not offer
    /// plural rules. Counts here are whole numbers, so the rules' fraction operands are 0.)
    func pluralCategory(_ n: Int) -> PluralCategory {
        let millions = n != 0 && n % 1_000_000 == 0
        switch self {
        case .en: return n == 1 ? .one : .other
        case .es: return n == 1 ? .one : millions ? .many : .other
        case .pt, .fr: return (n == 0 || n == 1) ? .one : millions ? .many : .other
        case .ko, .ja: return .other
        }
    }

    /// The categories a plural message must give in this language.
    var pluralCategories: Set<PluralCategory> {
        switch self {
        case .en: [.one, .other]
        case .es, .pt, .fr: [.one, .many, .other]
        case .ko, .ja: [.other]
        }
    }
}

/// CLDR's plural categories, named as ICU MessageFormat names them.
enum PluralCategory: String, Sendable, Hashable, CaseIterable {
    case zero, one, two, few, many, other
}
