import Foundation
import ParseStore

/// A class the apps know: what one object is called, and the fields they read with the type each must have.
struct KnownClass: Sendable {
    let className: String
    /// "Recipe", "To-do": how a problem names one object.
    let label: String
    let fields: [String: ParseFieldType]

    init(_ className: String, label: String, fields: [String: ParseFieldType]) {
        self.className = className
        self.label = label
        self.fields = fields
    }
}

/// What an import checks of types, as the composition root names it: the known classes' field types. (The records'
/// own rules are the write path's, the same for every writer: `RecordRules`.)
struct ImportRules: Sendable {
    var known: [String: KnownClass] = [:]
}

/// How an import treats an object whose objectId is already here.
public enum ExistingObjects: String, Sendable, CaseIterable {
    /// Keep the one here; the file's is not imported.
    case skip
    /// The file's replaces the one here.
    case overwrite
}

/// What an import would do (a dry run) or did, class by class, and what stands in its way — each line and problem
/// kept as `Words`, said in the language of the page that shows it (English on the command line).
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
    var problemWords: [Words] = []
    /// Fields of known classes the apps do not show: imported and kept, by class.
    public var keptFields: [String: [String]] = [:]
    /// Classes left out on purpose, in one sentence each.
    var leftOut: [Words] = []
    /// How many photos (kept files) the file carries.
    public var files = 0
    /// Objects naming a photo neither the file nor Parsnip has, in one sentence each: they show without one.
    var missingFiles: [Words] = []
    public var dryRun: Bool

    /// The problems in English, for the command line.
    public var problems: [String] { problems(in: .en) }

    /// The problems in `language`.
    func problems(in language: Language) -> [String] { problemWords.map { $0.text(in: language) } }

    /// The report's lines in English, for the command line.
    public var lines: [String] { lines(in: .en) }

    /// The report as lines for a page in `language`: per kind of record, then photos, then fields kept, then photos
    /// missing.
    func lines(in language: Language) -> [String] {
        var lines = classes.map { counts in
            let numbers = ["created": counts.created, "updated": counts.updated, "skipped": counts.skipped]
            return ClassNames.naming(
                counts.className, as: "classes", in: Words("backups.import.line.counts", counts: numbers))
        }
        if files > 0 { lines.append(Words("backups.import.line.photos", counts: ["count": files])) }
        lines += leftOut
        for (className, fields) in keptFields.sorted(by: { $0.key < $1.key }) {
            lines.append(
                ClassNames.naming(
                    className, as: "classes",
                    in: Words("backups.import.line.keptFields", ["fields": fields.sorted().joined(separator: ", ")])))
        }
        lines += missingFiles
        return lines.map { $0.text(in: language) }
    }

    /// What was imported, class by class, in `language`: "1 to-do, 3 recipes".
    func imported(in language: Language) -> String {
        ClassNames.list(classes.map { ClassNames.count($0.className, $0.created + $0.updated) }, in: language)
    }
}

/// How an import's problem names one object of the file: "Recipe 2 (objectId bad0000001)", "Book “Dune” (objectId
/// book000001)"; a class the apps do not read keeps its own name ("_History 3").
enum ImportedRecord {
    /// The `number`-th object (from 1) of `className`, with its objectId when it has one.
    static func numbered(_ className: String, _ number: Int, objectId: String?) -> Words {
        let words =
            if let objectId {
                Words("backups.record.numberedWithId", ["number": String(number), "objectId": objectId])
            } else {
                Words("backups.record.numbered", ["number": String(number)])
            }
        return labelled(className, words)
    }

    /// The object `objectId` of `className`, by its title or name when it has one.
    static func named(_ className: String, name: String?, objectId: String) -> Words {
        let words =
            if let name {
                Words("backups.record.named", ["name": name, "objectId": objectId])
            } else {
                Words("backups.record.withId", ["objectId": objectId])
            }
        return labelled(className, words)
    }

    private static func labelled(_ className: String, _ words: Words) -> Words {
        var words = words
        if let label = ClassNames.label(className) {
            words.nested["label"] = label
        } else {
            words.arguments["label"] = className
        }
        return words
    }
}

/// One import: every object of every class written in one transaction — all or nothing — checked as it goes; a dry
/// run does the same and rolls it all back, so its counts and problems are exactly what the import would meet.
enum ImportRun {
    /// People, their sessions and roles are never imported: accounts are made on the People page, and an import
    /// must not sign anyone in or change a password.
    static let leftOutClasses: Set<String> = ["_User", "_Session", "_Role"]

