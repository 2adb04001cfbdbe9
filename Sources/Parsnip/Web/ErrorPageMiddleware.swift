import Hummingbird
import Logging
import ParseStore

/// Turns every error into an HTML page in plain words: 404, 400, 403, 409, 413, 503 and 507 (the database busy or
/// full, where no form could be shown again), and 500 for anything else.
///
/// The real error of a 500 goes to the log; the page never shows internals. Inside the pages group the header
/// shows who is signed in; outside it (unknown addresses) the page is the same for everyone.
struct ErrorPageMiddleware<Context: RequestContext>: RouterMiddleware {
    let pages: Pages

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch {
            return response(for: error, request: request, context: context)
        }
    }

    func response(for error: any Error, request: Request, context: Context) -> Response {
        let content = Self.content(for: error, saving: request.method != .get && request.method != .head)
        let logger = context.logger
        switch content.status.kind {
        case .serverError:
            logger.error(
                "Request failed",
                metadata: [
                    "method": "\(request.method)", "path": "\(request.uri.path)",
                    "error": "\(String(reflecting: error))",
                ]
            )
        default:
            logger.debug(
                "Request refused",
                metadata: ["status": "\(content.status.code)", "path": "\(request.uri.path)", "error": "\(error)"]
            )
        }
        let language = (context as? ParsnipRequestContext)?.language ?? PageLanguage.current
        let title = content.heading.text(in: language)
        let chrome =
            (context as? ParsnipRequestContext).map { PageChrome(title: title, context: $0) }
            ?? PageChrome(title: title, language: language)
        return pages.render(content.page(chrome), template: "errors/error", status: content.status)
    }

    /// The status and page of `error` in `language`, with the header of a visitor who has not signed in.
    static func page(for error: any Error, language: Language = PageLanguage.current)
        -> (status: HTTPResponse.Status, model: ErrorPage)
    {
        let content = content(for: error)
        return (content.status, content.page(PageChrome(title: content.heading.text(in: language), language: language)))
    }

    /// What the page of `error` says; `saving` is false for a request that only reads (GET, HEAD), which the
    /// database's trouble words as a page that could not be shown rather than a change that was not saved.
    static func content(for error: any Error, saving: Bool = true) -> ErrorPageContent {
        // The store's busy, full, read-only or unreachable database, from whichever layer it comes, describes its
        // own page.
        if let trouble = StoreTrouble(error) { return trouble.errorPage(saving: saving) }
        switch error {
        case let error as any DescribedError:
            return error.errorPage
        case let error as ParseError where error.code == .objectNotFound:
            return PageError.notFound.errorPage
        case let error as any HTTPResponseError:
            switch error.status {
            case .notFound, .methodNotAllowed: return PageError.notFound.errorPage
            case .contentTooLarge: return PageError.tooLarge.errorPage
            case .forbidden: return PageError.forbidden(reload: "/").errorPage
            case .conflict: return PageError.conflict.errorPage
            case let status where status.kind == .clientError: return PageError.badRequest("\(error)").errorPage
            default: return .serverFault
            }
        default:
            return .serverFault
        }
    }
}

/// What an error page says, before the header of the person reading it is added.
struct ErrorPageContent: Sendable {
    let status: HTTPResponse.Status
    let heading: Words
    let message: Words
    var linkText = Words("errors.homeLink")
    var linkURL = "/"

    /// The page model with `chrome` as its header, in `chrome`'s language.
    func page(_ chrome: PageChrome) -> ErrorPage {
        ErrorPage(
            page: chrome, heading: heading.text(in: chrome.language), message: message.text(in: chrome.language),
            linkText: linkText.text(in: chrome.language), linkURL: linkURL)
    }

    static let serverFault = ErrorPageContent(
        status: .internalServerError, heading: Words("errors.serverFault.heading"),
        message: Words("errors.serverFault.message"))
}
