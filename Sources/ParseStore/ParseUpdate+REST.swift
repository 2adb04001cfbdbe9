extension ParseUpdate {
    /// The update a REST body gives one field: a plain value sets it; `{"__op": …}` is one of Parse's operators
    /// (`Increment`, `Add`, `AddUnique`, `Remove`, `Delete`, `AddRelation`, `RemoveRelation`, and `Batch` of
    /// relation operators on one field).
    ///
    /// ```swift
    /// let likes = try ParseUpdate(rest: ["__op": "Increment", "amount": 1])   // .increment(1)
    /// ```
    /// - Returns: one update per operation: a `Batch` gives several, every other value one.
    /// - Throws: `ParseError` 107 when `amount` is not a number or `objects` not an array; 111 when a relation
    ///   operator names something other than Pointers; 108 for an operator Parse does not have.
    public static func fromREST(_ value: ParseValue) throws -> [ParseUpdate] {
        guard case .object(let members) = value, case .string(let op)? = members["__op"] else { return [.set(value)] }
        func objects() throws -> [ParseValue] {
            guard case .array(let items)? = members["objects"] else {
                throw ParseError(.invalidJSON, "objects to \(op) must be an array")
            }
            return items
        }
        func pointers() throws -> [ParsePointer] {
            try objects().map { item in
                guard case .pointer(let pointer) = item else {
                    throw ParseError(.incorrectType, "\(op) needs Pointers to objects, not \(ParseJSON.encode(item))")
                }
                return pointer
            }
        }
        switch op {
        case "Increment":
            guard case .number(let amount)? = members["amount"] else {
                throw ParseError(.invalidJSON, "Increment amount must be a number")
            }
            return [.increment(amount)]
        case "Add": return [.add(try objects())]
        case "AddUnique": return [.addUnique(try objects())]
        case "Remove": return [.remove(try objects())]
        case "Delete": return [.delete]
        case "AddRelation": return [.addRelation(try pointers())]
        case "RemoveRelation": return [.removeRelation(try pointers())]
        case "Batch":
            guard case .array(let ops)? = members["ops"] else {
                throw ParseError(.invalidJSON, "ops of a Batch must be an array")
            }
            return try ops.flatMap { item -> [ParseUpdate] in
                let updates = try fromREST(item)
                guard updates.allSatisfy({ $0.isRelationOperation }) else {
                    throw ParseError(.commandUnavailable, "A Batch may hold only AddRelation and RemoveRelation")
                }
                return updates
            }
        default:
            throw ParseError(.commandUnavailable, "The operation \(op) is not supported")
        }
    }

    /// True for `AddRelation` and `RemoveRelation`.
    var isRelationOperation: Bool {
        switch self {
        case .addRelation, .removeRelation: true
        default: false
        }
    }
}