    static func run(
        _ contents: ImportContents, existing: ExistingObjects, dryRun: Bool, known: [String: KnownClass],
        writePath: WritePath,
        progress: @escaping @Sendable (Double) -> Void = { _ in }
    ) async throws -> ImportReport {
        let classes = contents.classes
        let total = max(1, classes.reduce(0) { $0 + $1.objects.count })
        // A dry run, or an import with problems, is rolled back whole: it writes nothing.
        let keeps: @Sendable (ImportReport) -> Bool = { !$0.dryRun && $0.problems.isEmpty }
        return try await writePath.importing(commitIf: keeps) { writer, rules in
            var report = ImportReport(dryRun: dryRun)
            // The photos first, so the records naming them find them kept.
            for file in contents.files { try writer.save(file) }
            report.files = contents.files.count
            var done = 0
            for imported in classes {
                defer {
                    done += imported.objects.count
                    progress(Double(done) / Double(total))
                }
                if leftOutClasses.contains(imported.className) {
                    report.leftOut.append(
                        ClassNames.naming(
                            imported.className, as: "classes",
                            in: Words("backups.import.line.leftOut", counts: ["count": imported.objects.count])))
                    continue
                }
                let before = done
                report.classes.append(
                    try write(
                        imported, existing: existing, known: known[imported.className], into: &report, writer: writer
                    ) { progress(Double(before + $0) / Double(total)) })
            }
            // Every record rule over what was imported: the pages', the API's and the trash's, in the same words.
            report.problemWords += try rules.breaks().map { ruleBreak in
                let record = ruleBreak.record
                let object = try? writer.reader.fetch(record.className, objectId: record.objectId)
                let name = (object?["title"] ?? object?["name"])?.stringValue
                let named = ImportedRecord.named(record.className, name: name, objectId: record.objectId)
                return Words("backups.import.problem.refused", nested: ["record": named, "reason": ruleBreak.message])
            }
            return report
        }
    }

    /// Writes one class's objects, each in its own savepoint so a bad one is reported and the others go on.
    private static func write(
        _ imported: ImportedClass, existing: ExistingObjects, known: KnownClass?, into report: inout ImportReport,
        writer: ParseWriter, progress: (Int) -> Void
    ) throws -> ImportReport.Counts {
        var counts = ImportReport.Counts(className: imported.className)
        var kept: Set<String> = []
        for (index, object) in imported.objects.enumerated() {
            if index % 1_000 == 0 { progress(index) }
            let name = ImportedRecord.numbered(imported.className, index + 1, objectId: object.objectId)
            if let known {
                if let mismatch = typeProblem(object, known: known, record: name) {
                    report.problemWords.append(mismatch)
                    continue
                }
                kept.formUnion(object.fieldNames.filter { known.fields[$0] == nil && $0 != "ACL" })
            }
            let isHere = try object.objectId.map { try writer.exists(imported.className, objectId: $0) } ?? false
            if isHere, existing == .skip {
                counts.skipped += 1
                continue
            }
            let failure = try writer.attempt {
                try writer.importObject(imported.className, object, replacing: isHere)
            }
            if let failure {
                report.problemWords.append(problem(failure, record: name, objectId: object.objectId))
                continue
            }
            for case .file(let fileName, _) in object.fileValues where try !writer.reader.hasFile(named: fileName) {
                report.missingFiles.append(
                    Words("backups.import.line.missingPhoto", ["file": fileName], nested: ["record": name]))
            }
            if isHere {
                counts.updated += 1
            } else {
                counts.created += 1
            }
        }
        if !kept.isEmpty { report.keptFields[imported.className] = kept.sorted() }
        return counts
    }

    /// "Recipe 2 (objectId …): releaseDate is not a date (it is text)." for the first field whose type the apps
    /// could not read.
    private static func typeProblem(_ object: ImportedObject, known: KnownClass, record: Words) -> Words? {
        for (field, type) in object.fieldTypes.sorted(by: { $0.key < $1.key }) {
            guard let expected = known.fields[field], expected != type else { continue }
            let parts = ["record": record, "expected": words(for: expected), "actual": words(for: type)]
            return Words("backups.import.problem.type", ["field": field], nested: parts)
        }
        return nil
    }

    /// A store error in plain words: "Recipe 2 (objectId …): its objectId … appears more than once in the file."
    static func problem(_ error: ParseError, record: Words, objectId: String?) -> Words {
        if error.code == .duplicateValue, let objectId {
            return Words("backups.import.problem.duplicateId", ["objectId": objectId], nested: ["record": record])
        }
        return Words("backups.import.problem.refused", ["reason": error.message], nested: ["record": record])
    }

    /// A field type as a household reads it: "text", "a number".
    static func words(for type: ParseFieldType) -> Words {
        switch type {
        case .string: Words("backups.type.string")
        case .number: Words("backups.type.number")
        case .boolean: Words("backups.type.boolean")
        case .date: Words("backups.type.date")
        case .object: Words("backups.type.object")
        case .array: Words("backups.type.array")
        case .pointer(let target): Words("backups.type.pointer", ["target": target])
        case .relation(let target): Words("backups.type.relation", ["target": target])
        case .geoPoint: Words("backups.type.geoPoint")
        case .file: Words("backups.type.file")
        case .bytes: Words("backups.type.bytes")
        case .polygon: Words("backups.type.polygon")
        case .acl: Words("backups.type.acl")
        }
    }
}
