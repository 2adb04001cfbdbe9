import ParseStore

/// Saving an edit without overwriting anyone: the merge of the editor's base, the typed recipe and the stored one,
/// read and written in one transaction so nobody can save in between.
extension StoreRecipeRepository {
    /// Reads the stored recipe, merges `typed` into it field by field and writes the result with `updatedBy`;
    /// a conflict writes nothing.
    ///
    /// - Throws: `ParseError` 101 when the recipe is gone (the store turns any other error thrown inside a
    ///   transaction into a 500, so the caller maps this one).
    static func saveEdit(
        _ typed: Recipe, id: String, from base: EditBase, choices: [String: ConflictChoice], by user: SignedInUser?,
        writer: ParseWriter
    ) throws -> EditOutcome<Recipe> {
        let storedObject = try writer.reader.fetch(className, objectId: id, include: ChangeAuthorship.include)
        let stored = recipe(storedObject)
        let stamp = ChangeAuthorship.stamp(of: storedObject)
        let currentVersion = EditBase.version(of: storedObject.updatedAt)
        let resolver = FieldResolver(base: base, choices: choices, currentVersion: currentVersion)
        switch RecipeEditMerge.decide(typed: typed, stored: stored, resolver: resolver) {
        case .conflict(let conflicts):
            return .conflict(
                ConflictReport(
                    stamp: stamp, version: currentVersion, conflicts: conflicts,
                    choiceMissing: !choices.isEmpty && base.version == currentVersion))
        case .save(let merged, let theirLabels):
            var operations = fields(of: merged).mapValues(ParseUpdate.set)
            operations[ChangeAuthorship.field] = ChangeAuthorship.update(by: user)
            try writer.update(className, objectId: id, operations: operations)
            let saved = try writer.reader.fetch(className, objectId: id, include: ChangeAuthorship.include)
            let report = theirLabels.isEmpty ? nil : MergeReport(stamp: stamp, fieldLabels: theirLabels)
            return .saved(recipe(saved), merged: report)
        }
    }
}
