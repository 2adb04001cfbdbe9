/// One field of a record as the three-way merge, the conflict page and the history see it.
///
/// A feature lists its fields as a `CaseIterable` type conforming to this; `ThreeWayMerge` settles a save with them,
/// and `HistoryLines` shows a change with them.
protocol EditableField: CaseIterable, Sendable {
    /// The record the field belongs to.
    associatedtype Record

    /// The key `_base` and `_pick_<key>` use.
    var key: String { get }
    /// The field's name as the form labels it.
    var label: String { get }
    /// The field's name as the form labels it, in `language` (History, conflict and trash pages use this one).
    func label(in language: Language) -> String
    /// True for a set (a book's authors): merged element by element, so it never conflicts.
    var isSet: Bool { get }
    /// True when the history shows the field as rows added and removed ("+ 2 eggs") rather than "old → new".
    var isList: Bool { get }
    /// The token of the field's value: equal values give equal tokens (for a set, its sorted ids comma-joined).
    func token(of record: Record) -> String
    /// The value as lines of text, one per row or member ("2 cups of flour", "Octavia Butler"); none when empty.
    func lines(of record: Record) -> [String]
    /// The value as lines of text in `language`: numbers, days and prices written its way.
    func lines(of record: Record, in language: Language) -> [String]
    /// `target` with this field's value copied from `source`.
    func copy(from source: Record, into target: inout Record)
    /// The ids of a set's members, in the record's order (empty for other fields).
    func members(of record: Record) -> [String]
    /// `target` with a set's members replaced by `ids`.
    func setMembers(_ ids: [String], from sources: [Record], into target: inout Record)
}

extension EditableField {
    var isSet: Bool { false }
    var isList: Bool { isSet }
    func label(in language: Language) -> String { label }
    func lines(of record: Record, in language: Language) -> [String] { lines(of: record) }
    func members(of record: Record) -> [String] { [] }
    func setMembers(_ ids: [String], from sources: [Record], into target: inout Record) {}

    /// Every field's token, by key: what an edit form loaded from `record` carries as `_base`.
    static func tokens(of record: Record) -> [String: String] {
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.key, $0.token(of: record)) })
    }
}
