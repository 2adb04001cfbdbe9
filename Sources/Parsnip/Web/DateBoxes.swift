import Foundation

/// A day typed in three boxes — Day, Month, Year, ordered as the page's language writes a date (year first in
/// Korean and Japanese) — in the GOV.UK manner, instead of the browser's own date picker, whose `mm/dd/yyyy` puzzles
/// most households. `Templates/partials/date-boxes.mustache` draws it; `text(of:in:)` reads it back.
///
/// The form sends `<name>-day`, `<name>-month` and `<name>-year`; the draft keeps the day as "YYYY-M-D" text, so
/// what was typed comes back into the boxes when the form is shown again, wrong or not.
struct DateBoxes: Sendable {
    /// The field's name: "dueDate". The first box has it as its id, so an error summary's link lands there.
    let name: String
    /// The field's label, the group's legend: "Due date".
    let legend: String
    /// The hint under it, ending with the example in this language's order.
    let hint: String
    /// What is wrong with it, or nil.
    let error: String?
    /// The three boxes in this language's order.
    let boxes: [Box]
    /// "dueDate-hint dueDate-error": what the first box is described by.
    let describedBy: String
    /// A fourth box where the day may be typed in words ("tomorrow", `DayWords`); nil where the form has none.
    var words: WordsBox? = nil

    /// The box for a day in words, beside the three boxes.
    struct WordsBox: Sendable {
        /// "dueDate-words", its id and its field's name.
        let id: String
        /// "Or type it: tomorrow, fri, next week, 12 May".
        let label: String
        /// What was typed, kept when it could not be read.
        let value: String
        let isInvalid: Bool
    }

    /// The name of the box for a day in words beside the boxes of `name`.
    static func wordsName(of name: String) -> String { "\(name)-words" }

    /// One of the three boxes.
    struct Box: Sendable {
        let id: String
        let fieldName: String
        let label: String
        let value: String
        /// "day", "month" or "year": the box's width.
        let part: String
        let isInvalid: Bool
    }

    /// The boxes for `name`, holding `text` ("2026-3-27", as the draft keeps it), in `language`.
    init(name: String, legend: String, hint: String?, text: String, error: String?, language: Language) {
        self.name = name
        self.legend = legend
        self.error = error
        let example = language.text("date.example")
        self.hint = hint.map { language.text("date.hintAndExample", ["hint": $0, "example": example]) } ?? example
        self.describedBy = "\(name)-hint" + (error == nil ? "" : " \(name)-error")
        let parts = text.split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        let values = [
            "year": parts.count == 3 ? parts[0] : (parts.count == 1 ? parts[0] : ""),
            "month": parts.count == 3 ? parts[1] : "", "day": parts.count == 3 ? parts[2] : "",
        ]
        let order = language == .ko || language == .ja ? ["year", "month", "day"] : ["day", "month", "year"]
        let labels = [
            "day": language.text("date.day"), "month": language.text("date.month"), "year": language.text("date.year"),
        ]
        boxes = order.enumerated().map { index, part in
            Box(
                id: index == 0 ? name : "\(name)-\(part)", fieldName: "\(name)-\(part)", label: labels[part] ?? part,
                value: values[part] ?? "", part: part, isInvalid: error != nil)
        }
    }

    /// The day `form` sends for `name` as the draft keeps it: "YYYY-M-D" from the three boxes ("" when all are
    /// empty), or the one field `name` when a form sends it whole ("2026-03-27", as older pages and tests do).
    /// Dashes typed in a box are dropped so the three parts stay apart.
    static func text(of name: String, in form: FormFields) -> String {
        let parts = ["year", "month", "day"].map { part in
            (form["\(name)-\(part)"] ?? "").filter { $0 != "-" }.trimmingCharacters(in: .whitespaces)
        }
        if parts.allSatisfy(\.isEmpty) { return form[name] ?? "" }
        return parts.joined(separator: "-")
    }
}
