/// Which fields of the recipe editor hold changes that are not saved.
extension RecipeEditField {
    /// The fields whose value as typed in `draft` differs from the value the editor was loaded with (`base`), in
    /// the editor's order.
    ///
    /// Both sides are compared as fingerprints of the text a save would store, so what a save would not store
    /// either (surrounding spaces, an empty row, "3.9" for "3.90") is no change. A field the base does not name
    /// counts as changed: when in doubt, ask rather than drop what was typed.
    static func changed(in draft: RecipeDraft, since base: EditBase) -> [RecipeEditField] {
        allCases.filter { base.fields[$0.key] != $0.token(of: draft) }
    }

    /// True when a save of `draft` would store anything a save of the empty editor would not.
    static func anythingTyped(in draft: RecipeDraft) -> Bool {
        allCases.contains { $0.token(of: draft) != $0.token(of: RecipeDraft()) }
    }
}
