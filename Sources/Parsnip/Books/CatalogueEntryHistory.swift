import Foundation
import ParseStore

/// The one field a genre, author or publisher has: its name.
enum CatalogueEntryField: String, CaseIterable, Sendable, EditableField {
    typealias Record = CatalogueEntry

    case name

    var key: String { rawValue }
    var label: String { "Name" }
    func label(in language: Language) -> String { language.text("books.entry.name") }
    func token(of record: CatalogueEntry) -> String { FieldFingerprint.of(record.name) }
    func lines(of record: CatalogueEntry) -> [String] { [record.name] }
    func copy(from source: CatalogueEntry, into target: inout CatalogueEntry) { target.name = source.name }
}

/// The History pages of genres, authors and publishers: each rename, and putting an old name back.
struct CatalogueEntryHistory<Repository: BookRepository>: HistorySubject {
    typealias Field = CatalogueEntryField

    let kind: CatalogueKind
    let repository: Repository
    let inBooks = true

    var thing: String { kind.singular }
    var basePath: String { kind.path }
    var className: String { kind.className }

    func recordURL(id: String) -> String { "\(kind.path)/\(id)" }

    func name(of record: CatalogueEntry) -> String { record.name }

    /// A merge in words: on the kept entry "Merged “Pratchett, Terry” into this author" (and, once undone, "“…” is
    /// its own author again"), on the merged one "Merged into “Terry Pratchett”"; the Undo restores the merged entry
    /// from the trash until that was done.
    func note(on entry: HistoryEntry, among entries: [HistoryEntry], in language: Language) -> HistoryNote? {
        let newer = entries.prefix { $0.id != entry.id }
        if entry.kind == .edited, let tookIn = MergeNote.read(entry.after, MergeNote.tookInKey) {
            let undone = newer.contains { MergeNote.read($0.after, MergeNote.gaveBackKey)?.trashId == tookIn.trashId }
            return HistoryNote(
                what: language.text("books.merge.historyTookIn", ["kind": kind.rawValue, "name": tookIn.name]),
                undoAction: undone ? nil : "/trash/\(tookIn.trashId)/restore")
        }
        if entry.kind == .edited, let gaveBack = MergeNote.read(entry.after, MergeNote.gaveBackKey) {
            return HistoryNote(
                what: language.text("books.merge.historyGaveBack", ["name": gaveBack.name]),
                undoAction: nil)
        }
        if entry.kind == .deleted, let into = MergeNote.read(entry.before, MergeNote.mergedIntoKey) {
            let undone = newer.contains { $0.kind == .restored }
            return HistoryNote(
                what: language.text("books.merge.historyMergedInto", ["name": into.name]),
                undoAction: undone ? nil : "/trash/\(into.trashId)/restore")
        }
        return nil
    }

    func record(from snapshot: ParseValue, id: String) -> CatalogueEntry? {
        guard let name = snapshot.objectValue?[StoreBookRepository.Schema.name]?.stringValue else { return nil }
        return CatalogueEntry(kind: kind, id: id, name: name)
    }

    func current(id: String) async throws -> HistoryCurrent<CatalogueEntry>? {
        guard let usage = try await repository.entry(kind, id: id) else { return nil }
        return HistoryCurrent(record: usage.entry, version: usage.lastChange.map { EditBase.version(of: $0.at) } ?? 0)
    }

    /// Renames the entry back, after the same three-way check as every edit, inside the rename's transaction: a name
    /// changed again since asks first.
    func save(
        id: String, typed: CatalogueEntry, base: EditBase, choices: [String: ConflictChoice], by user: SignedInUser?
    ) async throws -> ConflictReport? {
        do {
            switch try await repository.renameEntry(
                kind, id: id, to: typed.name, from: base, choices: choices, by: user)
            {
            case .conflict(let report): return report
            case .saved: return nil
            }
        } catch CatalogueError.duplicate {
            let words = Words("books.entry.revertDuplicate", ["kind": kind.rawValue, "name": typed.name])
            throw RevertRefusal(message: words.text(in: PageLanguage.current))
        } catch CatalogueError.notFound {
            let words = Words("books.entry.revertDeleted", ["kind": kind.rawValue])
            throw RevertRefusal(message: words.text(in: PageLanguage.current))
        }
    }
}
