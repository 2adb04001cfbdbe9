import HTTPTypes
import Hummingbird

/// Picks the language the pages speak to each visitor: the one they chose (the `parsnip_lang` cookie), else the
/// best match of their browser's `Accept-Language`, else the household's default.
struct LanguageMiddleware: RouterMiddleware {
    typealias Context = ParsnipRequestContext

    /// The household's default (`--language`), for a browser that asks for none of Parsnip's languages.
    let householdDefault: Language

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var context = context
        context.language =
            LanguageChoice.cookieLanguage(request.headers)
            ?? Language.preferred(acceptLanguage: request.headers[.acceptLanguage]) ?? householdDefault
        return try await PageLanguage.$current.withValue(context.language) { try await next(request, context) }
    }
}

/// The language of the page being made, for code far from the request (a record rule's refusal, an error page):
/// set by `LanguageMiddleware`, and again by `PageLanguageMiddleware` once the signed-in person's own is known.
enum PageLanguage {
    @TaskLocal static var current = Language.en
}

/// Makes `PageLanguage.current` the request's language as the session settled it (a person's account language).
struct PageLanguageMiddleware: RouterMiddleware {
    typealias Context = ParsnipRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        try await PageLanguage.$current.withValue(context.language) { try await next(request, context) }
    }
}

extension LanguageChoice {
    static let cookieName = "parsnip_lang"

    /// The language a visitor chose on the page, kept in their cookie; nil when they chose none.
    static func cookieLanguage(_ headers: HTTPFields) -> Language? {
        CookieHeader.value(named: cookieName, in: headers).flatMap { Language(rawValue: String($0)) }
    }

    /// The cookie that keeps `language` for a year.
    static func cookie(_ language: Language) -> String {
        "\(cookieName)=\(language.rawValue); Path=/; SameSite=Lax; Max-Age=31536000"
    }
}
