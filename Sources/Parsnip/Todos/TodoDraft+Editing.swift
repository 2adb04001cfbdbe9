extension TodoDraft.Field: EditableField {
    typealias Record = TodoDraft

    var key: String { rawValue }

    func token(of record: TodoDraft) -> String { FieldFingerprint.of(record[self]) }

    /// The value as lines for History: text line by line, the due day in words, done as "Yes" or "No".
    func lines(of record: TodoDraft) -> [String] {
        switch self {
        case .done:
            return [record.done ? "Yes" : "No"]
        case .dueDate:
            guard let day = record.dueDay else { return record.dueDate.isEmpty ? [] : [record.dueDate] }
            return [day.readable]
        case .title, .description:
            let text = record[self]
            return text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
    }

    func copy(from source: TodoDraft, into target: inout TodoDraft) { target[self] = source[self] }
}
