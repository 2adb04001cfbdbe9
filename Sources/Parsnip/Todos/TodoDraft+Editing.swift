extension TodoDraft.Field: EditableField {
    typealias Record = TodoDraft

    var key: String { rawValue }

    func token(of record: TodoDraft) -> String { FieldFingerprint.of(record[self]) }

    /// The text as lines; nothing for an empty value.
    func lines(of record: TodoDraft) -> [String] {
        let text = record[self]
        return text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func copy(from source: TodoDraft, into target: inout TodoDraft) { target[self] = source[self] }
}
