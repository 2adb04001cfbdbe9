/// What a person may do in Parsnip: the three roles an owner hands out.
enum Role: String, Sendable, CaseIterable, Hashable {
    /// Everything, plus adding and removing people, resetting passwords and changing roles.
    case owner
    /// Adds, changes and deletes to-dos, recipes and books.
    case editor
    /// Reads everything, changes nothing.
    case viewer

    /// True when the role may add, change or delete data.
    var canEdit: Bool { self != .viewer }

    /// True when the role may manage people.
    var canManagePeople: Bool { self == .owner }

    /// The role's name as people read it: "Owner", "Editor", "Viewer".
    var displayName: String {
        switch self {
        case .owner: "Owner"
        case .editor: "Editor"
        case .viewer: "Viewer"
        }
    }
}
