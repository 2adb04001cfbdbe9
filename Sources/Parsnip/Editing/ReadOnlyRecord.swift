import Foundation
import ParseStore

/// A change the signed-in person may not make because the record's ACL — set by an app through the Parse API —
/// lets them read it but not change or delete it: a page of its own in plain words (403), never "not found".
struct ReadOnlyRecord: StoreBodyRefusal, Sendable, Hashable {
    /// The record's title or name as the pages show it; nil when it has none.
    let name: String?
    /// What the record is called in a sentence: "to-do", "recipe"; "entry" for a class the apps do not name.
    let thing: String
    /// The record's own page, where it can still be read; nil for a class without one.
    let recordURL: String?

    init(name: String?, thing: String, recordURL: String?) {
        self.name = name
        self.thing = thing
        self.recordURL = recordURL
    }

    /// The refusal for `object`, named by its title or name, the words and page of its class from `place`.
    init(_ object: ParseObject, place: RecordPlace?) {
        self.init(
            name: (object.fields["title"] ?? object.fields["name"])?.stringValue, thing: place?.thing ?? "entry",
            recordURL: place.map { "\($0.basePath)/\(object.objectId)" })
    }
}

/// Where the records of one class live on the pages: what they are called and where their paths start; the
/// composition root names them for the write path, which sits below the apps' folders.
struct RecordPlace: Sendable, Hashable {
    let className: String
    /// "to-do", "recipe", "book"…
    let thing: String
    /// "/todos": a record's page is "/todos/ID".
    let basePath: String

}

extension ReadOnlyRecord {
    /// What a record page says instead of its Edit and Delete buttons when the person could change records of its
    /// kind but this one's ACL keeps changes to others; nil when there is nothing to say (they may change it, or
    /// they may change nothing anyway).
    static func note(thing: String, writers: Set<String>?, canEdit: Bool, language: Language = PageLanguage.current)
        -> String?
    {
        guard canEdit, !PageAccess.current.mayWrite(writers: writers) else { return nil }
        return language.text("errors.readOnly.note", ["kind": kind(of: thing)])
    }

    /// The `kind` a message selects on: "to-do" → "todo".
    static func kind(of thing: String) -> String { thing.filter { $0.isLetter } }

    /// Refuses with `ReadOnlyRecord` a form for changing or deleting a record whose ACL does not let the page's
    /// person do so (an edit form or a "Delete?" question they could never send).
    static func requireChangeable(
        thing: String, recordURL: String, name: String, writers: Set<String>?
    ) throws {
        guard PageAccess.current.mayWrite(writers: writers) else {
            throw ReadOnlyRecord(name: name, thing: thing, recordURL: recordURL)
        }
    }

    /// Whether the page's person may change a record whose ACL lets `writers` change it (and their role lets them
    /// change records at all).
    static func mayChange(writers: Set<String>?, canEdit: Bool) -> Bool {
        canEdit && PageAccess.current.mayWrite(writers: writers)
    }
}

extension ReadOnlyRecord: DescribedError {
    var errorPage: ErrorPageContent {
        let kind = Self.kind(of: thing)
        var content = ErrorPageContent(
            status: .forbidden, heading: Words("errors.readOnly.heading", ["kind": kind]),
            message: name.map { Words("errors.readOnly.messageNamed", ["name": $0]) }
                ?? Words("errors.readOnly.message", ["kind": kind]))
        if let recordURL {
            content.linkText = Words("errors.readOnly.back", ["kind": kind])
            content.linkURL = recordURL
        }
        return content
    }
}

extension ChangeSession {
    /// Runs `write` — a record write as this change's access — and, when the store answers "not found" for a record
    /// the person the pages act for can read, refuses with `ReadOnlyRecord` instead: the record is there, its ACL
    /// keeps changes to others. The Parse API's requests keep Parse's answer (101), which says nothing more.
    func refusingReadOnly<T>(_ className: String, objectId: String, _ write: () throws -> T) throws -> T {
        do {
            return try write()
        } catch let error as ParseError where error.code == .objectNotFound {
            guard case .person = access,
                let object = try writer.reader.acting(as: access).first(
                    ParseQuery(className).where("objectId", equalTo: .string(objectId)))
            else { throw error }
            throw ReadOnlyRecord(object, place: places[className])
        }
    }
}
