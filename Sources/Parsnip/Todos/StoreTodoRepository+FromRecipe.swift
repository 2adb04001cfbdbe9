import ParseStore

/// To-dos added from somewhere else in Parsnip (a recipe's ingredients), linked back to it.
extension StoreTodoRepository {
    /// Adds one open to-do a title, each with a `recipe` Pointer to `recipeId` of `recipeClass`, in one transaction
    /// through the write path (so the to-do rules hold: all are added, or none); returns how many were added.
    func addAll(titles: [String], linkedTo recipeId: String, of recipeClass: String, by user: SignedInUser?)
        async throws -> Int
    {
        guard !titles.isEmpty else { return 0 }
        return try await writePath.change(by: user) { session in
            for title in titles {
                var operations = Self.operations(
                    for: TodoDraft(title: title, description: ""), was: nil, now: session.writer.now())
                operations["recipe"] = .set(.pointer(ParsePointer(className: recipeClass, objectId: recipeId)))
                let object = try session.create(Self.className, operations)
                try session.record(
                    .created, Self.reference(object.objectId), before: nil, after: RecordSnapshot.of(object))
            }
            return titles.count
        }
    }
}
