/// The three-way merge of a recipe save: what the editor was loaded with, what was typed, what is stored now.
enum RecipeEditMerge {
    /// What the merge decided for the whole recipe.
    enum Decision: Sendable, Hashable {
        /// Save `recipe`; `theirLabels` names the fields kept from the other person's save (empty: none).
        case save(Recipe, theirLabels: [String])
        /// Both changed these fields differently; nothing may be written.
        case conflict([FieldConflict])
    }

    /// Settles every field of `typed` (validated) against `stored`, field by field with `resolver`.
    static func decide(typed: Recipe, stored: Recipe, resolver: FieldResolver) -> Decision {
        var merged = typed
        var theirLabels: [String] = []
        var conflicts: [FieldConflict] = []
        for field in RecipeEditField.allCases {
            let mine = field.token(of: typed)
            let theirs = field.token(of: stored)
            switch resolver.resolve(field.key, mine: mine, theirs: theirs) {
            case .keepMine:
                continue
            case .takeTheirs:
                field.copy(from: stored, into: &merged)
                // Named in the message only when kept without asking; a value chosen on the conflict page is not news.
                if FieldMerge.decide(base: resolver.base.fields[field.key], mine: mine, theirs: theirs) == .takeTheirs {
                    theirLabels.append(field.label)
                }
            case .conflict:
                conflicts.append(
                    FieldConflict(
                        key: field.key, label: field.label, mine: field.lines(of: typed),
                        theirs: field.lines(of: stored)))
            }
        }
        return conflicts.isEmpty ? .save(merged, theirLabels: theirLabels) : .conflict(conflicts)
    }
}
