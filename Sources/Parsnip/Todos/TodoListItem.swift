import Foundation

/// One to-do, shaped like the seed app's `TodoListItem` (title and description), plus ticking off, a due day,
/// its identity and its timestamps.
struct TodoListItem: Sendable, Hashable {
    /// The store's objectId: ten characters from A–Z a–z 0–9.
    var id: String
    /// What to do, as the person typed it (trimmed).
    var title: String
    /// Optional details; empty when none were given.
    var description: String
    /// True once it has been ticked off (`done`, a Boolean; missing reads as not done).
    var done: Bool = false
    /// When it was ticked off (`completedAt`, a Date); nil while it is not done.
    var completedAt: Date? = nil
    /// The day it is due (`dueDate`, a Date at midnight UTC of that day); nil when it has none.
    var dueDate: CalendarDate? = nil
    /// Who is to do it: a household member's name (`assignee`, a String); nil when anyone may.
    var assignee: String? = nil
    /// How it repeats (`repeat`, a String such as "monthly:31"); nil when it does not.
    var repeatRule: TodoRepeat? = nil
    /// The to-do its tick made (`repeatNext`, an objectId), so opening it again can take that one back.
    var repeatNext: String? = nil
    /// The recipe it was added from ("Buy 500 g carrots — for Roast parsnips"): the objectId its `recipe` Pointer
    /// names; nil for other to-dos.
    var recipeId: String? = nil
    /// When the to-do was added.
    var createdAt: Date
    /// When the to-do was last saved.
    var updatedAt: Date
    /// Who saved it last; nil when that save was made without signing in (or the person was removed since).
    var changedBy: String?
    /// Who its ACL lets change or delete it (an app may set one through the Parse API); nil when anyone may.
    var writers: Set<String>? = nil

    init(
        id: String, title: String, description: String, done: Bool = false, completedAt: Date? = nil,
        dueDate: CalendarDate? = nil, createdAt: Date, updatedAt: Date, changedBy: String? = nil
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.done = done
        self.completedAt = completedAt
        self.dueDate = dueDate
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.changedBy = changedBy
    }

    /// Who saved it last, and when.
    var lastChange: ChangeStamp { ChangeStamp(username: changedBy, at: updatedAt) }

    /// The form's values for this to-do.
    var draft: TodoDraft {
        TodoDraft(
            title: title, description: description, dueDate: dueDate?.iso ?? "", who: assignee ?? "",
            repeats: repeatRule?.frequency.rawValue ?? "", done: done)
    }
}
