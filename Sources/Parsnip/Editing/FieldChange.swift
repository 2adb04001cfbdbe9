/// One field a change changed, as the History page lists it: "Price 3.50 → 4.00", or for rows and sets the lines
/// added and removed ("+ 2 eggs", "− Octavia Butler").
struct FieldChange: Sendable, Hashable {
    /// The key `_base`, `_pick_<key>` and a one-field revert use.
    let key: String
    let label: String
    /// True when the change is shown as lines added and removed rather than "old → new".
    let isList: Bool
    /// The value before and after, as lines (empty: the field was empty).
    let before: [String]
    let after: [String]

    /// The lines only `after` has, each as often as it has more of them, in `after`'s order.
    var added: [String] { Self.lines(after, beyond: before) }
    /// The lines only `before` had, in `before`'s order.
    var removed: [String] { Self.lines(before, beyond: after) }

    /// Every field whose value differs between `before` and `after`, in the form's order, labelled and written in
    /// `language`.
    static func changes<Field: EditableField>(
        _ fields: Field.Type, before: Field.Record, after: Field.Record, in language: Language = PageLanguage.current
    ) -> [FieldChange] {
        Field.allCases.compactMap { field in
            guard field.token(of: before) != field.token(of: after) else { return nil }
            let (old, new) = (field.lines(of: before, in: language), field.lines(of: after, in: language))
            return FieldChange(
                key: field.key, label: field.label(in: language),
                isList: field.isList || old.count > 1 || new.count > 1,
                before: old, after: new)
        }
    }

    /// `lines` minus one occurrence of each line of `other` (a multiset difference that keeps the order).
    private static func lines(_ lines: [String], beyond other: [String]) -> [String] {
        var remaining = Dictionary(other.map { ($0, 1) }, uniquingKeysWith: +)
        return lines.filter { line in
            guard let count = remaining[line], count > 0 else { return true }
            remaining[line] = count - 1
            return false
        }
    }
}
