/// What a write does to one field: set a value, or one of Parse's `__op` operators.
public enum ParseUpdate: Sendable, Hashable {
    /// Store this value; `.null` unsets the field (and never creates it).
    case set(ParseValue)
    /// `Increment`: add `amount` atomically (a missing field counts as 0).
    case increment(Double)
    /// `Add`: append every item, keeping order and duplicates.
    case add([ParseValue])
    /// `AddUnique`: append the items not already present.
    case addUnique([ParseValue])
    /// `Remove`: remove every occurrence of each item.
    case remove([ParseValue])
    /// `Delete`: unset the field.
    case delete
    /// `AddRelation`: add join rows from this object to each target (idempotent).
    case addRelation([ParsePointer])
    /// `RemoveRelation`: remove those join rows (absent rows are ignored).
    case removeRelation([ParsePointer])
}
