import Foundation

extension ParseFieldType {
    /// The type a value gives a field on first write; nil for `.null`, which never creates a field.
    init?(of value: ParseValue) {
        switch value {
        case .string: self = .string
        case .number: self = .number
        case .boolean: self = .boolean
        case .date: self = .date
        case .array: self = .array
        case .object: self = .object
        case .pointer(let pointer): self = .pointer(targetClass: pointer.className)
        case .includedObject(let object): self = .pointer(targetClass: object.className)
        case .relation(let className): self = .relation(targetClass: className)
        case .geoPoint: self = .geoPoint
        case .file: self = .file
        case .bytes: self = .bytes
        case .polygon: self = .polygon
        case .null: return nil
        }
    }

    /// `value` encoded for this field's column: text, a number, a truth, a date, JSON or a Pointer's objectId.
    ///
    /// - Throws: `ParseError` 111 when the value is not of this type, or the type has no column (Relation, ACL).
    func sqlValue(for value: ParseValue) throws -> SQLValue {
        switch (self, value) {
        case (_, .null): return .null
        case (.string, .string(let text)): return text.sqlValue
        case (.number, .number(let number)): return number.sqlValue
        case (.boolean, .boolean(let flag)): return .boolean(flag)
        case (.date, .date(let date)): return .date(date)
        case (.array, .array), (.object, .object), (.geoPoint, .geoPoint), (.bytes, .bytes), (.polygon, .polygon):
            return .json(ParseJSON.encode(value))
        case (.file, .file(let name, _)):
            return .json(ParseJSON.encode(.file(name: name, url: nil)))
        case (.pointer, .pointer(let pointer)): return pointer.objectId.sqlValue
        case (.pointer, .includedObject(let object)): return object.objectId.sqlValue
        default:
            let got = ParseFieldType(of: value)?.displayName ?? "null"
            throw ParseError(.incorrectType, "expected \(displayName) but got \(got)")
        }
    }

    /// The value stored in this field's column, or nil for NULL (an unset field).
    ///
    /// - Parameters:
    ///   - databaseValue: the column's content.
    ///   - field: the field name (for error messages).
    ///   - schema: the class the column belongs to (for error messages).
    /// - Throws: `ParseError` 1 when the stored content does not decode as this type.
    func parseValue(from databaseValue: SQLValue, field: String, schema: ParseClassSchema) throws -> ParseValue? {
        if case .relation(let target) = self { return .relation(className: target) }
        switch databaseValue {
        case .null:
            return nil
        case .integer(let integer):
            switch self {
            case .number: return .number(Double(integer))
            case .boolean: return .boolean(integer != 0)
            default: break
            }
        case .real(let number):
            switch self {
            case .number: return .number(number)
            case .boolean: return .boolean(number != 0)
            default: break
            }
        case .boolean(let flag):
            if self == .boolean { return .boolean(flag) }
        case .date(let date):
            if self == .date { return .date(date) }
        case .text(let text), .json(let text):
            switch self {
            case .string: return .string(text)
            case .date:
                if let date = ParseDateFormat.date(from: text) { return .date(date) }
            case .pointer(let target): return .pointer(ParsePointer(className: target, objectId: text))
            case .array, .object, .geoPoint, .file, .bytes, .polygon:
                if let value = try? ParseJSON.decode(text), value.fits(self) { return value }
                // Parse Server's Postgres adapter keeps a File as its name alone, in a `text` column.
                if self == .file, case .text = databaseValue, !text.isEmpty, !text.hasPrefix("{") {
                    return .file(name: text, url: nil)
                }
            default: break
            }
        case .textArray(let items):
            // Parse Server's Postgres adapter keeps an Array whose schema says it holds Strings in a `text[]`.
            if self == .array { return .array(items.map(ParseValue.string)) }
        case .blob:
            break
        }
        throw ParseError(
            .internalServerError, "The stored value of \(schema.className).\(field) is not a valid \(displayName).")
    }
}

extension ParseValue {
    /// True when this value is of `type` (the shape check behind column decoding).
    func fits(_ type: ParseFieldType) -> Bool {
        guard let own = ParseFieldType(of: self) else { return false }
        switch (own, type) {
        case (.pointer, .pointer), (.relation, .relation): return true
        default: return own == type
        }
    }
}
