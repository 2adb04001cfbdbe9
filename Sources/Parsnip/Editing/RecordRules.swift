import Foundation
import ParseStore

/// What the records of some classes must obey whoever writes them — the pages, the Parse API (one object or a
/// batch), an import, a restore from the trash, a revert. The write path runs them at the end of every change, on
/// what that transaction wrote, so no writer can skip them.
///
/// Two parts: `upkeep` writes what follows from other data (a genre's `books` from its books' `genre`), and
/// `check` finds every record the change would leave breaking a rule.
struct RecordRules: Sendable {
    /// The classes whose changed objects the rules look at.
    let watched: Set<String>
    /// Keeps derived data in step with `changes` (objects of watched classes), writing with the master key: this
    /// is bookkeeping that goes with the change, like its history entry, not a write of the caller's own.
    var upkeep: @Sendable (_ changes: [ObjectChange], _ writer: ParseWriter) throws -> Void = { _, _ in }
    /// Every rule the changed objects break, read in the transaction.
    let check: @Sendable (RuleCheck) throws -> [RuleBreak]
    /// Brings the upkeep up to date over all the data (at open, after an import or a restore).
    var bringUpToDate: @Sendable (_ writer: ParseWriter) throws -> Void = { _ in }
    /// What a change someone makes sets off, in the same transaction and as that person, with its own history and
    /// trash (a repeating to-do ticked off makes the next). Runs after the change's own writes for every writer that
    /// is a person's change — the pages, the Parse API, a revert, a restore from the trash — and not for an import or
    /// a backup's restore, which bring their records as they were. `changes` are the watched objects the change
    /// wrote, once each.
    var consequences: @Sendable (_ changes: [ObjectChange], _ session: ChangeSession) throws -> Void = { _, _ in }
}

/// A record a change would leave breaking one of its class's rules. The change is undone whole, and each writer
/// says why in its own form: a form error on the page, Parse's 137 (a duplicate) or 142 (a failed validation) in
/// the API, a line in an import's dry run.
struct RuleBreak: Error, StoreBodyRefusal, Sendable, Hashable {
    /// A value another record already has, or any other rule.
    enum Kind: Sendable, Hashable {
        case duplicate, invalid
    }

    let kind: Kind
    /// The record that breaks the rule.
    let record: RecordReference
    /// The field the rule is about, as stored ("isbn", "title").
    let field: String
    /// What is wrong and what to do, in plain words, as one sentence without its full stop: "This ISBN is already
    /// used by “Dune”" — said in the language of whoever reads it.
    let message: Words

    /// The API's answer: 137 for a duplicate, 142 otherwise, its message in English (the API is for programmers).
    var parseError: ParseError {
        ParseError(kind == .duplicate ? .duplicateValue : .validationFailed, message.text(in: .en))
    }
}

/// What a rule reads: the objects the transaction changed and the data as it is now, inside it.
struct RuleCheck {
    /// Every object the change wrote or deleted, once each (its last state counts).
    let changes: [ObjectChange]
    /// The transaction with the master key: rules hold across everything, seen or not.
    let reader: ParseReader
    /// The transaction as the writer reads it: a message names another record only when the writer may read it.
    let visible: ParseReader
    /// The store clock's time.
    let now: Date
    /// The objects `object(_:_:)` read, kept for the search index that follows the same change.
    let fetched = FetchedObjects()

    /// The objectIds of `className` the change created or changed and that still exist.
    func changed(_ className: String) -> [String] {
        changes.filter { $0.className == className && !$0.deleted }.map(\.objectId)
    }

    /// The objectIds of `className` the change deleted.
    func deleted(_ className: String) -> [String] {
        changes.filter { $0.className == className && $0.deleted }.map(\.objectId)
    }

    /// The stored object, or nil when it does not exist.
    func object(_ className: String, _ objectId: String) throws -> ParseObject? {
        if let known = fetched.lookup(className, objectId) { return known }
        let object = try RuleCheck.fetch(className, objectId, reader: reader)
        fetched.keep(object, className, objectId)
        return object
    }

