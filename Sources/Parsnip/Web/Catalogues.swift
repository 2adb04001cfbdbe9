import Foundation

/// The words of the pages in every language: one catalogue per language, the folder `Locales/<language>/` beside the
/// templates, one file per part of Parsnip (`todos.json`, `recipes.json` …) — each a flat JSON object from key
/// ("nav.todos") to an ICU MessageFormat message; a key in two files of one language stops the start. A key a catalogue lacks
/// falls back to English (the catalogue tests keep that from happening).
///
/// Loaded once at start; a catalogue that cannot be read, or a message that is not MessageFormat, stops the start.
///
/// A class, made once: every page reads it, and reading it costs one reference, not a copy of its dictionaries.
final class Catalogues: Sendable {
    /// Messages by language, then key.
    private let messages: [Language: [String: MessageFormat]]
    /// Each language's argument-free messages (English's where a language lacks one), by key: what the templates'
    /// `{{page.t.<key>}}` become when they are loaded (`TemplateWords`).
    private let plain: [Language: [String: String]]
    /// The `js.` messages of each language as one JSON object, for the script (the script says them with `say`).
    private let scriptWords: [Language: String]

    /// The catalogues the running Parsnip loaded (`Pages` loads them at start); English-only empty ones before.
    static var current: Catalogues { loaded.withLock { $0 } ?? empty }
    private static let loaded = LockedValue<Catalogues?>(nil)
    private static let empty = Catalogues(messages: [:], plain: [:])

    /// Makes `catalogues` the ones every page reads.
    static func use(_ catalogues: Catalogues) { loaded.withLock { $0 = catalogues } }

    /// True once a Parsnip (or a command that says record rules' messages) has loaded the catalogues.
    static var isLoaded: Bool { loaded.withLock { $0 != nil } }

    private init(
        messages: [Language: [String: MessageFormat]], plain: [Language: [String: String]],
        script: [Language: [String: String]] = [:]
    ) {
        self.messages = messages
        var merged: [Language: [String: String]] = [:]
        for language in Language.allCases {
            merged[language] = (plain[.en] ?? [:]).merging(plain[language] ?? [:]) { $1 }
        }
        self.plain = merged
        self.scriptWords = Self.scriptWords(script)
    }

    /// Each language's `js.` messages as a JSON object that is safe inside `<script>` (no `<` at all). They are
    /// kept as written: the script fills `{name}` itself and has no plurals.
    private static func scriptWords(_ plain: [Language: [String: String]]) -> [Language: String] {
        var words: [Language: String] = [:]
        for language in Language.allCases {
            let english = (plain[.en] ?? [:]).filter { $0.key.hasPrefix("js.") }
            let own = (plain[language] ?? [:]).filter { $0.key.hasPrefix("js.") }
            let merged = english.merging(own) { $1 }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let json = (try? encoder.encode(merged)).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
            words[language] = json.replacingOccurrences(of: "<", with: "\\u003c")
        }
        return words
    }

    /// The script's messages in `language` as JSON (layout.mustache puts them in `#parsnip-words`).
    func scriptWords(for language: Language) -> String { scriptWords[language] ?? "{}" }

    /// Reads every language's catalogue from `directory`; with `pseudoEnglish`, English is the pseudo-language
    /// (`PseudoLanguage`).
    convenience init(directory: String, pseudoEnglish: Bool = false) throws {
        var messages: [Language: [String: MessageFormat]] = [:]
        var plain: [Language: [String: String]] = [:]
        var script: [Language: [String: String]] = [:]
        for language in Language.allCases {
            for (path, texts) in try Self.files(of: language, in: directory) {
                for (key, written) in texts {
                    let text = pseudoEnglish && language == .en ? PseudoLanguage.lengthened(written) : written
                    guard messages[language]?[key] == nil else {
                        throw StartupError("The message \(key) is in two files of \(directory)/\(language.rawValue)")
                    }
                    do {
                        let message = try MessageFormat(text)
                        messages[language, default: [:]][key] = message
                        if key.hasPrefix("js.") { script[language, default: [:]][key] = text }
                        if message.argumentNames.isEmpty {
                            plain[language, default: [:]][key] = message.format([:], language: language)
                        }
                    } catch {
                        throw StartupError("The message \(key) of \(path) is broken: \(error)")
                    }
                }
            }
        }
        self.init(messages: messages, plain: plain, script: script)
    }

