import Foundation

/// How an author's name is compared and filed: "Terry Pratchett" and "Pratchett, Terry" are one name, filed under
/// "Pratchett"; a name is stored as it was typed and only read this way.
enum PersonName {
    /// The name as two names are compared: folded (case, accents and full stops ignored, spaces collapsed) and, when
    /// it has the form "Surname, Forename", turned round: "Pratchett,  terry" and "Terry Pratchett" are both
    /// "terry pratchett".
    static func comparisonKey(_ name: String) -> String {
        if let (surname, forenames) = commaForm(name) { return words(forenames + " " + surname).joined(separator: " ") }
        return words(name).joined(separator: " ")
    }

    /// The key of a name of `kind` for telling names apart: an author's `comparisonKey`, a genre's or publisher's
    /// folded words in the order typed.
    static func key(_ name: String, kind: CatalogueKind) -> String {
        kind == .author ? comparisonKey(name) : words(name).joined(separator: " ")
    }

    /// The surname a name is filed under and its forenames: "Pratchett, Terry" and "Terry Pratchett" give
    /// ("Pratchett", "Terry"); "Ursula K. Le Guin" ("Le Guin", "Ursula K."): a capitalised particle (Le, De, Van, Du…)
    /// belongs to the surname; a lower-case one stays with the forenames ("Ludwig van Beethoven" is filed under
    /// "Beethoven"), and "Jr.", "III" and the like after the surname do not count as it.
    static func parts(_ name: String) -> (surname: String, forenames: String) {
        if let form = commaForm(name) { return form }
        var pieces = name.split(whereSeparator: \.isWhitespace).map { $0.trimmingCharacters(in: [","]) }
            .filter { !$0.isEmpty }
        var suffixes: [String] = []
        while pieces.count > 2, let last = pieces.last, isSuffix(last) { suffixes.insert(pieces.removeLast(), at: 0) }
        guard pieces.count > 1 else { return (pieces.first ?? "", suffixes.joined(separator: " ")) }
        var start = pieces.count - 1
        while start > 1, capitalParticles.contains(pieces[start - 1]) { start -= 1 }
        let forenames = pieces[..<start] + suffixes
        return (pieces[start...].joined(separator: " "), forenames.joined(separator: " "))
    }

    /// The key an author list is sorted by: surname, then forenames, then the name as typed (all folded). Worked out
    /// once a name: every list render files the same few hundred authors, and folding a name costs about 14 µs.
    static func sortKey(_ name: String) -> String {
        sortKeys.value(name) { name in
            let (surname, forenames) = parts(name)
            return [surname, forenames, name].map { words($0).joined(separator: " ") }.joined(separator: "\u{1}")
        }
    }

    /// The sort keys worked out so far, by name as stored (a household has far fewer authors than the bound).
    private static let sortKeys = BoundedMemo<String, String>(limit: 20_000)

    /// How many letters must be added, removed or changed to turn `a` into `b`, when that is at most `limit`;
    /// nil when it is more.
    static func distance(_ a: String, _ b: String, limit: Int) -> Int? {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        guard abs(a.count - b.count) <= limit else { return nil }
        var previous = Array(0...b.count)
        for i in stride(from: 1, through: a.count, by: 1) {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            if current.min() ?? 0 > limit { return nil }
            previous = current
        }
        let result = previous[b.count]
        return result <= limit ? result : nil
    }

    /// The most changes a typed name may be from an entry's to be asked about ("Did you mean…?"): none for very
    /// short names, one up to 7 letters, two from 8.
    static func nearLimit(_ key: String) -> Int {
        switch key.count {
        case ..<4: 0
        case ..<8: 1
        default: 2
        }
    }

    /// The words of `text` folded for comparing: lower-case, without accents, split at spaces, full stops and commas.
    static func words(_ text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .split { $0.isWhitespace || $0 == "." || $0 == "," }.map(String.init)
    }

    /// "Surname, Forename" as its two parts; nil unless the name has exactly one comma with words on both sides
    /// ("King, Stephen", not "Martin Luther King, Jr." nor "Smith, Elder, & Co.").
    private static func commaForm(_ name: String) -> (surname: String, forenames: String)? {
        let halves = name.split(separator: ",", omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        let surname = halves[0].trimmingCharacters(in: .whitespacesAndNewlines)
        let forenames = halves[1].trimmingCharacters(in: .whitespacesAndNewlines)
        guard !surname.isEmpty, !forenames.isEmpty, !isSuffix(forenames) else { return nil }
        return (surname, forenames)
    }

    private static func isSuffix(_ word: String) -> Bool {
        suffixes.contains(words(word).joined(separator: " "))
    }

    /// Words after a surname that are not part of it.
    private static let suffixes: Set<String> = ["jr", "sr", "ii", "iii", "iv", "phd"]
    /// Particles that belong to the surname when written with a capital ("Le Guin", "De Quincey", "Van Dyke").
    private static let capitalParticles: Set<String> = [
        "Le", "La", "Les", "De", "Del", "Della", "Di", "Da", "Du", "Des", "Van", "Von", "Der", "Den", "Ten", "Ter",
        "St", "St.", "Mac", "Mc", "O'", "Al", "El", "Bin", "Ibn",
    ]
}

extension PersonName {
    /// The entry of `kind` among `entries` closest to `name` when it is only a letter or two away; nil when none is
    /// that close, or when one has the same name as the pages compare names (that one is simply used).
    static func nearest(to name: String, kind: CatalogueKind, among entries: [CatalogueEntry]) -> CatalogueEntry? {
        let key = key(name, kind: kind)
        let limit = nearLimit(key)
        guard limit > 0 else { return nil }
        var best: (distance: Int, entry: CatalogueEntry)?
        for entry in entries {
            guard let distance = distance(key, self.key(entry.name, kind: kind), limit: limit) else { continue }
            if distance == 0 { return nil }
            if distance < best?.distance ?? Int.max { best = (distance, entry) }
        }
        return best?.entry
    }
}
