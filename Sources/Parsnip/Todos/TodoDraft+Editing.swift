extension TodoDraft.Field: EditableField {
    typealias Record = TodoDraft

    var key: String { rawValue }

    func token(of record: TodoDraft) -> String { FieldFingerprint.of(record[self]) }

    /// The value as lines for History, in English.
    func lines(of record: TodoDraft) -> [String] { lines(of: record, in: .en) }

    /// The value as lines for History in `language`: text line by line, the due day in words ("7 May 2024",
    /// "2024年5月7日"), done as "Yes" or "No".
    func lines(of record: TodoDraft, in language: Language) -> [String] {
        switch self {
        case .done:
            return [record.done ? language.text("todos.value.yes") : language.text("todos.value.no")]
        case .repeats:
            guard TodoRepeat.Frequency(rawValue: record.repeats) != nil else { return [] }
            return [language.text("todos.repeat.option", ["frequency": record.repeats])]
        case .dueDate:
            guard let day = record.dueDay else { return record.dueDate.isEmpty ? [] : [record.dueDate] }
            return [LocalFormats.day(day, in: language, .dayMonthYear)]
        case .title, .description, .who:
            let text = record[self]
            return text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
    }

    func copy(from source: TodoDraft, into target: inout TodoDraft) { target[self] = source[self] }
}