    /// Every `.json` file of `language`'s folder, read, by path.
    private static func files(of language: Language, in directory: String) throws -> [(String, [String: String])] {
        let folder = "\(directory)/\(language.rawValue)"
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
                .sorted()
        } catch {
            throw StartupError("The catalogue folder \(folder) cannot be read: \(error)")
        }
        return try names.map { name in
            let path = "\(folder)/\(name)"
            do {
                return (
                    path,
                    try JSONDecoder().decode([String: String].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
                )
            } catch {
                throw StartupError("The catalogue \(path) cannot be read: \(error)")
            }
        }
    }

    /// The folder of catalogues beside the templates folder `templates` ("…/Templates" → "…/Locales").
    static func directory(besideTemplates templates: String) -> String {
        URL(fileURLWithPath: templates).deletingLastPathComponent().appendingPathComponent("Locales").path
    }

    /// Every key of `language`'s catalogue.
    func keys(of language: Language) -> Set<String> { Set(messages[language]?.keys ?? [:].keys) }

    /// The message `key` of `language`, or English's.
    func message(_ key: String, in language: Language) -> MessageFormat? {
        messages[language]?[key] ?? messages[.en]?[key]
    }

    /// The message `key` in `language` with `arguments` (text) and `counts` (numbers) filled in; the key itself
    /// when no catalogue has it.
    func text(_ key: String, in language: Language, _ arguments: [String: String] = [:], counts: [String: Int] = [:])
        -> String
    {
        guard let message = message(key, in: language) else { return key }
        return message.format(
            arguments, counts: counts, language: language, number: { LocalFormats.whole($0, in: language) })
    }

    /// The message `key` of `language` (or English's) when it has no arguments: what a template's
    /// `{{page.t.<key>}}` shows. Nil for a key no catalogue has, or one that needs arguments.
    func plainText(_ key: String, in language: Language) -> String? {
        plain[language]?[key]
    }
}

/// A message to be said in a language not yet known where it is made (a form's problem, a rule's refusal): its
/// key and arguments; `text(in:)` says it. The catalogue test finds its key as `Words("key"`.
struct Words: Sendable, Hashable {
    let key: String
    var arguments: [String: String] = [:]
    var counts: [String: Int] = [:]
    /// Arguments that are messages themselves, said in the same language: "{reason}. Nothing was changed."
    var nested: [String: Words] = [:]

    init(
        _ key: String, _ arguments: [String: String] = [:], counts: [String: Int] = [:], nested: [String: Words] = [:]
    ) {
        self.key = key
        self.arguments = arguments
        self.counts = counts
        self.nested = nested
    }

    /// The message in `language`.
    func text(in language: Language) -> String {
        var all = arguments
        for (name, words) in nested { all[name] = words.text(in: language) }
        return Catalogues.current.text(key, in: language, all, counts: counts)
    }
}

extension Language {
    /// The message `key` in this language with `arguments` and `counts` filled in:
    /// `context.language.text("todos.deleted", ["title": title])`.
    func text(_ key: String, _ arguments: [String: String] = [:], counts: [String: Int] = [:]) -> String {
        Catalogues.current.text(key, in: self, arguments, counts: counts)
    }
}

/// English made strange on purpose, to test the pages: each message wrapped in ⟦ ⟧ and lengthened by 40% with
/// words of tildes inside the brackets, so a word that did not come through the catalogues shows without brackets and a label
/// that does not fit its box overflows. Its arguments and plural branches are kept, so it still fills in.
enum PseudoLanguage {
    static func lengthened(_ message: String) -> String {
        // Words of four tildes, as breakable as a real language's words.
        let extra = max(1, (message.count * 2 + 4) / 5)
        let padding = (0..<max(1, extra / 5)).map { _ in "~~~~" }.joined(separator: " ")
        return "⟦" + message + " " + padding + "⟧"
    }
}
