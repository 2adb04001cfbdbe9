/// How one field comes out when a form is saved over a version it was not loaded from: a three-way merge of the
/// value as loaded (base), as typed (mine) and as stored now (theirs).
enum FieldMerge: Sendable, Hashable {
    /// Save what was typed: nobody else changed the field, or they changed it to the same value.
    case keepMine
    /// Keep the stored value: only the other person changed it.
    case takeTheirs
    /// Both changed it, differently: the person must choose.
    case conflict

    /// Compares tokens (fingerprints) of the three values; a field the form did not report as loaded (`base`
    /// nil) can only be kept when both sides agree.
    static func decide(base: String?, mine: String, theirs: String) -> FieldMerge {
        if mine == theirs || base == theirs { return .keepMine }
        if base == mine { return .takeTheirs }
        return .conflict
    }

    /// Merges a set such as a book's authors element by element: what either side added is in, what either
    /// side removed is out, so sets never conflict.
    static func mergeSets<Element: Hashable>(base: Set<Element>, mine: Set<Element>, theirs: Set<Element>)
        -> Set<Element>
    {
        let removedByMe = base.subtracting(mine)
        let addedByMe = mine.subtracting(base)
        return theirs.subtracting(removedByMe).union(addedByMe)
    }
}

/// Settles each field of a save made from `base` against the stored record, applying conflict-page choices
/// while they still refer to the version the person saw.
struct FieldResolver: Sendable {
    /// What the form was loaded with.
    let base: EditBase
    /// Choices from a conflict page (`_pick_<key>`).
    let choices: [String: ConflictChoice]
    /// The stored record's version now.
    let currentVersion: Int64

    /// Choices count only when nobody saved again since the conflict page showed them (the page sends the
    /// version it showed as `_version`).
    private var choicesApply: Bool { !choices.isEmpty && base.version == currentVersion }

    /// The outcome for field `key`, given tokens of the typed and stored values.
    func resolve(_ key: String, mine: String, theirs: String) -> FieldMerge {
        let decision = FieldMerge.decide(base: base.fields[key], mine: mine, theirs: theirs)
        guard decision == .conflict, choicesApply, let choice = choices[key] else { return decision }
        return choice == .mine ? .keepMine : .takeTheirs
    }

    /// True when the stored record is the version the form was loaded with: nothing to merge.
    var isCurrent: Bool { base.version == currentVersion }
}
