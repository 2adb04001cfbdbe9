/// One catalogue message in ICU MessageFormat, the subset Parsnip's catalogues use: text, `{name}` arguments,
/// `{count, plural, =0 {…} one {# to-do} other {# to-dos}}` (`#` is the count, written the language's way) and
/// `{kind, select, genre {…} other {…}}`; `''` is an apostrophe and `'{'` a literal brace.
///
/// Written by hand: no maintained Swift library for MessageFormat resolves here, and this subset is small.
struct MessageFormat: Sendable, Hashable {
    /// One piece of a message.
    indirect enum Part: Sendable, Hashable {
        case text(String)
        case argument(String)
        /// `#` inside a plural branch.
        case count
        case plural(String, exact: [Int: [Part]], branches: [String: [Part]])
        case select(String, branches: [String: [Part]])
    }

    /// Why a message cannot be read, with where.
    struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        let description: String
    }

    let parts: [Part]

    /// Reads `text`.
    ///
    /// - Throws: `Problem` for an unclosed brace, an unknown argument type, or a plural or select without `other`.
    init(_ text: String) throws {
        var reader = Reader(Array(text.unicodeScalars))
        parts = try reader.parts(inPlural: false)
        guard reader.atEnd else { throw Problem(description: "an unmatched } in “\(text)”") }
    }

    /// The message with `arguments` filled in; a plural picks its branch by `language`'s rules, and `#` is the count
    /// written by `number`. A missing argument is left as its name in braces, so it shows rather than vanishes.
    func format(
        _ arguments: [String: String], counts: [String: Int] = [:], language: Language,
        number: (Int) -> String = { String($0) }
    ) -> String {
        var output = ""
        Self.write(parts, into: &output, count: nil, arguments, counts, language, number)
        return output
    }

    /// Every argument the message names (placeholders, plural and select names), for the catalogue tests.
    var argumentNames: Set<String> {
        var names: Set<String> = []
        func walk(_ parts: [Part]) {
            for part in parts {
                switch part {
                case .argument(let name): names.insert(name)
                case .plural(let name, let exact, let branches):
                    names.insert(name)
                    exact.values.forEach(walk)
                    branches.values.forEach(walk)
                case .select(let name, let branches):
                    names.insert(name)
                    branches.values.forEach(walk)
                case .text, .count: break
                }
            }
        }
        walk(parts)
        return names
    }

    /// The categories of every plural in the message, by argument.
    var pluralBranches: [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        func walk(_ parts: [Part]) {
            for part in parts {
                switch part {
                case .plural(let name, let exact, let branches):
                    found[name, default: []].formUnion(branches.keys)
                    exact.values.forEach(walk)
                    branches.values.forEach(walk)
                case .select(_, let branches): branches.values.forEach(walk)
                case .text, .argument, .count: break
                }
            }
        }
        walk(parts)
        return found
    }

    private static func write(
        _ parts: [Part], into output: inout String, count: Int?, _ arguments: [String: String],
        _ counts: [String: Int], _ language: Language, _ number: (Int) -> String
    ) {
        for part in parts {
            switch part {
            case .text(let text): output += text
            case .count: output += count.map(number) ?? "#"
            case .argument(let name):
                output += arguments[name] ?? counts[name].map(number) ?? "{\(name)}"
            case .plural(let name, let exact, let branches):
                let value = counts[name] ?? Int(arguments[name] ?? "") ?? 0
                let chosen =
                    exact[value] ?? branches[language.pluralCategory(value).rawValue] ?? branches["other"] ?? []
                write(chosen, into: &output, count: value, arguments, counts, language, number)
            case .select(let name, let branches):
                let chosen = branches[arguments[name] ?? ""] ?? branches["other"] ?? []
                write(chosen, into: &output, count: count, arguments, counts, language, number)
            }
        }
    }

    /// Reads parts from the scalars of one message.
    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var atEnd: Bool { index >= scalars.count }

        mutating func parts(inPlural: Bool) throws -> [Part] {
            var parts: [Part] = []
            var text = ""
            func flush() {
                if !text.isEmpty { parts.append(.text(text)) }
                text = ""
            }
            while index < scalars.count {
                let scalar = scalars[index]
                switch scalar {
                case "'":
                    index += 1
                    if index < scalars.count, scalars[index] == "'" {
                        text.unicodeScalars.append("'")
                        index += 1
                    } else if index < scalars.count, scalars[index] == "{" || scalars[index] == "}" {
                        while index < scalars.count, scalars[index] != "'" {
                            text.unicodeScalars.append(scalars[index])
                            index += 1
                        }
                        index += 1
                    } else {
                        text.unicodeScalars.append("'")
                    }
                case "}":
                    flush()
                    return parts
                case "#" where inPlural:
                    flush()
                    parts.append(.count)
                    index += 1
                case "{":
                    flush()
                    index += 1
                    parts.append(try placeholder())
                default:
                    text.unicodeScalars.append(scalar)
                    index += 1
                }
            }
            flush()
            return parts
        }

        /// After a `{`: `name}`, `name, plural, …}` or `name, select, …}`.
        mutating func placeholder() throws -> Part {
            let name = word()
            skipSpaces()
            if take("}") { return .argument(name) }
            guard take(",") else { throw Problem(description: "a { without its } after “\(name)”") }
            skipSpaces()
            let type = word()
            skipSpaces()
            guard take(",") else { throw Problem(description: "“\(name), \(type)” without its branches") }
            var exact: [Int: [Part]] = [:]
            var branches: [String: [Part]] = [:]
            while true {
                skipSpaces()
                if take("}") { break }
                let key = word()
                guard !key.isEmpty else { throw Problem(description: "a branch without a name in “\(name)”") }
                skipSpaces()
                guard take("{") else { throw Problem(description: "the branch “\(key)” of “\(name)” has no text") }
                let branch = try parts(inPlural: type == "plural")
                guard take("}") else { throw Problem(description: "the branch “\(key)” of “\(name)” is not closed") }
                if key.hasPrefix("="), let value = Int(key.dropFirst()) {
                    exact[value] = branch
                } else {
                    branches[key] = branch
                }
            }
            guard branches["other"] != nil else { throw Problem(description: "“\(name)” has no “other” branch") }
            switch type {
            case "plural": return .plural(name, exact: exact, branches: branches)
            case "select": return .select(name, branches: branches)
            default: throw Problem(description: "“\(type)” is not plural or select")
            }
        }

        mutating func word() -> String {
            var word = ""
            while index < scalars.count, !" ,{}\t\n".unicodeScalars.contains(scalars[index]) {
                word.unicodeScalars.append(scalars[index])
                index += 1
            }
            return word
        }

        mutating func skipSpaces() {
            while index < scalars.count, scalars[index] == " " || scalars[index] == "\n" || scalars[index] == "\t" {
                index += 1
            }
        }

        mutating func take(_ scalar: Unicode.Scalar) -> Bool {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
            return true
        }
    }
}
