import HTTPTypes
import Hummingbird

/// Picks the language the pages speak to each visitor: the one they chose (the `parsnip_lang` cookie), else the
/// best match of their browser's `Accept-Language`, else the household's as the owner saved it, else `--language`.
/// (`SessionMiddleware` then puts a signed-in person's own choice before the browser's.)
struct LanguageMiddleware: RouterMiddleware {
    typealias Context = ParsnipRequestContext

    /// `--language`, for a browser that asks for none of Parsnip's languages in a household that saved none.
    let householdDefault: Language
    /// The household's language as the owner saved it on the People page (kept in memory once read); nil when
    /// none was saved, or the database is too busy to say.
    let savedHouseholdLanguage: @Sendable () async -> Language?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var context = context
        if let chosen = LanguageChoice.cookieLanguage(request.headers)
            ?? Language.preferred(acceptLanguage: request.headers[.acceptLanguage])
        {
            context.language = chosen
        } else {
            context.language = await savedHouseholdLanguage() ?? householdDefault
        }
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
