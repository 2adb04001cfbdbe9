import PageTemplates

// Rows answer template names themselves rather than being reflected (one `Mirror` per row costs more than rendering
// it). These lookups return the same stored properties; ViewModelLookupTests checks them against reflection.

extension TodoRow: TemplateParent {
    func child(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "quotedTitle": .text(quotedTitle)
        case "url": .text(url)
        case "preview": preview.map(TemplateValue.text)
        case "done": .flag(done)
        case "dueText": dueText.map(TemplateValue.text)
        case "overdue": .flag(overdue)
        case "doneText": doneText.map(TemplateValue.text)
        case "who": who.map(TemplateValue.text)
        case "repeatText": repeatText.map(TemplateValue.text)
        case "tick": .parent(tick)
        case "editURL": .text(editURL)
        case "deleteURL": .text(deleteURL)
        default: nil
        }
    }
}

extension TodoTick: TemplateParent {
    func child(named name: String) -> TemplateValue? {
        switch name {
        case "action": .text(action)
        case "value": .text(value)
        case "pressed": .flag(pressed)
        case "label": .text(label)
        default: nil
        }
    }
}

extension TodoRowFragment: TemplateParent {
    func child(named name: String) -> TemplateValue? {
        switch name {
        case "canEdit": .flag(source.canEdit)
        case "csrfToken": .text(source.csrfToken)
        case "backURL": .text(source.backURL)
        default: row.child(named: name)
        }
    }
}
