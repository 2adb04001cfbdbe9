extension StoreTodoRepository {
    /// To-dos in the trash: restored as they were, back in the list.
    static var trash: PlainTrashKind {
        PlainTrashKind(kind: trashKind, label: "To-do") { _ in "/todos" }
    }
}
