import Foundation

/// The 409 page shown when a save collides with another person's: each field both changed, with both values
/// and a choice, and everything else the person typed carried along in hidden fields — nothing is lost.
struct ConflictPage: Sendable {
    /// One field to choose for.
    struct Row: Sendable {
        let label: String
        /// `_pick_<key>`.
        let choiceName: String
        let mineLines: [String]
        let theirsLines: [String]
    }

    /// One hidden field replaying what the person sent.
    struct Hidden: Sendable {
        let name: String
        let value: String
    }

    let page: PageChrome
    let heading: String
    let intro: String
    /// "saved by Ana, 14:02" (or "saved at 14:02" when nobody was signed in): who chose the stored value.
    let theirsHeading: String
    let choiceMissing: Bool
    let action: String
    let csrfToken: String
    let hiddenFields: [Hidden]
    let rows: [Row]
    let cancelURL: String
    let cancelLabel: String
    /// The first choice's title and note: "Keep yours" / "what you typed".
    let mineTitle: String
    let mineNote: String

    /// The page for `report`, replaying `form` (minus its token, version, base and old choices) to `action`, in
    /// the request's language (the report's labels and values are in it already: `ThreeWayMerge` runs inside the
    /// page's change).
    ///
    /// - Parameters:
    ///   - thing: what the record is called in a sentence: "recipe", "book", "to-do".
    ///   - base: what the form was first loaded with; kept so the next save still merges against it.
    ///   - excluding: further posted names not to replay (e.g. the editor's row-action buttons).
    init(
        report: ConflictReport, thing: String, form: FormFields, base: EditBase, action: String,
        cancelURL: String, context: ParsnipRequestContext, now: Date, excluding: Set<String> = [],
        wording: ConflictWording = .editing
    ) {
        let language = context.language
        let kind = ReadOnlyRecord.kind(of: thing)
        let when = ChangeMoment(report.stamp.at, now: now, timeZone: .current, language: language)
        page = PageChrome(
            title: language.text("editing.conflict.title"), context: context, inTodos: thing == "to-do",
            inRecipes: thing == "recipe", inBooks: thing == "book")
        let count = ["count": report.conflicts.count]
        switch (wording, report.stamp.username) {
        case (.editing, let name?):
            heading = language.text("editing.conflict.heading", ["name": name, "kind": kind])
        case (.editing, nil):
            heading = language.text("editing.conflict.headingSomeone", ["kind": kind])
        case (.reverting, let name?):
            heading = language.text("editing.conflict.againHeading", ["name": name, "kind": kind])
        case (.reverting, nil):
            heading = language.text("editing.conflict.againHeadingSomeone", ["kind": kind])
        }
        switch wording {
        case .editing:
            intro = language.text("editing.conflict.intro", counts: count)
            (mineTitle, mineNote, cancelLabel) = (
                language.text("editing.conflict.keepYours"), language.text("editing.conflict.whatYouTyped"),
                language.text("editing.conflict.discard")
            )
        case .reverting:
            intro = language.text("editing.conflict.againIntro", counts: count)
            (mineTitle, mineNote, cancelLabel) = (
                language.text("editing.conflict.putBack"), language.text("editing.conflict.valueBefore"),
                language.text("editing.conflict.keepAll")
            )
        }
        if let username = report.stamp.username {
            theirsHeading = language.text("editing.conflict.savedBy", ["name": username, "when": when.text])
        } else if when.isToday {
            theirsHeading = language.text("editing.conflict.savedToday", ["when": when.text])
        } else {
            theirsHeading = language.text("editing.conflict.savedEarlier", ["when": when.text])
        }
        choiceMissing = report.choiceMissing
        self.action = action
        csrfToken = context.csrfToken
        let replayed = FormFields.allPairs(of: form).filter { pair in
            pair.name != CSRFMiddleware.fieldName && pair.name != EditBase.versionFieldName
                && pair.name != EditBase.baseFieldName && !pair.name.hasPrefix(EditBase.choicePrefix)
                && !excluding.contains(pair.name)
        }
        hiddenFields =
            replayed.map { Hidden(name: $0.name, value: $0.value) } + [
                Hidden(name: EditBase.versionFieldName, value: String(report.version)),
                Hidden(name: EditBase.baseFieldName, value: base.fieldsText),
            ]
        rows = report.conflicts.map { conflict in
            Row(
                label: conflict.label, choiceName: EditBase.choicePrefix + conflict.key,
                mineLines: conflict.mine, theirsLines: conflict.theirs)
        }
        self.cancelURL = cancelURL
    }
}

/// What a conflict page is about: a save of an edit form, or a revert from the History page.
enum ConflictWording: Sendable {
    case editing
    case reverting
}

extension FormFields {
    /// `form.allPairs`, spelled so it reads at the call site above.
    fileprivate static func allPairs(of form: FormFields) -> [(name: String, value: String)] { form.allPairs }
}
