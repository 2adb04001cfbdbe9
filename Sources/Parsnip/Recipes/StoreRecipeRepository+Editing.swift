import ParseStore

/// Saving an edit without overwriting anyone: the merge of the editor's base, the typed recipe and the stored one,
/// read and written in one transaction so nobody can save in between.
extension StoreRecipeRepository {
    /// Reads the stored recipe, merges `typed` into it field by field and writes the result through the change
    /// `session` (stamped, with its history entry); a conflict writes nothing.
    ///
    /// - Throws: `ParseError` 101 when the recipe is gone (the store turns any other error thrown inside a
    ///   transaction into a 500, so the caller maps this one).
    static func saveEdit(
        _ typed: Recipe, id: String, from base: EditBase, choices: [String: ConflictChoice], session: ChangeSession
    ) throws -> EditOutcome<Recipe> {
        let storedObject = try session.reader.fetch(className, objectId: id, include: ChangeAuthorship.include)
        let stored = recipe(storedObject)
        let stamp = ChangeAuthorship.stamp(of: storedObject)
        let resolver = FieldResolver(
            base: base, choices: choices, currentVersion: EditBase.version(of: storedObject.updatedAt))
        switch ThreeWayMerge.settle(RecipeEditField.self, typed: typed, stored: stored, resolver: resolver) {
        case .conflict(let conflicts):
            return .conflict(resolver.conflictReport(conflicts, stamp: stamp))
        case .save(let merged, let theirLabels):
            let saved = try session.update(className, objectId: id, fields(of: merged).mapValues(ParseUpdate.set))
            try session.record(
                .edited, reference(id), before: RecordSnapshot.of(storedObject), after: RecordSnapshot.of(saved))
            let reread = try session.reader.fetch(className, objectId: id, include: ChangeAuthorship.include)
            let report = theirLabels.isEmpty ? nil : MergeReport(stamp: stamp, fieldLabels: theirLabels)
            return .saved(recipe(reread), merged: report)
        }
    }
}

extension StoreRecipeRepository {
    func keepPhoto(_ photo: StoredFile) async throws {
        try await writePath.keep(photo)
    }

    func photo(named name: String) async throws -> StoredFile? {
        try await writePath.read { try $0.file(named: name) }
    }
}
