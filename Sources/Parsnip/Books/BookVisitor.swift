import Hummingbird

/// Who a book or catalogue page is for: it makes each page's chrome from the request (their one-time message,
/// their account, whether they may change anything, and their language), so the view models need not know the
/// request.
struct BookVisitor: Sendable {
    /// The language the pages speak to them.
    let language: Language
    /// The chrome of a page titled with the argument.
    private let makeChrome: @Sendable (String) -> PageChrome

    /// The visitor of `context`, through `PageChrome(title:context:inBooks:)`.
    init(context: ParsnipRequestContext) {
        language = context.language
        makeChrome = { PageChrome(title: $0, context: context, inBooks: true) }
    }

    /// A visitor described directly (for rendering tests): `canEdit` false is a viewer.
    init(canEdit: Bool, flash: String? = nil, language: Language = .en) {
        self.language = language
        makeChrome = { title in
            var chrome = PageChrome(title: title, flash: flash, inBooks: true)
            chrome.canEdit = canEdit
            chrome.speak(language)
            return chrome
        }
    }

    /// The chrome of the page titled `title`.
    func chrome(_ title: String) -> PageChrome { makeChrome(title) }
}
