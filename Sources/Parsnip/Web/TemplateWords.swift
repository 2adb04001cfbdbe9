import Foundation
import PageTemplates

/// Each language's own copy of the templates, its words already in place.
///
/// A template names its words by key, `{{page.t.todos.add.button}}`. Those words are the same on every page of a
/// language, so they are put in when the templates load — once per language, escaped as Mustache escapes
/// (`{{{page.t.key}}}` unescaped) — rather than looked up on every render: a page in Japanese costs what a page in
/// English costs, and what each costs is what a template with the words written in it would. A key no catalogue
/// has (or one whose message needs arguments) is left as written; the catalogue test keeps that from happening.
enum TemplateWords {
    /// Every `.mustache` file under `directory`, by name ("todos/index"), as written.
    static func sources(in directory: String) throws -> [String: String] {
        let folder = directory.hasSuffix("/") ? directory : directory + "/"
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [:] }
        var sources: [String: String] = [:]
        for case let path as String in walker where path.hasSuffix(".mustache") {
            do {
                sources[String(path.dropLast(".mustache".count))] = try String(
                    contentsOfFile: folder + path, encoding: .utf8)
            } catch {
                throw StartupError("The template \(folder)\(path) cannot be read: \(error)")
            }
        }
        return sources
    }

    /// `source` with every `{{page.t.<key>}}` replaced by the key's message in `language`.
    static func filled(_ source: String, in language: Language, from catalogues: Catalogues) -> String {
        source.replacing(reference) { match in
            let (_, open, key, close) = match.output
            guard let text = catalogues.plainText(String(key), in: language), open.count == close.count else {
                return String(match.output.0)
            }
            return open.isEmpty ? escaped(text) : braceSafe(text)
        }
    }

    /// A word's reference in a template: `{{page.t.key}}` or `{{{page.t.key}}}`.
    nonisolated(unsafe) private static let reference = /\{\{(\{?)page\.t\.([A-Za-z0-9_.]+)\}\}(\}?)/

    /// `text` escaped as `{{…}}` escapes it, its braces too.
    static func escaped(_ text: String) -> String {
        braceSafe(HTMLEscaping.escaped(text))
    }

    /// `text` with its braces written as character references, so no message can open a Mustache tag.
    private static func braceSafe(_ text: String) -> String {
        guard text.contains(where: { $0 == "{" || $0 == "}" }) else { return text }
        return text.replacingOccurrences(of: "{", with: "&#123;").replacingOccurrences(of: "}", with: "&#125;")
    }

    /// The templates of `sources`, each first made ready by `prepare` (its words put in), parsed.
    ///
    /// - Throws: `StartupError` naming the template and where it is broken.
    static func library(_ sources: [String: String], directory: String, prepare: (String) -> String) throws
        -> TemplateLibrary
    {
        do {
            return try TemplateLibrary(sources: sources.mapValues(prepare))
        } catch {
            if let syntax = error.syntax {
                throw StartupError(
                    "The template \(directory)/\(error.template).mustache is broken at line \(syntax.line), "
                        + "column \(syntax.column): \(syntax.problem)")
            }
            throw StartupError(
                "The template \(directory)/\(error.template).mustache includes "
                    + "\(error.missingPartial ?? ""), which is not in \(directory).")
        }
    }
}
