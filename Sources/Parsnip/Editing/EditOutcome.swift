import Foundation

/// Who made a record's latest saved change, and when (from its `updatedBy` Pointer and `updatedAt`).
struct ChangeStamp: Sendable, Hashable {
    /// Their username; nil when the change was made without signing in, or by a person since removed.
    var username: String?
    var at: Date
}

/// Fields another person changed after the form was loaded that a save kept alongside the typed changes.
struct MergeReport: Sendable, Hashable {
    /// The other person's save.
    var stamp: ChangeStamp
    /// The names of the fields as the form labels them ("Servings", "Ingredients").
    var fieldLabels: [String]
}

/// One field both people changed, differently: the values to choose from, as lines of text.
struct FieldConflict: Sendable, Hashable {
    /// The key the form and `_pick_<key>` use.
    var key: String
    /// The field's name as the form labels it.
    var label: String
    /// What the person typed, one line per row (empty: the field is empty).
    var mine: [String]
    /// What is stored now.
    var theirs: [String]
}

/// Why a save was not made: someone saved the record meanwhile and changed some of the same fields.
struct ConflictReport: Sendable, Hashable {
    /// The save the form collided with.
    var stamp: ChangeStamp
    /// The stored version now: the conflict page sends it back with the person's choices.
    var version: Int64
    var conflicts: [FieldConflict]
    /// True when the person already saw a conflict page for this version and sent it without choosing.
    var choiceMissing: Bool
}

/// The result of saving an edit form: saved (perhaps merged with another person's changes) or a conflict.
enum EditOutcome<Item: Sendable>: Sendable {
    case saved(Item, merged: MergeReport?)
    case conflict(ConflictReport)
}
