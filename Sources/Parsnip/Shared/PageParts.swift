// The view models of the partials every app's forms and lists share.

/// What the list says when it is empty, and the one action that helps.
struct EmptyState: Sendable {
    let message: String
    /// A second sentence of advice, when there is one.
    let advice: String?
    let link: EmptyStateLink?
}

/// The one action an empty list offers.
struct EmptyStateLink: Sendable {
    let text: String
    let url: String
}

/// One entry of the error summary: the message, linking to its field.
struct ErrorLink: Sendable {
    let fieldId: String
    let message: String
}

/// One `<option>` of a select, with whether it is the chosen one.
struct SelectOption: Sendable, Hashable {
    let value: String
    let title: String
    let selected: Bool
}

/// The error summary: a sentence about the whole form (a recipe deleted meanwhile) and links to each problem.
struct EditorSummary: Sendable {
    let conflict: String?
    let errors: [ErrorLink]
    let hasErrors: Bool
}

/// One overview field as typed, with its message and the ids that describe it.
struct EditorField: Sendable {
    let value: String
    let error: String?
    /// `aria-describedby`: the hint and, when there is one, the error; nil when there is neither.
    let describedBy: String?
}
