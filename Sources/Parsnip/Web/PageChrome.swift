/// What the layout needs from every page: its name, the one-time message and which section is current.
struct PageChrome: Sendable {
    /// The page's name, shown in `<title>` as "<title> · Parsnip".
    let title: String
    /// The flash message from the previous form, shown once.
    let flash: String?
    /// True on the to-do pages, to mark the nav link as current.
    let inTodos: Bool
    /// True on the recipe pages, to mark the nav link as current.
    let inRecipes: Bool
    /// True on the book, genre, author and publisher pages, to mark the nav link as current.
    let inBooks: Bool
    /// False for a viewer: pages leave out every add, edit and delete control.
    var canEdit = true
    /// Who is signed in, for the header's "Ana · Sign out"; nil for a visitor who has not signed in.
    var account: AccountBar?
    /// True for a visitor who has not signed in on a Parsnip where signing in is optional: the header offers it.
    var offerSignIn = false
    /// True when the flash message is a refusal: the layout shows it as a problem.
    var flashIsRefusal = false
    /// The Undo button under the flash message after a delete; nil otherwise.
    var undo: UndoOffer?
    /// Why the form on this page is shown again unsaved (the database was busy or full); nil on every other page.
    var trouble: StoreTroubleNotice?
    /// Seconds after which the page loads itself again (a progress page); nil on every other page.
    var refreshSeconds: Int?
    /// The page's language. What follows from it — the chooser's choices, `<html lang>` and the script's words —
    /// the page answers templates from it (`PageChrome+Template.swift`) rather than keeping copies.
    private(set) var language = Language.en

    /// Makes the page speak `language`.
    mutating func speak(_ language: Language) {
        self.language = language
    }

    init(
        title: String, flash: String? = nil, inTodos: Bool = false, inRecipes: Bool = false, inBooks: Bool = false,
        language: Language = .en
    ) {
        self.title = title
        self.flash = flash
        self.inTodos = inTodos
        self.inRecipes = inRecipes
        self.inBooks = inBooks
        speak(language)
    }

    /// The chrome for `context`'s visitor: their flash message, their account and what their role may do.
    init(
        title: String, context: ParsnipRequestContext, inTodos: Bool = false, inRecipes: Bool = false,
        inBooks: Bool = false
    ) {
        self.init(title: title, flash: context.flash, inTodos: inTodos, inRecipes: inRecipes, inBooks: inBooks)
        speak(context.language)
        canEdit = context.canEdit
        account = context.user.map { AccountBar(user: $0, language: context.language) }
        offerSignIn = context.user == nil && !context.signInRequired
        trouble = context.storeTrouble?.notice(in: context.language)
        flashIsRefusal = context.flashIsRefusal
        if let trashId = context.flashUndo, context.canEdit {
            undo = UndoOffer(action: "/trash/\(trashId)/restore", csrfToken: context.csrfToken)
        }
    }
}

/// The flash message's Undo button: a form that restores what was just deleted (no JavaScript needed).
struct UndoOffer: Sendable {
    let action: String
    let csrfToken: String
}

/// The header's account corner: who is signed in and, for the owner, the way to manage people.
struct AccountBar: Sendable {
    let username: String
    let roleName: String
    let isOwner: Bool

    init(user: SignedInUser, language: Language) {
        username = user.username
        roleName = Catalogues.current.text("role.\(user.role.rawValue)", in: language)
        isOwner = user.role.canManagePeople
    }
}

/// One language in the chooser at the foot of every page.
struct LanguageChoice: Sendable {
    let code: String
    let name: String
    let isCurrent: Bool

    /// Every language, `current` marked.
    static func all(current: Language) -> [LanguageChoice] {
        Language.allCases.map { LanguageChoice(code: $0.rawValue, name: $0.nativeName, isCurrent: $0 == current) }
    }
}

/// The home page.
struct HomePage: Sendable {
    let page: PageChrome
    /// For the owner: what needs their attention (backups), or nil.
    let notice: HomeNotice?
    /// "2 overdue, 1 due today" on the to-do card; nil when no to-do is either.
    let todoDue: String?
}

/// A friendly error page: what happened, what to do, one way onwards.
struct ErrorPage: Sendable {
    let page: PageChrome
    let heading: String
    let message: String
    let linkText: String
    let linkURL: String
}
