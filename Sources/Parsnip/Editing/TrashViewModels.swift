import Foundation

/// The trash page.
struct TrashPage: Sendable {
    let page: PageChrome
    /// How many days things stay.
    let keptDays: Int
    let rows: [TrashRow]
    /// Only the owner may delete forever and empty the trash.
    let isOwner: Bool
    let csrfToken: String
    /// Stored, not computed: templates read only stored properties.
    let isEmpty: Bool

    init(page: PageChrome, keptDays: Int, rows: [TrashRow], isOwner: Bool, csrfToken: String) {
        self.page = page
        self.keptDays = keptDays
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
    let name: String
    let message: String
    let linkText: String
    let linkURL: String
}

extension ChangeStamp {
    /// "Deleted by Ana at 14:02", "Deleted on 3 Nov, 09:15".
    func deletedLine(now: Date, timeZone: TimeZone = .current) -> String {
        let when = Self.moment(at, now: now, timeZone: timeZone)
        let moment = when.hasPrefix("at ") ? when : "on " + when
        return username.map { "Deleted by \($0) \(moment)" } ?? "Deleted \(moment)"
    }
}
