/// How a household names the objects of one class: "recipe", "recipes".
struct ClassWords: Sendable, Hashable {
    let className: String
    /// What kind of record it holds, for the pages' words in every language; nil for a class of no known kind.
    let kind: ClassKind?
    let one: String
    let many: String
    /// False for a class that is bookkeeping or part of another record (sessions, history, an ISBN): not counted.
    let counted: Bool

    init(_ className: String, kind: ClassKind? = nil, one: String = "", many: String = "", counted: Bool = true) {
        self.className = className
        self.kind = kind
        self.one = one
        self.many = many
        self.counted = counted
    }
}

/// What a backup (or the database now) holds, in the words a household uses: "12 to-dos, 41 recipes, 230 books".
struct BackupContents: Sendable, Hashable {
    let objectCounts: [String: Int]
    /// The classes the apps know, in the order they are listed; the composition root names them.
    let words: [ClassWords]

    /// "12 to-dos, 41 recipes, 230 books, 3 genres, 2 people"; classes another Parse client made come last, by
    /// name ("5 objects of Note"). "nothing yet" when it holds none. In English, for the command line.
    var summary: String {
        var parts: [String] = []
        for entry in words where entry.counted {
            guard let count = objectCounts[entry.className], count > 0 else { continue }
            parts.append("\(NumberText.grouped(count)) \(count == 1 ? entry.one : entry.many)")
        }
        let knownNames = Set(words.map(\.className))
        for (className, count) in objectCounts.sorted(by: { $0.key < $1.key })
        where !knownNames.contains(className) && count > 0 {
            parts.append("\(NumberText.grouped(count)) \(count == 1 ? "object" : "objects") of \(className)")
        }
        return parts.isEmpty ? "nothing yet" : parts.joined(separator: ", ")
    }

    /// The same in `language`, for the pages: "12 tâches, 41 recettes", "やること12件、レシピ41件".
    func summary(in language: Language) -> String {
        var parts: [Words] = []
        for entry in words where entry.counted {
            guard let count = objectCounts[entry.className], count > 0 else { continue }
            parts.append(ClassNames.count(entry.className, kind: entry.kind, count))
        }
        let knownNames = Set(words.map(\.className))
        for (className, count) in objectCounts.sorted(by: { $0.key < $1.key })
        where !knownNames.contains(className) && count > 0 {
            parts.append(ClassNames.count(className, kind: nil, count))
        }
        return parts.isEmpty ? language.text("backups.contents.nothing") : ClassNames.list(parts, in: language)
    }
}
