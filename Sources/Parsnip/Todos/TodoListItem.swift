import Foundation

/// One to-do, shaped like the seed app's `TodoListItem` (title and description), plus its identity and timestamps.
public struct TodoListItem: Sendable, Hashable {
    /// The store's objectId: ten characters from A–Z a–z 0–9.
    public var id: String
    /// What to do, as the person typed it (trimmed).
    public var title: String
    /// Optional details; empty when none were given.
    public var description: String
    /// When the to-do was added.
    public var createdAt: Date
    /// When the to-do was last saved.
    public var updatedAt: Date
    /// Who saved it last; nil when that save was made without signing in (or the person was removed since).
    public var changedBy: String?

    public init(
        id: String, title: String, description: String, createdAt: Date, updatedAt: Date, changedBy: String? = nil
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.changedBy = changedBy
    }

    /// Who saved it last, and when.
    var lastChange: ChangeStamp { ChangeStamp(username: changedBy, at: updatedAt) }
}
