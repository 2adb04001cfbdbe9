/// What an import would do (a dry run) or did, class by class, and what stands in its way.
public struct ImportReport: Sendable, Hashable {
    /// One class's counts.
    public struct Counts: Sendable, Hashable {
        public let className: String
        public var created = 0
        public var updated = 0
        public var skipped = 0
    }

    public var classes: [Counts] = []
    /// Each problem in one sentence ("Book 7 (objectId AbC123): the ISBN 978… is already used by “Dune”."); any
    /// problem stops the whole import.
    var problemTexts: [ReportText] = []
    /// Fields of known classes the apps do not show: imported and kept, by class.
    public var keptFields: [String: [String]] = [:]
    /// Classes left out on purpose, in one sentence each.
    var leftOut: [ReportText] = []
    /// How many photos (kept files) the file carries.
    public var files = 0
    /// Objects naming a photo neither the file nor Parsnip has, in one sentence each: they show without one.
    var missingFiles: [ReportText] = []
    public var dryRun: Bool
    /// How the household calls each class in English ("to-dos", "history entries"), from the composition root.
    var words: [String: ClassWords] = [:]
    /// The app whose export this is ("Goodreads") and how many rows it holds; nil for Parse objects.
    var app: String?
    var appRows = 0
    /// From another app's export: a line for each row left out or changed ("Row 12: no title — skipped.").
    var notes: [ReportText] = []

    /// The problems in English, for the command line.
    public var problems: [String] { problemTexts.map(\.english) }

    /// The problems in `language`, for a page.
    func problems(in language: Language) -> [String] { problemTexts.map { $0.words.text(in: language) } }

    /// The report's lines in English, for the command line.
    public var lines: [String] { texts.map(\.english) }

    /// The report's lines in `language`, for a page.
    func lines(in language: Language) -> [String] { texts.map { $0.words.text(in: language) } }

    /// What was imported, class by class, in `language`: "1 to-do, 3 recipes".
    func imported(in language: Language) -> String {
        ClassNames.list(
            classes.filter { app == nil || words[$0.className]?.counted != false }.map {
                ClassNames.count($0.className, kind: kind($0.className), $0.created + $0.updated)
            },
            in: language)
    }

    /// The lines in the household's words: per kind of record, then photos, then fields kept, then photos missing;
    /// for another app's export, where it is from, what it adds and each row left out or changed.
    private var texts: [ReportText] {
        if let app { return appTexts(app, rows: appRows) }
        var texts = classes.map { counts in
            let numbers = ["created": counts.created, "updated": counts.updated, "skipped": counts.skipped]
            return ReportText(
                words: ClassNames.naming(
                    counts.className, kind: kind(counts.className), as: "classes",
                    in: Words("backups.import.line.counts", counts: numbers)),
                english: "\(plural(counts.className)): \(counts.created) to add, \(counts.updated) to update, "
                    + "\(counts.skipped) to skip (already here)")
        }
        if files > 0 {
            texts.append(
                ReportText(
                    words: Words("backups.import.line.photos", counts: ["count": files]),
                    english: "Photos: \(files) carried with the records"))
        }
        texts += leftOut
        for (className, fields) in keptFields.sorted(by: { $0.key < $1.key }) {
            let list = fields.sorted().joined(separator: ", ")
            texts.append(
                ReportText(
                    words: ClassNames.naming(
                        className, kind: kind(className), as: "classes",
                        in: Words("backups.import.line.keptFields", ["fields": list])),
                    english: "\(plural(className)): kept but not shown on the pages: \(list)"))
        }
        texts += missingFiles
        return texts
    }

    /// "From a Goodreads export of 12 rows.", "Books: 10 to add", "Authors: 4 to add", "Photos: 2", then the notes.
    private func appTexts(_ app: String, rows: Int) -> [ReportText] {
        var texts = [ReportText(Words("backups.app.line.from", ["app": app], counts: ["rows": rows]))]
        // In the order the apps list their kinds: books before their authors and publishers.
        let order = { (counts: Counts) in kind(counts.className).flatMap(ClassKind.allCases.firstIndex) ?? Int.max }
        let listed = classes.sorted { order($0) < order($1) }
        for counts in listed where counts.created > 0 && words[counts.className]?.counted != false {
            texts.append(
                ReportText(
                    ClassNames.naming(
                        counts.className, kind: kind(counts.className), as: "classes",
                        in: Words("backups.app.line.added", counts: ["count": counts.created]))))
        }
        if files > 0 {
            texts.append(ReportText(Words("backups.app.line.photos", counts: ["count": files])))
        }
        return texts + notes
    }

    /// "People: 2 left out; people are added on the People page, never imported."
    func leftOutLine(_ className: String, count: Int) -> ReportText {
        ReportText(
            words: ClassNames.naming(
                className, kind: kind(className), as: "classes",
                in: Words("backups.import.line.leftOut", counts: ["count": count])),
            english: "\(plural(className)): \(count) left out; people are added on the People page, never imported.")
    }

    /// "To-dos", "History entries" in English; a class the apps do not name keeps its own name.
    /// The kind of record `className` holds, as the composition root named it.
    func kind(_ className: String) -> ClassKind? { words[className]?.kind }

    func plural(_ className: String) -> String {
        guard let many = words[className]?.many, !many.isEmpty else { return className }
        return many.prefix(1).uppercased() + many.dropFirst()
    }
}
