import ParseStore

/// Who saved a record, kept as Parse would: an `updatedBy` Pointer to the `_User` on every class Parsnip edits.
///
/// Saves set it to the signed-in person, or unset it for a change made without signing in (so an older name is
/// never credited with it). Reads `include` it and turn it into a `ChangeStamp`.
enum ChangeAuthorship {
    /// The field on Todo, Recipe and Book.
    static let field = "updatedBy"
    /// What `include` needs to read the person's name along with the record.
    static let include = [field]

    /// The write to the `updatedBy` field for a save by `user` (nil: nobody signed in).
    static func update(by user: SignedInUser?) -> ParseUpdate {
        guard let user else { return .delete }
        return .set(.pointer(ParsePointer(className: "_User", objectId: user.objectId)))
    }

    /// The stamp of `object`'s latest save: its `updatedBy` person's username (when included and still there)
    /// and its updatedAt.
    static func stamp(of object: ParseObject) -> ChangeStamp {
        var username: String?
        if case .includedObject(let user)? = object.fields[field], case .string(let name)? = user.fields["username"] {
            username = name
        }
        return ChangeStamp(username: username, at: object.updatedAt)
    }
}
