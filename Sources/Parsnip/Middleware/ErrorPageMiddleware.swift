import Hummingbird
import Logging
import ParseStore

/// Turns every error into an HTML page in plain words: 404, 400, 403, 409, 413, and 500 for anything else.
///
/// The real error of a 500 goes to the log; the page never shows internals.
struct ErrorPageMiddleware<Context: RequestContext>: RouterMiddleware {
    let pages: Pages

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch {
            return response(for: error, request: request, logger: context.logger)
        }
    }

    func response(for error: any Error, request: Request, logger: Logger) -> Response {
        let page = Self.page(for: error)
        switch page.status.kind {
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
                metadata: ["status": "\(page.status.code)", "path": "\(request.uri.path)", "error": "\(error)"]
            )
        }
        return pages.render(page.model, template: "errors/error", status: page.status)
    }

    static func page(for error: any Error) -> (status: HTTPResponse.Status, model: ErrorPage) {
        switch error {
        case let error as PageError:
            return page(for: error)
        case TodoRepositoryError.notFound, RecipeRepositoryError.notFound:
            return page(for: PageError.notFound)
        case let error as ParseError where error.code == .objectNotFound:
            return page(for: PageError.notFound)
        case let error as any HTTPResponseError:
            switch error.status {
            case .notFound, .methodNotAllowed: return page(for: PageError.notFound)
            case .contentTooLarge: return page(for: PageError.tooLarge)
            case .forbidden: return page(for: PageError.forbidden(reload: "/"))
            case .conflict: return page(for: PageError.conflict)
            case let status where status.kind == .clientError: return page(for: PageError.badRequest("\(error)"))
            default: return serverFault
            }
        default:
            return serverFault
        }
    }

    static func page(for error: PageError) -> (status: HTTPResponse.Status, model: ErrorPage) {
        switch error {
        case .notFound:
            return (
                .notFound,
                ErrorPage(
                    page: PageChrome(title: "Page not found"), heading: "Page not found",
                    message: "There is nothing at this address. If you followed a link to a to-do or a recipe, "
                        + "it may have been deleted.",
                    linkText: "Go to the home page", linkURL: "/"
                )
            )
        case .badRequest:
            return (
                .badRequest,
                ErrorPage(
                    page: PageChrome(title: "Something was wrong with that request"),
                    heading: "Something was wrong with that request",
                    message: "Parsnip could not read what your browser sent. Nothing was saved. "
                        + "Go back and try again.",
                    linkText: "Go to the home page", linkURL: "/"
                )
            )
        case .forbidden(let reload):
            return (
                .forbidden,
                ErrorPage(
                    page: PageChrome(title: "This form has expired"), heading: "This form has expired",
                    message: "For your safety, Parsnip only accepts forms it has just shown you. Nothing was saved. "
                        + "Reload the form and fill it in again.",
                    linkText: "Reload the form", linkURL: reload
                )
            )
        case .notAllowed:
            return (
                .forbidden,
                ErrorPage(
                    page: PageChrome(title: "Your account cannot change things"),
                    heading: "Your account cannot change things",
                    message: "Your account can look at everything here but not change it. Nothing was saved. "
                        + "If you need to make changes, ask the owner of this Parsnip to make you an editor.",
                    linkText: "Go to the home page", linkURL: "/"
                )
            )
        case .conflict:
            return (
                .conflict,
                ErrorPage(
                    page: PageChrome(title: "That change clashes with another"),
                    heading: "That change clashes with another",
                    message: "Someone changed this at the same time. Nothing was saved. Reload the page and try again.",
                    linkText: "Go to the home page", linkURL: "/"
                )
            )
        case .tooLarge:
            return (
                .contentTooLarge,
                ErrorPage(
                    page: PageChrome(title: "That was too much to send"), heading: "That was too much to send",
                    message: "Forms can hold up to 256 KB of text. Nothing was saved. Go back, shorten the text "
                        + "and try again.",
                    linkText: "Go to the home page", linkURL: "/"
                )
            )
        }
    }

    static var serverFault: (status: HTTPResponse.Status, model: ErrorPage) {
        (
            .internalServerError,
            ErrorPage(
                page: PageChrome(title: "Something went wrong on our side"),
                heading: "Something went wrong on our side",
                message: "Parsnip hit a problem it did not expect. What you sent may not have been saved. "
                    + "Try again in a moment; if it keeps happening, restart Parsnip.",
                linkText: "Go to the home page", linkURL: "/"
            )
        )
    }
}
