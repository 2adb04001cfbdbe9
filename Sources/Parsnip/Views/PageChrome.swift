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

    init(title: String, flash: String? = nil, inTodos: Bool = false, inRecipes: Bool = false, inBooks: Bool = false) {
        self.title = title
        self.flash = flash
        self.inTodos = inTodos
        self.inRecipes = inRecipes
        self.inBooks = inBooks
    }
}

/// The home page.
struct HomePage: Sendable {
    let page: PageChrome
}

/// A friendly error page: what happened, what to do, one way onwards.
struct ErrorPage: Sendable {
    let page: PageChrome
    let heading: String
    let message: String
    let linkText: String
    let linkURL: String
}
