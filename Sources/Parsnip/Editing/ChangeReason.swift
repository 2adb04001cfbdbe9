/// Why the changes of the current task are made, when it is more than an edit: a revert names the change it undoes,
/// so the write path records the edit it makes as `.reverted` without every repository passing it along.
enum ChangeReason {
    /// The `_History` id of the change being undone; nil for an ordinary edit.
    @TaskLocal static var revertOf: String?
}
