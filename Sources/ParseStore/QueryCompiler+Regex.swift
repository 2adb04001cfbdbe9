/// `$regex` as SQL: literal patterns become string comparisons, others call the registered regex function.
extension QueryCompiler {
    /// The condition that the text `expression` matches `pattern`.
    ///
    /// - Throws: 102 when the pattern is not a valid regular expression.
    func regexCondition(on expression: String, _ pattern: WhereClause.Pattern) throws -> SQLCondition {
        if let literal = WhereClause.LiteralPattern(pattern) {
            return literalCondition(on: expression, literal, caseInsensitive: pattern.options.contains("i"))
        }
        _ = try StoreFunctions.regularExpression(pattern.pattern, options: pattern.options)
        return SQLCondition(
            "\(StoreFunctions.regexpName)(?, ?, \(expression))",
            [pattern.pattern.sqlValue, pattern.options.sqlValue])
    }

    /// Fixed text, anchored or not, compared without a regex engine.
    ///
    /// Case-sensitive: `instr`/`substr`/`=`. Case-insensitive ASCII text: `LIKE` (whose folding is ASCII-only,
    /// which is exactly enough then). Other case-insensitive text: both sides folded by `parse_lower`, Swift's
    /// `lowercased()`, so that "ÉCOLE" matches "école".
    private func literalCondition(on expression: String, _ literal: WhereClause.LiteralPattern, caseInsensitive: Bool)
        -> SQLCondition
    {
        if caseInsensitive && literal.text.unicodeScalars.allSatisfy(\.isASCII) {
            var like = Self.escapedForLike(literal.text)
            if !literal.anchoredAtStart { like = "%" + like }
            if !literal.anchoredAtEnd { like += "%" }
            // SQLite's LIKE ignores ASCII case; PostgreSQL's ILIKE does.
            let likeOperator = db.dialect == .sqlite ? "LIKE" : "ILIKE"
            return SQLCondition("\(expression) \(likeOperator) ? ESCAPE '\\'", [like.sqlValue])
        }
        let subject = caseInsensitive ? "\(StoreFunctions.lowerName)(\(expression))" : expression
        let text = caseInsensitive ? literal.text.lowercased() : literal.text
        let length = text.unicodeScalars.count
        switch (literal.anchoredAtStart, literal.anchoredAtEnd) {
        case (true, true):
            return SQLCondition("\(subject) = ?", [text.sqlValue])
        case _ where length == 0:
            return SQLCondition("\(expression) IS NOT NULL")
        case (true, false):
            return SQLCondition("substr(\(subject), 1, \(length)) = ?", [text.sqlValue])
        case (false, true):
            let ending = db.dialect == .sqlite ? "substr(\(subject), -\(length))" : "right(\(subject), \(length))"
            return SQLCondition("(length(\(subject)) >= \(length) AND \(ending) = ?)", [text.sqlValue])
        case (false, false):
            let position = db.dialect == .sqlite ? "instr" : "strpos"
            return SQLCondition("\(position)(\(subject), ?) > 0", [text.sqlValue])
        }
    }

    /// `text` with `\`, `%` and `_` escaped for `LIKE … ESCAPE '\'`.
    static func escapedForLike(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "\\" || character == "%" || character == "_" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
