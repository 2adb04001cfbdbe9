import Foundation
import Hummingbird
import PageTemplates

/// The page templates, loaded and checked once at start-up, and the one way pages become responses.
struct Pages: Sendable {
    /// Every template the app renders or includes; a missing one stops the start.
    static let requiredTemplates = [
        "layout", "home", "errors/error",
        "todos/index", "todos/new", "todos/edit", "todos/delete",
        "partials/error-summary", "partials/todo-fields",
        "recipes/index", "recipes/show", "recipes/new", "recipes/edit", "recipes/delete",
        "partials/recipe-editor", "partials/recipe-summary", "partials/recipe-steps",
        "partials/recipe-ingredient-row", "partials/recipe-side-row", "partials/recipe-nutrition-row",
        "partials/recipe-editor-steps", "partials/recipe-leave-dialog", "unsaved-changes",
        "books/index", "books/show", "books/new", "books/edit", "books/delete",
        "partials/book-form", "partials/book-new-entry", "partials/book-entry-picker",
        "catalogue/index", "catalogue/show", "catalogue/delete", "catalogue/merge", "partials/numbered-pages",
        "conflict",
        "accounts/setup", "accounts/sign-in", "accounts/sign-out", "accounts/people", "accounts/password",
        "accounts/remove", "accounts/field", "accounts/own-password", "accounts/resubmit", "todos/show",
        "partials/todo-row", "history/index", "apps/index", "trash/index", "trash/confirm", "trash/refused",
        "backups/index", "backups/restore", "backups/delete", "backups/progress", "backups/import",
    ]

    /// The templates once per language, each with its words in place (`TemplateWords`).
    private let libraries: [Language: TemplateLibrary]
    /// Renders each page a second way and compares (the tests' reference Mustache renderer); nil when running.
    private let check: (any RenderCheck)?

    /// Loads every `.mustache` file under `directory`, and the catalogues beside it.
    ///
    /// - Throws: `StartupError` naming the directory, the missing template or the broken line.
    init(directory: String, pseudoLanguage: Bool = false, check: (any RenderCheck)? = nil) async throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw StartupError("The templates folder \(directory) does not exist.")
        }
        let sources = try TemplateWords.sources(in: directory)
        for name in Self.requiredTemplates where sources[name] == nil {
            throw StartupError("The template \(directory)/\(name).mustache is missing.")
        }
        // A broken template is named as written, before any words are put in.
        _ = try TemplateWords.library(sources, directory: directory) { source in source }
        // The pages' words in every language sit beside the templates.
        let catalogues = try Catalogues(
            directory: Catalogues.directory(besideTemplates: directory), pseudoEnglish: pseudoLanguage)
        Catalogues.use(catalogues)
        var libraries: [Language: TemplateLibrary] = [:]
        for language in Language.allCases {
            let filled = sources.mapValues { TemplateWords.filled($0, in: language, from: catalogues) }
            libraries[language] = try TemplateWords.library(filled, directory: directory) { source in source }
            check?.load(filled, for: language)
        }
        self.libraries = libraries
        self.check = check
    }

    /// Renders `model` with the template `name` into an HTML response.
    func render(_ model: some Sendable, template name: String, status: HTTPResponse.Status = .ok) -> Response {
        Self.htmlResponse(renderBody(model, template: name), status: status)
    }

    /// Renders `model` with the template `name` into the bytes of a page, in the language of the model's
    /// `page` (its `PageChrome`), else the request's.
    func renderBody(_ model: some Sendable, template name: String) -> ByteBuffer {
        let value = TemplateValue(reflecting: model) ?? .fields([])
        var language = PageLanguage.current
        if case .parent(let chrome as PageChrome) = value.child(named: "page") { language = chrome.language }
        return ByteBuffer(bytes: render(value, name, in: language))
    }

    /// Renders `model` with the template `name` into a piece of a page (a partial rendered on its own) in
    /// `language`.
    func renderFragment(_ model: some Sendable, template name: String, in language: Language) -> String {
        String(decoding: render(TemplateValue(reflecting: model) ?? .fields([]), name, in: language), as: UTF8.self)
    }

    private func render(_ value: TemplateValue, _ name: String, in language: Language) -> [UInt8] {
        // Every name was checked at start-up, so an empty page here cannot happen.
        let library = libraries[language] ?? libraries[.en]
        let bytes = library?.render(value, template: name) ?? []
        check?.compare(bytes, template: name, value: value, in: language)
        return bytes
    }

    static func htmlResponse(_ body: ByteBuffer, status: HTTPResponse.Status) -> Response {
        var headers = HTTPFields()
        headers.reserveCapacity(8)
        headers[.contentType] = "text/html; charset=utf-8"
        // Pages carry CSRF tokens and one-time messages: never replay them from a cache.
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: .init(byteBuffer: body))
    }
}

/// A problem that stops Parsnip from starting, in one plain sentence.
public struct StartupError: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
