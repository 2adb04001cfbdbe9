/// What a person typed into the to-do form, before and after validation.
public struct TodoDraft: Sendable, Hashable {
    /// The most characters a title may have.
    public static let titleLimit = 200
    /// The most characters a description may have.
    public static let descriptionLimit = 5_000

    /// The title as it will be stored: surrounding spaces removed, line breaks turned into spaces.
    public var title: String
    /// The description as it will be stored: surrounding spaces removed, line breaks normalised to `\n`.
    public var description: String

    /// Cleans the typed values the way they will be stored.
    public init(title: String, description: String) {
        self.title = TextCleaning.clean(title, keepLineBreaks: false)
        self.description = TextCleaning.clean(description, keepLineBreaks: true)
    }

    /// The fields of the to-do form, in the order they appear on the page.
    public enum Field: String, Sendable, CaseIterable {
        case title
        case description

        /// The field's label on the form.
        public var label: String {
            switch self {
            case .title: "Title"
            case .description: "Description"
            }
        }
    }

    /// The value of `field`.
    subscript(field: Field) -> String {
        get {
            switch field {
            case .title: title
            case .description: description
            }
        }
        set {
            switch field {
            case .title: title = newValue
            case .description: description = newValue
            }
        }
    }

    /// Each field's fingerprint, by the field's name: what an edit form carries as its `_base`.
    var fingerprints: [String: String] {
        Dictionary(uniqueKeysWithValues: Field.allCases.map { ($0.rawValue, FieldFingerprint.of(self[$0])) })
    }

    /// One problem with one field, in the words shown to the person.
    public struct Problem: Sendable, Hashable {
        /// The field that needs fixing.
        public var field: Field
        /// What is wrong and what to do, e.g. "Enter a title".
        public var message: String
    }

    /// Every problem with the draft, in field order; empty when it can be saved.
    public var problems: [Problem] {
        var problems: [Problem] = []
        if title.isEmpty {
            problems.append(Problem(field: .title, message: "Enter a title"))
        } else if title.count > Self.titleLimit {
            problems.append(Problem(field: .title, message: "Title must be 200 characters or fewer"))
        }
        if description.count > Self.descriptionLimit {
            problems.append(Problem(field: .description, message: "Description must be 5,000 characters or fewer"))
        }
        return problems
    }
}
