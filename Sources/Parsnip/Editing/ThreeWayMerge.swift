/// The one three-way merge of every app's edit forms: each field as loaded (the form's base), as typed and as stored
/// now, settled by `FieldResolver`.
enum ThreeWayMerge {
    /// How a save comes out.
    enum Decision<Record> {
        /// Store `record`; `theirLabels` names the fields kept from another person's save without asking (empty: none).
        case save(Record, theirLabels: [String])
        /// Both changed these fields differently; nothing may be written.
        case conflict([FieldConflict])
    }

    /// Settles every field of `typed` against `stored`.
    ///
    /// A scalar is kept as typed, takes the stored value, or conflicts (`FieldMerge.decide`, then the person's
    /// choice from a conflict page). A set never conflicts: what either side added is in, what either removed is
    /// out, in the typed order with the other person's additions after. A field taken after a choice on the
    /// conflict page is not named in `theirLabels`: the person chose it, it is not news.
    ///
    /// Labels and values are in `language`: the page's, which `WritePath.change` keeps inside its transaction.
    static func settle<Field: EditableField>(
        _ fields: Field.Type, typed: Field.Record, stored: Field.Record, resolver: FieldResolver,
        language: Language = PageLanguage.current
    ) -> Decision<Field.Record> {
        var merged = typed
        var theirLabels: [String] = []
        var conflicts: [FieldConflict] = []
        for field in Field.allCases {
            let base = resolver.base.fields[field.key]
            let (mine, theirs) = (field.token(of: typed), field.token(of: stored))
            if field.isSet {
                let baseIds = Set(base.map(Self.ids(in:)) ?? [])
                let typedIds = field.members(of: typed)
                let set = FieldMerge.mergeSets(
                    base: baseIds, mine: Set(typedIds), theirs: Set(field.members(of: stored)))
                let ids = typedIds.filter(set.contains) + set.subtracting(typedIds).sorted()
                field.setMembers(ids, from: [typed, stored], into: &merged)
                if let base, base != theirs { theirLabels.append(field.label(in: language)) }
                continue
            }
            switch resolver.resolve(field.key, mine: mine, theirs: theirs) {
            case .keepMine:
                continue
            case .takeTheirs:
                field.copy(from: stored, into: &merged)
                if FieldMerge.decide(base: base, mine: mine, theirs: theirs) == .takeTheirs {
                    theirLabels.append(field.label(in: language))
                }
            case .conflict:
                conflicts.append(
                    FieldConflict(
                        key: field.key, label: field.label(in: language), mine: field.lines(of: typed, in: language),
                        theirs: field.lines(of: stored, in: language)))
            }
        }
        return conflicts.isEmpty ? .save(merged, theirLabels: theirLabels) : .conflict(conflicts)
    }

    /// "id1,id2": a set's token.
    static func token(ofIds ids: [String]) -> String { Set(ids).sorted().joined(separator: ",") }

    /// The ids a set's token names.
    static func ids(in token: String) -> [String] {
        token.split(separator: ",", omittingEmptySubsequences: true).map(String.init)
    }
}

extension FieldResolver {
    /// The report of a save that met `conflicts` with the save stamped `stamp`.
    func conflictReport(_ conflicts: [FieldConflict], stamp: ChangeStamp) -> ConflictReport {
        ConflictReport(
            stamp: stamp, version: currentVersion, conflicts: conflicts, choiceMissing: !choices.isEmpty && isCurrent)
    }
}