    /// True when the writer may read the object.
    func isVisible(_ className: String, _ objectId: String) throws -> Bool {
        try RuleCheck.fetch(className, objectId, reader: visible) != nil
    }

    static func fetch(_ className: String, _ objectId: String, reader: ParseReader) throws -> ParseObject? {
        do {
            return try reader.fetch(className, objectId: objectId)
        } catch let error as ParseError where error.code == .objectNotFound {
            return nil
        }
    }
}

/// The record rules run over one transaction: collects what it wrote (the write log), runs the upkeep, then checks.
final class RuleRun {
    private let rules: [RecordRules]
    private let writer: ParseWriter
    private let access: ParseAccess
    /// Everything the transaction wrote so far, in order.
    private(set) var changes: [ObjectChange] = []
    /// The objects the last checks read with the master key, as they are after everything written so far: the
    /// search index that follows the change reads them from here instead of again (until the next write).
    private(set) var checkedObjects = FetchedObjects()

    init(_ rules: [RecordRules], writer: ParseWriter, access: ParseAccess) {
        self.rules = rules
        self.writer = writer
        self.access = access
    }

    /// Runs the upkeep for what was written since the last call, then every rule over it; returns every break.
    func breaks() throws -> [RuleBreak] {
        let written = writer.changeLog.drain()
        changes += written
        let lastState = Self.lastState(of: written)
        for rule in rules {
            let mine = lastState.filter { rule.watched.contains($0.className) }
            if !mine.isEmpty { try rule.upkeep(mine, writer) }
        }
        // The upkeep's own writes are the change's too (the search index follows them).
        changes += writer.changeLog.drain()
        let check = RuleCheck(
            changes: lastState, reader: writer.reader, visible: writer.reader.acting(as: access), now: writer.now())
        checkedObjects = check.fetched
        var found: [RuleBreak] = []
        for rule in rules where lastState.contains(where: { rule.watched.contains($0.className) }) {
            found += try rule.check(check)
        }
        return found
    }

    /// Runs the rules and throws the first break: the transaction is then rolled back.
    func enforce() throws {
        if let first = try breaks().first { throw first }
    }

    /// One change per object: deleted when its last change deleted it.
    static func lastState(of changes: some Sequence<ObjectChange>) -> [ObjectChange] {
        var order: [String] = []
        var last: [String: ObjectChange] = [:]
        for change in changes {
            let key = change.className + "\u{0}" + change.objectId
            if last[key] == nil { order.append(key) }
            last[key] = change
        }
        return order.compactMap { last[$0] }
    }
}

extension RuleBreak: DescribedError {
    /// A change a page made (a restore from the trash, a revert) that a record rule refused: said in words, 422.
    var errorPage: ErrorPageContent {
        ErrorPageContent(
            status: .unprocessableContent, heading: Words("errors.ruleBreak.heading"),
            message: Words("errors.ruleBreak.message", nested: ["reason": message]))
    }
}

/// Objects one transaction read with the master key (or found missing), by class and objectId: valid until its next
/// write, so the rules' checks and the search index read each changed object once.
final class FetchedObjects {
    private var objects: [String: ParseObject?] = [:]

    /// The object as read (`.some(nil)` when it was missing), or nil when it was not read.
    func lookup(_ className: String, _ objectId: String) -> ParseObject?? {
        objects[Self.key(className, objectId)]
    }

    func keep(_ object: ParseObject?, _ className: String, _ objectId: String) {
        objects[Self.key(className, objectId)] = .some(object)
    }

    /// Forgets the objects `changes` wrote: what they read before is no longer what is stored.
    func forget(_ changes: [ObjectChange]) {
        for change in changes { objects[Self.key(change.className, change.objectId)] = nil }
    }

    private static func key(_ className: String, _ objectId: String) -> String { className + "\u{0}" + objectId }
}
