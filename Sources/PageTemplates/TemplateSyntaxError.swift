/// Why a template cannot be read, and where: a 1-based line and column (in characters).
public struct TemplateSyntaxError: Error, Sendable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    /// The problem in plain words ("the section “items” is never closed").
    public let problem: String

    public var description: String { "line \(line), column \(column): \(problem)" }
}
