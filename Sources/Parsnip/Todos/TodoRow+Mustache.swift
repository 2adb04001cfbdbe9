import Mustache

// swift-mustache looks names up with Mirror unless a type answers them itself; Mirror costs about 86% of a
// 50-row list page. These lookups return the same stored properties (a test checks them against Mirror).

extension TodoRow: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "quotedTitle": quotedTitle
        case "url": url
        case "preview": preview.map { $0 as Any }
        case "done": done
        case "dueText": dueText.map { $0 as Any }
        case "overdue": overdue
        case "doneText": doneText.map { $0 as Any }
        case "tick": tick
        case "editURL": editURL
        case "deleteURL": deleteURL
        default: nil
        }
    }
}

extension TodoTick: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "action": action
        case "value": value
        case "pressed": pressed
        case "label": label
        default: nil
        }
    }
}

extension TodoRowFragment: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "canEdit": source.canEdit
        case "csrfToken": source.csrfToken
        case "backURL": source.backURL
        default: row.child(named: name)
        }
    }
}
