/// The keyset-paging rewrite: a bound plus a `$nor` tie-breaker becomes one index-friendly row-value comparison.
extension WhereClause {
    /// Columns that are never NULL, for which `A <= X AND NOT (A = X AND B >= Y)` is exactly `(A, B) < (X, Y)`.
    static let nonNullColumns: Set<String> = ["objectId", "createdAt", "updatedAt"]

    /// This clause with every keyset page condition rewritten into a row-value comparison.
    ///
    /// Pages ask for `{"createdAt": {"$lte": X}, "$nor": [{"createdAt": X, "objectId": {"$gte": Y}}]}`. SQLite
    /// can only use the first half as an index range, then filters every row tied on `createdAt` one by one;
    /// `("createdAt", "objectId") < (X, Y)` starts the index scan exactly at the page boundary instead.
    func rewritingKeysetBounds() -> WhereClause {
        switch self {
        case .all(let children):
            var flat: [WhereClause] = []
            for child in children.map({ $0.rewritingKeysetBounds() }) {
                if case .all(let grandchildren) = child { flat += grandchildren } else { flat.append(child) }
            }
            return .all(Self.combiningKeysetPairs(flat))
        case .any(let children): return .any(children.map { $0.rewritingKeysetBounds() })
        case .none(let children): return .none(children.map { $0.rewritingKeysetBounds() })
        case .field, .relatedTo, .rowValue: return self
        }
    }

    /// Replaces each (bound, `$nor` tie-breaker) pair of one conjunction by its row-value comparison.
    private static func combiningKeysetPairs(_ clauses: [WhereClause]) -> [WhereClause] {
        var result = clauses
        var index = 0
        while index < result.count {
            guard let bound = KeysetBound(result[index]) else {
                index += 1
                continue
            }
            let partner = result.indices.first { other in
                other != index && bound.rowValue(with: result[other]) != nil
            }
            guard let partner, let combined = bound.rowValue(with: result[partner]) else {
                index += 1
                continue
            }
            result[index] = combined
            result.remove(at: partner)
            if partner < index { index -= 1 }
            index += 1
        }
        return result
    }
}

/// `A <= X` or `A >= X` on a never-NULL column: the first half of a keyset page condition.
private struct KeysetBound {
    let field: String
    let op: WhereClause.Comparison
    let value: ParseValue

    init?(_ clause: WhereClause) {
        guard case .field(let path, .compare(let op, let value)) = clause, path.members.isEmpty,
            WhereClause.nonNullColumns.contains(path.root), op == .lessThanOrEqual || op == .greaterThanOrEqual
        else { return nil }
        self.field = path.root
        self.op = op
        self.value = value
    }

    /// The row-value comparison when `clause` is the matching `$nor: [{A: X, B: {op: Y}}]`, else nil.
    func rowValue(with clause: WhereClause) -> WhereClause? {
        guard case .none(let negated) = clause, negated.count == 1, case .all(let pair) = negated[0],
            pair.count == 2
        else { return nil }
        let equalities = pair.filter { $0 == .field(WhereClause.FieldPath(field), .equalTo(value)) }
        guard equalities.count == 1, let other = pair.first(where: { $0 != equalities[0] }),
            case .field(let path, .compare(let tieOperator, let tieValue)) = other, path.members.isEmpty,
            path.root != field, WhereClause.nonNullColumns.contains(path.root)
        else { return nil }
        let combined: WhereClause.Comparison
        switch (op, tieOperator) {
        case (.lessThanOrEqual, .greaterThanOrEqual): combined = .lessThan
        case (.lessThanOrEqual, .greaterThan): combined = .lessThanOrEqual
        case (.greaterThanOrEqual, .lessThanOrEqual): combined = .greaterThan
        case (.greaterThanOrEqual, .lessThan): combined = .greaterThanOrEqual
        default: return nil
        }
        return .rowValue(fields: [field, path.root], combined, [value, tieValue])
    }
}
