import Foundation

/// The trash page.
struct TrashPage: Sendable {
    let page: PageChrome
    /// "What was deleted in the last 30 days. …": how many days things stay.
    let lead: String
    let rows: [TrashRow]
    /// Only the owner may delete forever and empty the trash.
    let isOwner: Bool
    let csrfToken: String
    /// Stored, not computed: templates read only stored properties.
    let isEmpty: Bool

    init(
        page: PageChrome, keptDays: Int, rows: [TrashRow], isOwner: Bool, csrfToken: String,
        language: Language = PageLanguage.current
    ) {
        self.page = page
        self.lead = language.text("editing.trash.lead", counts: ["days": keptDays])
        self.rows = rows
        self.isOwner = isOwner
        self.csrfToken = csrfToken
        self.isEmpty = rows.isEmpty
    }
}

/// One deleted thing in the trash list.
struct TrashRow: Sendable {
    let id: String
    /// "Recipe", "Book".
    let kind: String
    let name: String
    /// "Deleted by Ana at 14:02".
    let deleted: String
    let restoreAction: String
    let deleteURL: String
    /// The Restore button's name for a screen reader: "Restore Pea soup".
    let restoreLabel: String
    /// The "Delete forever" link's name for a screen reader: "Delete forever Pea soup".
    let deleteLabel: String
}

/// The owner's "are you sure" before deleting forever.
struct TrashConfirmPage: Sendable {
    let page: PageChrome
    let heading: String
    let message: String
    let action: String
    let button: String
    let csrfToken: String
}

/// Why something cannot come back yet, and the way on.
struct TrashRefusalPage: Sendable {
    let page: PageChrome
    /// "“The Dispossessed” cannot be restored yet".
    let heading: String
    let name: String
    let message: String
    let linkText: String
    let linkURL: String
}

extension ChangeStamp {
    /// "Deleted by Ana at 14:02", "Deleted on 3 Nov, 09:15", in `language` (agreeing with `kind`, the trash kind:
    /// "Eliminada por Ana" for a to-do, "Eliminado por Ana" for a book).
    func deletedLine(
        kind: String, now: Date, timeZone: TimeZone = .current, language: Language = PageLanguage.current
    ) -> String {
        let when = ChangeMoment(at, now: now, timeZone: timeZone, language: language)
        guard let username else {
            return when.isToday
                ? language.text("editing.trash.deletedToday", ["kind": kind, "when": when.text])
                : language.text("editing.trash.deletedEarlier", ["kind": kind, "when": when.text])
        }
        let arguments = ["kind": kind, "name": username, "when": when.text]
        return when.isToday
            ? language.text("editing.trash.deletedByToday", arguments)
            : language.text("editing.trash.deletedByEarlier", arguments)
    }
}
