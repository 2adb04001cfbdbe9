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
    /// The other apps' exports an import recognises (Goodreads, Libib, Paprika, Todoist, Apple Reminders).
    var apps: [AppImportFormat] = []
}

/// How an import treats an object whose objectId is already here.
public enum ExistingObjects: String, Sendable, CaseIterable {
    /// Keep the one here; the file's is not imported.
    case skip
    /// The file's replaces the one here.
    case overwrite
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
        // A dry run, or an import with problems, is rolled back whole: it writes nothing.
        let keeps: @Sendable (ImportReport) -> Bool = { !$0.dryRun && $0.problems.isEmpty }
        let words = Dictionary(words.map { ($0.className, $0) }, uniquingKeysWith: { first, _ in first })
        return try await writePath.importing(commitIf: keeps) { writer, rules in
            var report = ImportReport(dryRun: dryRun, words: words)
            var (classes, files) = (contents.classes, contents.files)
            if let app = contents.app {
                // Another app's export: its objects are made here, against what this transaction sees.
                let plan = try app.plan(writer.reader, writer.now())
                classes = plan.classes.map { ImportedClass(className: $0.className, objects: $0.objects) }
                files = plan.files
                (report.app, report.appRows, report.notes) = (app.app, app.rows, plan.notes)
            }
            // The photos first, so the records naming them find them kept.
            for file in files { try writer.save(file) }
            report.files = files.count
            let total = max(1, classes.reduce(0) { $0 + $1.objects.count })
            var done = 0
            for imported in classes {
                defer {
                    done += imported.objects.count
                    progress(Double(done) / Double(total))
                }
                if leftOutClasses.contains(imported.className) {
                    report.leftOut.append(report.leftOutLine(imported.className, count: imported.objects.count))
                    continue
                }
                let before = done
                report.classes.append(
                    try write(
                        imported, existing: existing, known: known[imported.className], into: &report, writer: writer
                    ) { progress(Double(before + $0) / Double(total)) })
            }
            // Every record rule over what was imported: the pages', the API's and the trash's, in the same words.
            report.problemTexts += try rules.breaks().map { ruleBreak in
                let record = ruleBreak.record
                let object = try? writer.reader.fetch(record.className, objectId: record.objectId)
                let name = (object?["title"] ?? object?["name"])?.stringValue
                let label = known[record.className]?.label ?? record.className
                let named = ImportedRecord.named(
                    record.className, kind: report.kind(record.className), label: label, name: name,
                    objectId: record.objectId)
                return ImportProblems.refused(record: named, because: ruleBreak.message)
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
            let name = ImportedRecord.numbered(
                imported.className, kind: report.kind(imported.className), label: known?.label ?? imported.className,
                index + 1, objectId: object.objectId)
            if let known {
                if let mismatch = typeProblem(object, known: known, record: name) {
                    report.problemTexts.append(mismatch)
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
                report.problemTexts.append(ImportProblems.refused(record: name, failure, objectId: object.objectId))
                continue
            }
            for case .file(let fileName, _) in object.fileValues where try !writer.reader.hasFile(named: fileName) {
                report.missingFiles.append(ImportProblems.missingPhoto(record: name, file: fileName))
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
    private static func typeProblem(_ object: ImportedObject, known: KnownClass, record: ReportText) -> ReportText? {
        for (field, type) in object.fieldTypes.sorted(by: { $0.key < $1.key }) {
            guard let expected = known.fields[field], expected != type else { continue }
            return ImportProblems.type(record: record, field: field, expected: expected, actual: type)
        }
        return nil
    }
}
