/// The book form's author and publisher pickers and "New …" boxes, built from what the person typed.
extension EntryPicker {
    /// The checkboxes of `entries` (in list order: authors by surname), `chosen` ticked; with `findText`, only the
    /// names holding every word typed (by word beginnings, ignoring case and accents, as the script filters) and
    /// every ticked one.
    init(
        kind: CatalogueKind, entries: [CatalogueEntryUsage], chosen: [String], fieldsetId: String, error: String?,
        newEntry: NewEntryBox, findText: String, in language: Language
    ) {
        let ticked = Set(chosen)
        let wanted = PersonName.words(findText)
        let shown = entries.filter { usage in
            ticked.contains(usage.entry.id) || wanted.isEmpty || Self.holds(usage.entry.name, every: wanted)
        }
        self.init(
            fieldsetId: fieldsetId, legend: kind.pluralTitle(in: language),
            filterLabel: language.text("books.picker.filter", ["kind": kind.rawValue]),
            noMatch: language.text("books.picker.noMatch", ["kind": kind.rawValue]),
            none: language.text("books.picker.none", ["kind": kind.rawValue]),
            options: shown.map { usage in
                CheckboxOption(
                    id: "\(kind.singular)-\(usage.entry.id)", name: kind.singular, value: usage.entry.id,
                    title: usage.entry.name, checked: ticked.contains(usage.entry.id))
            },
            hasOptions: !entries.isEmpty, error: error, newEntry: newEntry, kind: kind.singular,
            findName: "find-\(kind.singular)", findText: findText,
            findHint: language.text("books.picker.findHint", ["kind": kind.rawValue]),
            nothingFound: !wanted.isEmpty && !shown.contains { !ticked.contains($0.entry.id) })
    }

    /// Whether every word of `wanted` begins a word of `name` (both folded).
    static func holds(_ name: String, every wanted: [String]) -> Bool {
        let words = PersonName.words(name)
        return wanted.allSatisfy { typed in words.contains { $0.hasPrefix(typed) } }
    }
}

extension NewEntryBox {
    /// The "New author" box of the form as `state` holds it, with its problem, or its "Did you mean …?" question.
    init(kind: CatalogueKind, state: BookFormState, in language: Language) {
        let name = kind.singular
        let error = state.entryProblems[kind]?.text(in: language)
        let typed = state.newNames[kind] ?? ""
        let question = state.nearMatches[kind].map { near in
            NearNameQuestion(
                text: language.text("books.near.question", ["name": near.name]), useName: "near-use-\(name)",
                useValue: near.id, useLabel: language.text("books.near.useExisting", ["name": near.name]),
                keepName: "near-keep-\(name)", keepValue: typed,
                keepLabel: language.text("books.near.addTyped", ["kind": kind.rawValue, "name": typed]),
                then: state.nearAfterAdding ? "add" : "save")
        }
        let kept = state.keptNames[kind].flatMap { kept in
            PersonName.key(kept, kind: kind) == PersonName.key(typed, kind: kind) ? kept : nil
        }
        let describedBy = [error == nil ? nil : "new-\(name)-error", question == nil ? nil : "new-\(name)-question"]
            .compactMap { $0 }
        self.init(
            kind: name, fieldId: "new-\(name)", label: language.text("books.entry.new", ["kind": kind.rawValue]),
            buttonLabel: language.text("books.entry.add", ["kind": kind.rawValue]),
            field: EditorField(
                value: typed, error: error, describedBy: describedBy.isEmpty ? nil : describedBy.joined(separator: " ")),
            question: question, keptName: kept)
    }
}
