import HTTPTypes
import ParseStore

/// The database could not take a change, or answer a page, for a reason outside the request — another program holds
/// it, the disk is full, the file cannot be written, the database server cannot be reached — with the status,
/// heading and plain words every page says about it.
///
/// Nothing was written: the store runs each change in one transaction, which the database rolls back whole.
enum StoreTrouble: DescribedError, Sendable, Hashable {
    /// 503: another program held the database's write lock for longer than Parsnip waits (about 2 seconds).
    case busy
    /// 507: the disk holding the database is full.
    case full
    /// 503: the database file cannot be written (a read-only file, folder or disk).
    case readOnly
    /// 503: the disk reported an error while reading or writing the database.
    case diskError
    /// 503: the database server (PostgreSQL) does not answer: stopped, restarting, or the network to it is down.
    /// Parsnip connects again by itself once it answers, so trying again later works without a restart.
    case unreachable

    /// The trouble `error` reports, or nil when it is any other error.
    init?(_ error: any Error) {
        switch error {
        case let trouble as StoreTrouble:
            self = trouble
        case let error as ParseError:
            switch error.storageFailure {
            case .busy: self = .busy
            case .full: self = .full
            case .readOnly: self = .readOnly
            case .diskError: self = .diskError
            case .unreachable: self = .unreachable
            case nil: return nil
            }
        default:
            return nil
        }
    }

    var status: HTTPResponse.Status {
        switch self {
        case .busy, .readOnly, .diskError, .unreachable: .serviceUnavailable
        case .full: HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
        }
    }

    /// The heading: what could not be done, a save or (`saving` false) showing a page.
    func heading(saving: Bool) -> Words {
        switch self {
        case .busy: Words("errors.trouble.busy.heading")
        case .full: Words("errors.trouble.full.heading")
        case .readOnly: Words("errors.trouble.readOnly.heading")
        case .diskError: Words("errors.trouble.diskError.heading")
        case .unreachable:
            saving ? Words("errors.trouble.unreachable.save.heading") : Words("errors.trouble.unreachable.read.heading")
        }
    }

    /// What happened, in one sentence; for a save it ends "nothing was changed".
    func cause(saving: Bool) -> Words {
        switch self {
        case .busy: Words("errors.trouble.busy.cause")
        case .full: Words("errors.trouble.full.cause")
        case .readOnly: Words("errors.trouble.readOnly.cause")
        case .diskError: Words("errors.trouble.diskError.cause")
        case .unreachable:
            saving ? Words("errors.trouble.unreachable.save.cause") : Words("errors.trouble.unreachable.read.cause")
        }
    }

    /// What to do about it.
    func advice(saving: Bool) -> Words {
        switch self {
        case .busy: Words("errors.trouble.busy.advice")
        case .full: Words("errors.trouble.full.advice")
        case .readOnly: Words("errors.trouble.readOnly.advice")
        case .diskError: Words("errors.trouble.diskError.advice")
        case .unreachable:
            saving ? Words("errors.trouble.unreachable.save.advice") : Words("errors.trouble.unreachable.read.advice")
        }
    }

    /// The page of a request that has no form to show again: a page that only reads (GET, HEAD) when `saving` is
    /// false, else a change.
    func errorPage(saving: Bool) -> ErrorPageContent {
        ErrorPageContent(
            status: status, heading: heading(saving: saving),
            message: Words(
                "errors.trouble.page", nested: ["cause": cause(saving: saving), "advice": advice(saving: saving)]))
    }

    /// The page of a change that has no form to show again.
    var errorPage: ErrorPageContent { errorPage(saving: true) }

    /// The notice at the top of a form (or confirmation) shown again just as it was sent, in `language`.
    func notice(in language: Language) -> StoreTroubleNotice {
        StoreTroubleNotice(
            heading: heading(saving: true).text(in: language),
            message: Words(
                "errors.trouble.notice", nested: ["cause": cause(saving: true), "advice": advice(saving: true)]
            ).text(in: language))
    }
}

/// The message at the top of a page shown again because the database could not take its change.
struct StoreTroubleNotice: Sendable, Hashable {
    let heading: String
    let message: String
}
