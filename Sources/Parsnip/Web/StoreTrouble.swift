import HTTPTypes
import ParseStore

/// The database could not take a change for a reason outside the request — another program holds it, the disk is
/// full, the file cannot be written — with the status, heading and plain words every page says about it.
///
/// Nothing was written: the store runs each change in one transaction, which SQLite rolls back whole.
enum StoreTrouble: DescribedError, Sendable, Hashable {
    /// 503: another program held the database's write lock for longer than Parsnip waits (about 2 seconds).
    case busy
    /// 507: the disk holding the database is full.
    case full
    /// 503: the database file cannot be written (a read-only file, folder or disk).
    case readOnly
    /// 503: the disk reported an error while reading or writing the database.
    case diskError

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
            case nil: return nil
            }
        default:
            return nil
        }
    }

    var status: HTTPResponse.Status {
        switch self {
        case .busy, .readOnly, .diskError: .serviceUnavailable
        case .full: HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
        }
    }

    var heading: Words {
        switch self {
        case .busy: Words("errors.trouble.busy.heading")
        case .full: Words("errors.trouble.full.heading")
        case .readOnly: Words("errors.trouble.readOnly.heading")
        case .diskError: Words("errors.trouble.diskError.heading")
        }
    }

    /// What happened, in one sentence that ends "nothing was changed".
    var cause: Words {
        switch self {
        case .busy: Words("errors.trouble.busy.cause")
        case .full: Words("errors.trouble.full.cause")
        case .readOnly: Words("errors.trouble.readOnly.cause")
        case .diskError: Words("errors.trouble.diskError.cause")
        }
    }

    /// What to do about it.
    var advice: Words {
        switch self {
        case .busy: Words("errors.trouble.busy.advice")
        case .full: Words("errors.trouble.full.advice")
        case .readOnly: Words("errors.trouble.readOnly.advice")
        case .diskError: Words("errors.trouble.diskError.advice")
        }
    }

    /// The page of a request that has no form to show again.
    var errorPage: ErrorPageContent {
        ErrorPageContent(
            status: status, heading: heading,
            message: Words("errors.trouble.page", nested: ["cause": cause, "advice": advice]))
    }

    /// The notice at the top of a form (or confirmation) shown again just as it was sent, in `language`.
    func notice(in language: Language) -> StoreTroubleNotice {
        StoreTroubleNotice(
            heading: heading.text(in: language),
            message: Words("errors.trouble.notice", nested: ["cause": cause, "advice": advice]).text(in: language))
    }
}

/// The message at the top of a page shown again because the database could not take its change.
struct StoreTroubleNotice: Sendable, Hashable {
    let heading: String
    let message: String
}
