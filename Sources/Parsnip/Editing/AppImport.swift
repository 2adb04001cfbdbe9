import Foundation
import ParseStore

/// A piece of an import's report kept twice: `Words` a page says in its language, and the English the command line
/// prints (it reads no catalogue).
struct ReportText: Sendable, Hashable {
    let words: Words
    let english: String

    init(words: Words, english: String) {
        self.words = words
        self.english = english
    }

    /// `words`, with their English from the catalogue (which the command line loads before it imports).
    init(_ words: Words) {
        self.init(words: words, english: words.text(in: .en))
    }
}

/// One kind of file another app exports (a Goodreads library, a Paprika export, a Todoist CSV): how to tell it by
/// its content and read it. Each app's reader lives in its feature folder; `App/AppImports.swift` lists them.
struct AppImportFormat: Sendable {
    /// Reads the file at `url` when its first bytes `head` (up to `AppImportFormat.headBytes`) are this app's
    /// export; nil when they are not, so the next format is asked.
    let read: @Sendable (_ url: URL, _ head: Data) throws(AppImportProblem) -> AppImportFile?

    /// How much of a file the formats look at to recognise it.
    static let headBytes = 65_536
}

/// A file another app exported, read and ready to become Parse objects inside the import's transaction.
struct AppImportFile: Sendable {
    /// "Goodreads", "Paprika": the app's own name, the same in every language.
    let app: String
    /// How many rows (or recipe files) the file holds.
    let rows: Int
    /// Makes the objects, reading what is here already (authors, ISBNs, the household's people) in the import's own
    /// transaction; `now` is the store's clock.
    let plan: @Sendable (_ reader: ParseReader, _ now: Date) throws -> AppImportPlan
}

/// The objects of one class an import from another app adds.
struct AppImportClass: Sendable {
    let className: String
    var objects: [ImportedObject]
}

/// What an import from another app writes, and a line for each row it left out or changed.
struct AppImportPlan: Sendable {
    var classes: [AppImportClass] = []
    /// Photos the records name, kept before them.
    var files: [StoredFile] = []
    /// "Row 12: no title — skipped.", in the order of the file.
    var notes: [ReportText] = []
}

/// Why a file another app exported cannot be imported at all, in one sentence.
struct AppImportProblem: Error, Sendable {
    let text: ReportText

    init(_ words: Words) {
        text = ReportText(words)
    }
}
