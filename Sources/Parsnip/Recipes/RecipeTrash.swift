extension StoreRecipeRepository {
    /// Recipes in the trash: restored with every row, back on their page.
    static var trash: PlainTrashKind {
        PlainTrashKind(kind: trashKind, label: "Recipe") { "/recipes/\($0)" }
    }
}
