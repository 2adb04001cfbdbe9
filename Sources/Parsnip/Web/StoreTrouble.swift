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

    var heading: String {
        switch self {
        case .busy: "Parsnip could not save just now"
        case .full: "Parsnip could not save: the disk is full"
        case .readOnly: "Parsnip cannot save at the moment"
        case .diskError: "Parsnip could not save: the disk reported an error"
        }
    }

    /// What happened, in one sentence that ends "nothing was changed".
    var cause: String {
        switch self {
        case .busy: "Another program is using Parsnip's database, so nothing was changed."
        case .full: "The disk that holds Parsnip's data has no room left, so nothing was changed."
        case .readOnly:
            "Parsnip's database file cannot be written to (it may be read-only, or on a disk that was removed), "
                + "so nothing was changed."
        case .diskError:
            "The disk that holds Parsnip's data reported an error while saving, so nothing was changed."
        }
    }

    /// What to do about it.
    var advice: String {
        switch self {
        case .busy: "Try again in a moment."
        case .full: "Make room on the disk, or ask whoever looks after this computer, then try again."
        case .readOnly: "Ask whoever looks after this computer to check it, then try again."
        case .diskError: "Try again; if it happens again, ask whoever looks after this computer to check the disk."
        }
    }

    /// The page of a request that has no form to show again.
    var errorPage: ErrorPageContent {
        ErrorPageContent(status: status, heading: heading, message: "\(cause) \(advice)")
    }

    /// The notice at the top of a form (or confirmation) shown again just as it was sent.
    var notice: StoreTroubleNotice {
        StoreTroubleNotice(heading: heading, message: "\(cause) Everything on this page is as you left it. \(advice)")
    }
}

/// The message at the top of a page shown again because the database could not take its change.
struct StoreTroubleNotice: Sendable, Hashable {
    let heading: String
    let message: String
}
