/// The History page of one record: every change kept, newest first, with the buttons that put things back.
struct HistoryPage: Sendable {
    let page: PageChrome
    let heading: String
    let lead: String
    /// The record's own page; nil when the record is gone.
    let recordURL: String?
    let recordLinkText: String
    /// Why nothing can be put back now ("This to-do is deleted…"); nil while the record exists.
    let goneNotice: String?
    let entries: [HistoryRow]
    let isEmpty: Bool
    let csrfToken: String
}

/// One change on the History page: what happened, who and when, the fields it changed and how to undo it.
struct HistoryRow: Sendable {
    /// "Changed", "Added", "Deleted", "Restored from the trash", "Undid the change of 14:02".
    let what: String
    /// Who made it; nil when nobody was signed in.
    let who: String?
    /// "14:02", or "3 Nov, 14:02" on another day.
    let when: String
    let fields: [HistoryFieldRow]
    let hasFields: Bool
    /// The form that undoes the whole change; nil when it cannot be undone here (or the person may not edit).
    let undo: HistoryUndo?
}

/// One field of a change: "Price 3.50 → 4.00", or the rows added and removed.
struct HistoryFieldRow: Sendable {
    let label: String
    let isList: Bool
    /// The single values of an "old → new" line; nil shows "empty".
    let from: String?
    let to: String?
    let added: [String]
    let removed: [String]
    /// The form that puts back only this field; nil when the change has one field (the change's own button does it).
    let putBack: HistoryUndo?
}

/// A button that posts a revert: of a whole change, or of one field (`field` non-empty).
struct HistoryUndo: Sendable {
    let action: String
    let field: String
    let label: String
    /// The button's words for a screen reader, naming what it puts back.
    let spokenLabel: String
}
