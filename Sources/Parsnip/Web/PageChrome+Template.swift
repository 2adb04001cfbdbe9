import PageTemplates

// Every page carries a PageChrome, so it answers template names itself rather than being reflected (a `Mirror` of
// it and its six language choices cost more than rendering the page's layout). The answers are its stored
// properties, checked against reflection by PageChromeLookupTests, and three that follow from its language:
// `languages` (the chooser's choices, each named in itself, the page's own marked), `lang` (`<html lang>`) and
// `scriptWords` (the script's own words in the page's language, as JSON for `#parsnip-words`).

extension PageChrome: TemplateParent {
    func child(named name: String) -> TemplateValue? {
        switch name {
        case "title": .text(title)
        case "flash": flash.map(TemplateValue.text)
        case "inTodos": .flag(inTodos)
        case "inRecipes": .flag(inRecipes)
        case "inBooks": .flag(inBooks)
        case "canEdit": .flag(canEdit)
        case "account": account.map { .parent($0) }
        case "offerSignIn": .flag(offerSignIn)
        case "flashIsRefusal": .flag(flashIsRefusal)
        case "undo": undo.map { .parent($0) }
        case "trouble": trouble.map { .parent($0) }
        case "refreshSeconds": refreshSeconds.map(TemplateValue.number)
        case "language": .text(String(describing: language))
        case "languages": LanguageChoice.templateValues[language]
        case "lang": .text(language.rawValue)
        case "scriptWords": .text(Catalogues.current.scriptWords(for: language))
        default: nil
        }
    }
}

extension LanguageChoice: TemplateParent {
    /// The language choices with each language current, ready for templates.
    static let templateValues: [Language: TemplateValue] = Dictionary(
        uniqueKeysWithValues: Language.allCases.map { ($0, TemplateValue.list(all(current: $0))) })

    func child(named name: String) -> TemplateValue? {
        switch name {
        case "code": .text(code)
        case "name": .text(self.name)
        case "isCurrent": .flag(isCurrent)
        default: nil
        }
    }
}

extension AccountBar: TemplateParent {
    func child(named name: String) -> TemplateValue? {
        switch name {
        case "username": .text(username)
        case "roleName": .text(roleName)
        case "isOwner": .flag(isOwner)
        default: nil
        }
    }
}

extension UndoOffer: TemplateParent {
    func child(named name: String) -> TemplateValue? {
        switch name {
        case "action": .text(action)
        case "csrfToken": .text(csrfToken)
        default: nil
        }
    }
}

extension StoreTroubleNotice: TemplateParent {
    func child(named name: String) -> TemplateValue? {
        switch name {
        case "heading": .text(heading)
        case "message": .text(message)
        default: nil
        }
    }
}

extension NumberedPages: TemplateParent {
    func child(named name: String) -> TemplateValue? {
        switch name {
        case "previousURL": previousURL.map(TemplateValue.text)
        case "nextURL": nextURL.map(TemplateValue.text)
        case "pageLine": pageLine.map(TemplateValue.text)
        case "hasPagination": .flag(hasPagination)
        default: nil
        }
    }
}
