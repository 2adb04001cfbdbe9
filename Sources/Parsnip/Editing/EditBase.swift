import Foundation

/// What an edit form was loaded with: the record's version (its updatedAt) and a token per field (usually a
/// `FieldFingerprint`, or a sorted id list for a set such as a book's authors), carried in two hidden fields.
///
/// A save compares each field three ways — as loaded (here), as typed, as stored now — so another person's
/// save in between is merged or shown as a conflict instead of being overwritten.
struct EditBase: Sendable, Hashable {
    static let versionFieldName = "_version"
    static let baseFieldName = "_base"
    /// Conflict-page choices are sent as `_pick_<field key>` = `mine` | `theirs`.
    static let choicePrefix = "_pick_"

    /// The record's updatedAt in whole milliseconds since 1970, as the store keeps it.
    var version: Int64
    /// Field key → the token of its value as loaded.
    var fields: [String: String]

    init(version: Int64, fields: [String: String]) {
        self.version = version
        self.fields = fields
    }

    /// The base of a record last saved at `updatedAt`.
    init(updatedAt: Date, fields: [String: String]) {
        self.init(version: Self.version(of: updatedAt), fields: fields)
    }

    /// A store date (millisecond precision) as a version number.
    static func version(of date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// The `_version` field's value.
    var versionText: String { String(version) }

    /// The `_base` field's value: `key=token` pairs in key order, joined by `;` (keys and tokens are letters,
    /// digits, `_`, `-` and `,`, so nothing needs escaping).
    var fieldsText: String {
        fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";")
    }

    /// Reads `_version` and `_base` from a posted edit form.
    ///
    /// - Throws: `PageError.badRequest` when either is missing or malformed: Parsnip's edit forms always send
    ///   them, and saving without them could overwrite someone else's change unseen.
    init(form: FormFields) throws(PageError) {
        guard let versionText = form[Self.versionFieldName], let version = Int64(versionText), version >= 0 else {
            throw .badRequest("an edit form without the version it was loaded with")
        }
        guard let fieldsText = form[Self.baseFieldName] else {
            throw .badRequest("an edit form without the values it was loaded with")
        }
        var fields: [String: String] = [:]
        for pair in fieldsText.split(separator: ";", omittingEmptySubsequences: true) {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex,
                fields.updateValue(String(pair[pair.index(after: equals)...]), forKey: String(pair[..<equals])) == nil
            else {
                throw .badRequest("an edit form whose loaded values are malformed")
            }
        }
        self.init(version: version, fields: fields)
    }

    /// The choices made on a conflict page, by field key; empty for an ordinary save.
    static func choices(in form: FormFields) -> [String: ConflictChoice] {
        var choices: [String: ConflictChoice] = [:]
        for (name, value) in form.values where name.hasPrefix(choicePrefix) {
            if let choice = ConflictChoice(rawValue: value) {
                choices[String(name.dropFirst(choicePrefix.count))] = choice
            }
        }
        return choices
    }
}

/// On a conflict page, which value of a field the person keeps.
enum ConflictChoice: String, Sendable, Hashable {
    /// The value they typed.
    case mine
    /// The value someone else saved meanwhile.
    case theirs
}
