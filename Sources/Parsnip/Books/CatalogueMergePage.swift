/// Merging one genre, author or publisher into another: the question with how many books each has, or — before the
/// one to keep is chosen — the list to choose it from.
struct CatalogueMergePage: Sendable {
    let page: PageChrome
    /// "Merge “Pratchett, Terry” into “Terry Pratchett”?" or "Merge “Pratchett, Terry” into another author".
    let heading: String
    /// "There is already an author called “Terry Pratchett”." after a rename to a name that is taken.
    let collision: String?
    /// The question, when the entry to keep is known.
    let question: MergeQuestion?
    /// The choice of the entry to keep, when it is not.
    let choice: MergeChoice?
    let cancelURL: String
    /// "Back to “Pratchett, Terry”".
    let backText: String
}

/// The two entries with their books, what merging does, and the form that does it.
struct MergeQuestion: Sendable {
    let entries: [MergeEntryLine]
    /// "Every book of “Pratchett, Terry” will list “Terry Pratchett” instead…"
    let explanation: String
    let action: String
    let into: String
    let csrfToken: String
    /// "Merge into “Terry Pratchett”".
    let buttonLabel: String
}

/// One of the two entries: its name, linked to its page, and "3 books".
struct MergeEntryLine: Sendable {
    let name: String
    let url: String
    let books: String
}

/// The other entries to choose from (a GET form to the same page).
struct MergeChoice: Sendable {
    let action: String
    /// "Merge into".
    let label: String
    let options: [SelectOption]
    let hasOptions: Bool
    /// "There is no other author to merge into."
    let none: String
}

extension CatalogueMergePage {
    init(
        usage: CatalogueEntryUsage, target: CatalogueEntryUsage?, others: [CatalogueEntryUsage], collided: Bool,
        csrfToken: String, visitor: BookVisitor
    ) {
        let language = visitor.language
        let entry = usage.entry
        let kind = entry.kind
        cancelURL = "\(kind.path)/\(entry.id)"
        backText = language.text("books.entry.backTo", ["name": entry.name])
        collision = target.flatMap { target in
            collided ? language.text("books.merge.collision", ["kind": kind.rawValue, "name": target.entry.name]) : nil
        }
        if let target {
            let kept = target.entry
            heading = language.text("books.merge.heading", ["name": entry.name, "target": kept.name])
            question = MergeQuestion(
                entries: [usage, target].map {
                    MergeEntryLine(
                        name: $0.entry.name, url: "\(kind.path)/\($0.entry.id)",
                        books: BookFormatting.books($0.bookCount, in: language))
                },
                explanation: language.text(
                    "books.merge.explanation", ["kind": kind.rawValue, "name": entry.name, "target": kept.name]),
                action: "\(kind.path)/\(entry.id)/merge", into: kept.id, csrfToken: csrfToken,
                buttonLabel: language.text("books.merge.button", ["target": kept.name]))
            choice = nil
        } else {
            heading = language.text("books.merge.chooseHeading", ["kind": kind.rawValue, "name": entry.name])
            question = nil
            choice = MergeChoice(
                action: "\(kind.path)/\(entry.id)/merge", label: language.text("books.merge.into"),
                options: others.map { SelectOption(value: $0.entry.id, title: $0.entry.name, selected: false) },
                hasOptions: !others.isEmpty, none: language.text("books.merge.noOther", ["kind": kind.rawValue]))
        }
        page = visitor.chrome(heading)
    }
}
