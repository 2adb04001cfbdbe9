import Hummingbird

/// The book form's help with long author and publisher lists: "Find" narrows a picker without a script, and a new
/// name typed a letter or two away from an existing one asks "Did you mean …?" before anything is added.
extension BookController {
    /// A "Find" button: the form again with everything as typed and that picker narrowed to the names holding every
    /// typed word (ticked ones stay).
    func findEntries(_ mode: BookFormMode, state: BookFormState, context: ParsnipRequestContext) async throws
        -> Response
    {
        if case .deleted = mode { return try await renderForm(mode, state: state, status: .conflict, context: context) }
        return try await renderForm(mode, state: state, status: .ok, context: context)
    }

    /// The entries closest to the new names in `names` that the person has not yet said are new ("Add … as a new
    /// author"), by kind; empty when none is a letter or two from an existing one.
    func nearEntries(_ state: BookFormState, names: [CatalogueKind: String]) async throws
        -> [CatalogueKind: CatalogueEntry]
    {
        let asking = CatalogueKind.pickerKinds.filter { kind in
            guard let name = names[kind] else { return false }
            return state.keptNames[kind].map { PersonName.key($0, kind: kind) } != PersonName.key(name, kind: kind)
        }
        guard !asking.isEmpty else { return [:] }
        let entries = try await allEntries()
        var near: [CatalogueKind: CatalogueEntry] = [:]
        for kind in asking {
            near[kind] = PersonName.nearest(
                to: names[kind] ?? "", kind: kind, among: (entries[kind] ?? []).map(\.entry))
        }
        return near
    }

    /// True when "Find" was pressed, or when a Find box holds words its picker has not been narrowed to yet: Enter
    /// in that box without a script sends the form with its first button, Save, and the person meant Find. (The
    /// script keeps `find-<kind>-shown` equal to the box, as it narrows the list itself.)
    static func isFinding(_ form: FormFields) -> Bool {
        if form["find"] != nil { return true }
        return CatalogueKind.pickerKinds.contains { kind in
            let name = "find-\(kind.singular)"
            let typed = form[name] ?? ""
            return !typed.isEmpty && typed != (form["\(name)-shown"] ?? "")
        }
    }

    /// The kind whose "Add …" button was pressed, or whose "Did you mean" question was answered after one was.
    static func addingKind(_ form: FormFields) -> String? {
        if let value = form["add-entry"] { return value }
        guard form["near-then"] == "add" else { return nil }
        return CatalogueKind.pickerKinds.first {
            form["near-use-\($0.singular)"] != nil || form["near-keep-\($0.singular)"] != nil
        }?
        .rawValue
    }
}

extension BookFormState {
    /// Reads the form's "Find" boxes and the answers to "Did you mean …?": "Use “Terry Pratchett”" ticks that entry
    /// instead of the typed name; "Add … as a new author" (or the hidden field that keeps that answer) says the
    /// typed name is a new one.
    mutating func readEntryChoices(_ form: FormFields) {
        for kind in CatalogueKind.pickerKinds {
            let name = kind.singular
            if let text = form["find-\(name)"], !text.isEmpty { findTexts[kind] = text }
            if let kept = form["near-keep-\(name)"] ?? form["keep-\(name)"], !kept.isEmpty { keptNames[kind] = kept }
            guard let id = form["near-use-\(name)"], ObjectIdentifierText.isValid(id) else { continue }
            switch kind {
            case .author: if !draft.authorIds.contains(id) { draft.authorIds.append(id) }
            case .publisher: if !draft.publisherIds.contains(id) { draft.publisherIds.append(id) }
            case .genre: break
            }
            newNames[kind] = nil
            keptNames[kind] = nil
        }
    }
}

extension CatalogueKind {
    /// The kinds chosen with checkboxes, whose pickers have "Find" and whose new names are checked for near ones.
    static let pickerKinds: [CatalogueKind] = [.author, .publisher]
}
