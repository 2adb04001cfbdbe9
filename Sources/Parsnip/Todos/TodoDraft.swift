/// What a person typed into the to-do form, before and after validation.
struct TodoDraft: Sendable, Hashable {
    /// The most characters a title may have.
    static let titleLimit = 200
    /// The most characters a description may have.
    static let descriptionLimit = 5_000

    /// The title as it will be stored: surrounding spaces removed, line breaks turned into spaces.
    var title: String
    /// The description as it will be stored: surrounding spaces removed, line breaks normalised to `\n`.
    var description: String
    /// The due day as typed: "YYYY-M-D" from the three boxes (`DateBoxes`), or `2024-05-03` sent whole; empty for
    /// none.
    var dueDate: String
    /// Who is to do it: a household member's name; empty when anyone may.
    var who: String
    /// How often it repeats, from its due day: "daily", "weekly", "monthly" or "yearly"; empty when it does not.
    var repeats: String
    /// True when the to-do is ticked off.
    var done: Bool
    /// A due day typed in words that could not be read ("someday"), kept to be shown again; empty otherwise.
    var dueWords: String = ""
    /// Why `dueWords` could not be used; nil when there is nothing wrong with them.
    var dueWordsProblem: Words? = nil
    /// Why `who` cannot be used (nobody in the household has that name); nil otherwise.
    var whoProblem: Words? = nil

    /// Cleans the typed values the way they will be stored.
    init(
        title: String, description: String, dueDate: String = "", who: String = "", repeats: String = "",
        done: Bool = false
    ) {
        self.who = TextCleaning.clean(who, keepLineBreaks: false)
        self.repeats = repeats
        self.title = TextCleaning.clean(title, keepLineBreaks: false)
        self.description = TextCleaning.clean(description, keepLineBreaks: true)
        self.dueDate = TypedDueDate.asciiDigits(TextCleaning.clean(dueDate, keepLineBreaks: false))
        self.done = done
    }

    /// Reads a due day typed in words on the household's day `today`: it becomes the due day when the boxes are
    /// empty or say the same day; otherwise the words are kept with what is wrong (`problems`).
    mutating func readDueWords(_ typed: String, today: CalendarDate, in language: Language) {
        let words = TextCleaning.clean(typed, keepLineBreaks: false)
        guard !words.isEmpty else { return }
        guard let day = DayWords.day(words, today: today, in: language) else {
            dueWords = words
            dueWordsProblem = Words("todos.error.dueWords")
            return
        }
        if dueDate.isEmpty || dueDay == day {
            dueDate = "\(day.year)-\(day.month)-\(day.day)"
            return
        }
        dueWords = words
        dueWordsProblem = Words("todos.error.dueWordsAndBoxes", ["typed": words])
    }

    /// The rule its repeat choice makes from its due day; nil when it does not repeat (or has no real due day).
    var repeatRule: TodoRepeat? {
        guard let frequency = TodoRepeat.Frequency(rawValue: repeats), let due = dueDay else { return nil }
        return TodoRepeat(frequency, from: due)
    }

    /// The due day; nil when none was typed or the text is not a real day (see `problems`).
    var dueDay: CalendarDate? { CalendarDate(iso: dueDate) }

    /// The fields of the to-do form, in the order they appear on the page.
    enum Field: String, Sendable, CaseIterable {
        case title
        case description
        case dueDate
        case who
        case repeats
        case done

        /// The field's label on the form, in English.
        var label: String { label(in: .en) }

        /// The field's label on the form in `language`.
        func label(in language: Language) -> String {
            switch self {
            case .title: language.text("todos.field.title")
            case .description: language.text("todos.field.description")
            case .dueDate: language.text("todos.field.dueDate")
            case .who: language.text("todos.field.who")
            case .repeats: language.text("todos.field.repeats")
            case .done: language.text("todos.field.done")
            }
        }
    }

    /// The value of `field` as text: the due day as `2024-05-03`, done as "yes" or "".
    subscript(field: Field) -> String {
        get {
            switch field {
            case .title: title
            case .description: description
            case .dueDate: dueDay?.iso ?? dueDate
            case .who: who
            case .repeats: repeats
            case .done: done ? "yes" : ""
            }
        }
        set {
            switch field {
            case .title: title = newValue
            case .description: description = newValue
            case .dueDate: dueDate = newValue
            case .who: who = newValue
            case .repeats: repeats = newValue
            case .done: done = !newValue.isEmpty
            }
        }
    }

    /// Each field's fingerprint, by the field's name: what an edit form carries as its `_base`.
    var fingerprints: [String: String] {
        Dictionary(uniqueKeysWithValues: Field.allCases.map { ($0.rawValue, FieldFingerprint.of(self[$0])) })
    }

    /// One problem with one field, in words said in the page's language.
    struct Problem: Sendable, Hashable {
        /// The field that needs fixing.
        var field: Field
        /// What is wrong and what to do, e.g. "Enter a title".
        var message: Words
    }

    /// Every problem with the draft, in field order; empty when it can be saved.
    var problems: [Problem] {
        var problems: [Problem] = []
        if title.isEmpty {
            problems.append(Problem(field: .title, message: Words("todos.error.titleMissing")))
        } else if title.count > Self.titleLimit {
            problems.append(
                Problem(field: .title, message: Words("todos.error.titleTooLong", counts: ["max": Self.titleLimit])))
        }
        if description.count > Self.descriptionLimit {
            problems.append(
                Problem(
                    field: .description,
                    message: Words("todos.error.descriptionTooLong", counts: ["max": Self.descriptionLimit])))
        }
        if let problem = dueWordsProblem ?? TypedDueDate(dueDate).problem {
            problems.append(Problem(field: .dueDate, message: problem))
        }
        if let whoProblem {
            problems.append(Problem(field: .who, message: whoProblem))
        }
        if !repeats.isEmpty {
            if TodoRepeat.Frequency(rawValue: repeats) == nil {
                problems.append(Problem(field: .repeats, message: Words("todos.error.repeatsUnknown")))
            } else if dueDate.isEmpty {
                problems.append(Problem(field: .repeats, message: Words("todos.error.repeatsNeedsDueDate")))
            }
        }
        return problems
    }
}
