extension PageCursor {
    /// The cursor of one to-do.
    init(_ item: TodoListItem) {
        self.init(milliseconds: Int64((item.createdAt.timeIntervalSince1970 * 1000).rounded()), objectId: item.id)
    }
}
