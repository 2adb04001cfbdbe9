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
    public var problems: [String] = []
    /// Fields of known classes the apps do not show: imported and kept, by class.
    public var keptFields: [String: [String]] = [:]
    /// Classes left out on purpose, in one sentence each.
    public var leftOut: [String] = []
    /// How many photos (kept files) the file carries.
    public var files = 0
    /// Objects naming a photo neither the file nor Parsnip has, in one sentence each: they show without one.
    public var missingFiles: [String] = []
    public var dryRun: Bool
    /// How the household calls each class ("to-dos", "history entries"), from the composition root's words.
    var words: [String: ClassWords] = [:]

    /// The report as lines for a terminal or a page, in the household's words: per kind of record, then photos,
    /// then fields kept, then photos missing.
    public var lines: [String] {
        var lines = classes.map { counts in
            "\(plural(counts.className)): \(counts.created) to add, \(counts.updated) to update, "
                + "\(counts.skipped) to skip (already here)"
        }
        if files > 0 { lines.append("Photos: \(files) carried with the records") }
        lines += leftOut
        for (className, fields) in keptFields.sorted(by: { $0.key < $1.key }) {
            lines.append(
                "\(plural(className)): kept but not shown on the pages: \(fields.sorted().joined(separator: ", "))")
        }
        lines += missingFiles
        return lines
    }

    /// "To-dos", "History entries"; a class the apps do not name keeps its own name.
    func plural(_ className: String) -> String {
        guard let many = words[className]?.many, !many.isEmpty else { return className }
        return many.prefix(1).uppercased() + many.dropFirst()
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
        words: [ClassWords] = [], writePath: WritePath,
        progress: @escaping @Sendable (Double) -> Void = { _ in }
    ) async throws -> ImportReport {
        let classes = contents.classes
        let total = max(1, classes.reduce(0) { $0 + $1.objects.count })
        // A dry run, or an import with problems, is rolled back whole: it writes nothing.
        let keeps: @Sendable (ImportReport) -> Bool = { !$0.dryRun && $0.problems.isEmpty }
        let words = Dictionary(words.map { ($0.className, $0) }, uniquingKeysWith: { first, _ in first })
        return try await writePath.importing(commitIf: keeps) { writer, rules in
            var report = ImportReport(dryRun: dryRun, words: words)
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
                        "\(report.plural(imported.className)): \(imported.objects.count) left out; people are added on "
                            + "the People page, never imported.")
                    continue
                }
                let before = done
                report.classes.append(
                    try write(
                        imported, existing: existing, known: known[imported.className], into: &report, writer: writer
                    ) { progress(Double(before + $0) / Double(total)) })
            }
            // Every record rule over what was imported: the pages', the API's and the trash's, in the same words.
            report.problems += try rules.breaks().map { ruleBreak in
                let record = ruleBreak.record
                let label = known[record.className]?.label ?? record.className
                let object = try? writer.reader.fetch(record.className, objectId: record.objectId)
                let name = (object?["title"] ?? object?["name"])?.stringValue.map { " “\($0)”" } ?? ""
                return "\(label)\(name) (objectId \(record.objectId)): \(ruleBreak.message)."
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
        let label = known?.label ?? imported.className
        var kept: Set<String> = []
        for (index, object) in imported.objects.enumerated() {
            if index % 1_000 == 0 { progress(index) }
            let name = "\(label) \(index + 1)" + (object.objectId.map { " (objectId \($0))" } ?? "")
            if let known {
                if let mismatch = typeProblem(object, known: known) {
                    report.problems.append("\(name): \(mismatch).")
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
                report.problems.append("\(name): \(words(for: failure, objectId: object.objectId)).")
                continue
            }
            for case .file(let fileName, _) in object.fileValues where try !writer.reader.hasFile(named: fileName) {
                report.missingFiles.append(
                    "\(name): its photo \(fileName) is in neither the file nor Parsnip; it will show without one.")
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

    /// "releaseDate is not a date (it is text)" for the first field whose type the apps could not read.
    private static func typeProblem(_ object: ImportedObject, known: KnownClass) -> String? {
        for (field, type) in object.fieldTypes.sorted(by: { $0.key < $1.key }) {
            guard let expected = known.fields[field], expected != type else { continue }
            return "\(field) is not \(words(for: expected)) (it is \(words(for: type)))"
        }
        return nil
    }

    /// A store error in plain words.
    static func words(for error: ParseError, objectId: String?) -> String {
        if error.code == .duplicateValue, let objectId {
            return "its objectId \(objectId) appears more than once in the file"
        }
        return error.message
    }

    /// A field type as a household reads it.
    static func words(for type: ParseFieldType) -> String {
        switch type {
        case .string: "text"
        case .number: "a number"
        case .boolean: "true or false"
        case .date: "a date"
        case .object: "an object"
        case .array: "a list"
        case .pointer(let target): "a link to a \(target)"
        case .relation(let target): "links to \(target) objects"
        case .geoPoint: "a map location"
        case .file: "a file"
        case .bytes: "bytes"
        case .polygon: "a shape"
        case .acl: "an ACL"
        }
    }
}
