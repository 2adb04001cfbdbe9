import Foundation
import ParseStore

/// One kind of record as its History page sees it: how its snapshots read, what it is now, and how a change that
/// puts fields back is saved (as an edit, through the feature's own repository and merge).
protocol HistorySubject: Sendable {
    /// The record's fields, as the merge and the conflict page know them.
    associatedtype Field: EditableField where Field.Record: Sendable

    /// What the record is called in a sentence: "to-do", "recipe", "book".
    var thing: String { get }
    /// Where the record's paths start: "/todos" gives "/todos/ID/history".
    var basePath: String { get }
    /// The Parse class that holds the records.
    var className: String { get }
    /// True for the catalogue (books, genres, authors, publishers): the Books link is current on its pages.
    var inBooks: Bool { get }
    /// The page that shows the record (a to-do's is its edit form).
    func recordURL(id: String) -> String
    /// The record's name as its list shows it.
    func name(of record: Field.Record) -> String
    /// The record a history snapshot describes; nil when it is not one of this subject's.
    func record(from snapshot: ParseValue, id: String) -> Field.Record?
    /// The change in the record's own words when they say more than "Changed" ("Returned by Bea"); nil otherwise.
    func changeWords(before: Field.Record, after: Field.Record, in language: Language) -> String?
    /// The record as stored now with its version; nil when it does not exist (deleted, or never was).
    func current(id: String) async throws -> HistoryCurrent<Field.Record>?
    /// Saves `typed` as an edit loaded at `base`, settled by the three-way merge with `choices`; answers the
    /// conflict report when fields both sides changed are unsettled (nothing written), nil when saved.
    ///
    /// - Throws: `RevertRefusal` when the feature cannot store the old values (an entry they name is gone).
    func save(
        id: String, typed: Field.Record, base: EditBase, choices: [String: ConflictChoice], by user: SignedInUser?
    ) async throws -> ConflictReport?
    /// A change the feature words itself, with where its Undo posts (a merge of two catalogue entries, undone by
    /// restoring the merged one from the trash); nil for the ordinary wording. `entries` is the whole history,
    /// newest first, so a change already undone offers no Undo.
    func note(on entry: HistoryEntry, among entries: [HistoryEntry], in language: Language) -> HistoryNote?
}

extension HistorySubject {
    var inBooks: Bool { false }
    func note(on entry: HistoryEntry, among entries: [HistoryEntry], in language: Language) -> HistoryNote? { nil }

    func changeWords(before: Field.Record, after: Field.Record, in language: Language) -> String? { nil }
}

/// A change in a feature's own words: "Merged “Pratchett, Terry” into this author", and the form that undoes it.
struct HistoryNote: Sendable, Hashable {
    var what: String
    /// Where the Undo button posts (with only the CSRF token); nil when it cannot be undone any more.
    var undoAction: String?
}

/// A record as stored now, for a revert: its fields and its version (updatedAt in milliseconds).
struct HistoryCurrent<Record: Sendable>: Sendable {
    var record: Record
    var version: Int64
}

/// Why old values cannot be put back, in plain words in the page's language (`PageLanguage.current`): "The genre
/// “Poetry” no longer exists, so it cannot be put back."
struct RevertRefusal: Error, Sendable, Hashable {
    var message: String
}
