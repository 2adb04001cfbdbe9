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
        let content = Self.content(for: error)
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
        let chrome =
            (context as? ParsnipRequestContext).map { PageChrome(title: content.heading, context: $0) }
            ?? PageChrome(title: content.heading)
        return pages.render(content.page(chrome), template: "errors/error", status: content.status)
    }

    /// The status and page of `error`, with the header of a visitor who has not signed in.
    static func page(for error: any Error) -> (status: HTTPResponse.Status, model: ErrorPage) {
        let content = content(for: error)
        return (content.status, content.page(PageChrome(title: content.heading)))
    }

    static func content(for error: any Error) -> ErrorPageContent {
        // The store's busy, full or read-only database, from whichever layer it comes, describes its own page.
        if let trouble = StoreTrouble(error) { return trouble.errorPage }
        switch error {
        case let error as any DescribedError:
            return error.errorPage
        case let error as PageError:
            return content(for: error)
        case let error as AccessRefusal:
            return content(for: error)
        case TodoRepositoryError.notFound, RecipeRepositoryError.notFound:
            return content(for: PageError.notFound)
        case let error as ParseError where error.code == .objectNotFound:
            return content(for: PageError.notFound)
        case let error as any HTTPResponseError:
            switch error.status {
            case .notFound, .methodNotAllowed: return content(for: PageError.notFound)
            case .contentTooLarge: return content(for: PageError.tooLarge)
            case .forbidden: return content(for: PageError.forbidden(reload: "/"))
            case .conflict: return content(for: PageError.conflict)
            case let status where status.kind == .clientError: return content(for: PageError.badRequest("\(error)"))
            default: return .serverFault
            }
        default:
            return .serverFault
        }
    }

    static func content(for error: PageError) -> ErrorPageContent {
        switch error {
        case .notFound:
            ErrorPageContent(
                status: .notFound, heading: "Page not found",
                message: "There is nothing at this address. If you followed a link to a to-do or a recipe, "
                    + "it may have been deleted."
            )
        case .badRequest:
            ErrorPageContent(
                status: .badRequest, heading: "Something was wrong with that request",
                message: "Parsnip could not read what your browser sent. Nothing was saved. Go back and try again."
            )
        case .forbidden(let reload):
            ErrorPageContent(
                status: .forbidden, heading: "This form has expired",
                message: "For your safety, Parsnip only accepts forms it has just shown you. Nothing was saved. "
                    + "Reload the form and fill it in again.",
                linkText: "Reload the form", linkURL: reload
            )
        case .conflict:
            ErrorPageContent(
                status: .conflict, heading: "That change clashes with another",
                message: "Someone changed this at the same time. Nothing was saved. Reload the page and try again."
            )
        case .tooLarge:
            ErrorPageContent(
                status: .contentTooLarge, heading: "That was too much to send",
                message: "Forms can hold up to 256 KB of text. Nothing was saved. Go back, shorten the text "
                    + "and try again."
            )
        }
    }

    static func content(for refusal: AccessRefusal) -> ErrorPageContent {
        switch refusal {
        case .viewerCannotChange(let ownerName):
            let whom = ownerName.map { "\($0), who owns this Parsnip," } ?? "the owner of this Parsnip"
            return ErrorPageContent(
                status: .forbidden, heading: "Your account can look but not change",
                message: "Your account can look at everything but not change it, so nothing was saved. "
                    + "Ask \(whom) to make you an editor if you need to add or change things."
            )
        case .ownersOnly:
            return ErrorPageContent(
                status: .forbidden, heading: "Only the owner can manage people",
                message: "Adding people, changing their roles and resetting passwords is for the owner of this "
                    + "Parsnip. Ask them if someone needs an account or a new password."
            )
        case .signInFirst:
            return ErrorPageContent(
                status: .forbidden, heading: "Sign in to make changes",
                message: "Parsnip only accepts changes from people who have signed in. Nothing was saved. "
                    + "Sign in, then try again.",
                linkText: "Sign in", linkURL: "/sign-in"
            )
        }
    }
}

/// What an error page says, before the header of the person reading it is added.
struct ErrorPageContent: Sendable {
    let status: HTTPResponse.Status
    let heading: String
    let message: String
    var linkText = "Go to the home page"
    var linkURL = "/"

    /// The page model with `chrome` as its header.
    func page(_ chrome: PageChrome) -> ErrorPage {
        ErrorPage(page: chrome, heading: heading, message: message, linkText: linkText, linkURL: linkURL)
    }

    static let serverFault = ErrorPageContent(
        status: .internalServerError, heading: "Something went wrong on our side",
        message: "Parsnip hit a problem it did not expect. What you sent may not have been saved. "
            + "Try again in a moment; if it keeps happening, restart Parsnip."
    )
}
