import Foundation
import PostgresNIO

/// Reads a text-like array (`text[]`, `varchar[]`, …) from PostgreSQL's binary form.
enum PostgresTextArray {
    /// `.textArray` for a one-dimensional array without NULLs (or an empty one); the array's text form
    /// (`{a,NULL,"b c"}`) as `.text` for any other; nil when the bytes are not an array.
    static func value(_ bytes: inout ByteBuffer) -> SQLValue? {
        guard let dimensionCount = bytes.readInteger(as: Int32.self), (0...6).contains(dimensionCount),
            bytes.readInteger(as: Int32.self) != nil, bytes.readInteger(as: UInt32.self) != nil
        else { return nil }
        var lengths: [Int] = []
        for _ in 0..<dimensionCount {
            guard let length = bytes.readInteger(as: Int32.self), length >= 0, bytes.readInteger(as: Int32.self) != nil
            else { return nil }
            lengths.append(Int(length))
        }
        var elements: [String?] = []
        let count = lengths.isEmpty ? 0 : lengths.reduce(1, *)
        for _ in 0..<count {
            guard let length = bytes.readInteger(as: Int32.self) else { return nil }
            if length < 0 {
                elements.append(nil)
            } else {
                guard let text = bytes.readString(length: Int(length)) else { return nil }
                elements.append(text)
            }
        }
        if lengths.count <= 1, !elements.contains(nil) { return .textArray(elements.map { $0 ?? "" }) }
        var remaining = elements[...]
        return .text(textForm(lengths[...], &remaining))
    }

    /// The text form of the elements of dimensions `lengths`, taken from the front of `elements`.
    private static func textForm(_ lengths: ArraySlice<Int>, _ elements: inout ArraySlice<String?>) -> String {
        guard let length = lengths.first else { return quoted(elements.popFirst() ?? nil) }
        let parts = (0..<length).map { _ in textForm(lengths.dropFirst(), &elements) }
        return "{" + parts.joined(separator: ",") + "}"
    }

    /// One element as PostgreSQL writes it in an array: `NULL`, bare, or in double quotes with `"` and `\` escaped.
    private static func quoted(_ element: String?) -> String {
        guard let element else { return "NULL" }
        let special: Set<Character> = ["{", "}", ",", "\"", "\\", " ", "\t", "\n", "\r"]
        let needsQuotes = element.isEmpty || element.uppercased() == "NULL" || element.contains { special.contains($0) }
        guard needsQuotes else { return element }
        let escaped = element.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"" + escaped + "\""
    }
}
