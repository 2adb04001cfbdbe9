import Foundation
import OrderedCollections

/// Include paths as a tree: `["a.b", "c"]` → `a → b`, `c`, so that every prefix of a path is included too.
struct IncludePaths: Equatable {
    /// The fields to expand at this level, each with the paths to expand inside its targets.
    var children: OrderedDictionary<String, IncludePaths> = [:]
    /// `*` at this level: expand every field holding a Pointer or an array with Pointers, one level deep.
    var includesAll = false

    /// Nothing to expand.
    var isEmpty: Bool { children.isEmpty && !includesAll }

    init() {}

    /// The tree of dotted `paths` (empty segments are ignored; entries may also be comma lists).
    init(_ paths: [String]) {
        for entry in paths {
            for path in entry.split(separator: ",") {
                let segments = path.split(separator: ".").map { $0.trimmingCharacters(in: .whitespaces) }
                insert(segments.filter { !$0.isEmpty }[...])
            }
        }
    }

    private mutating func insert(_ segments: ArraySlice<String>) {
        guard let first = segments.first else { return }
        if first == "*" && segments.count == 1 {
            includesAll = true
            return
        }
        children[first, default: IncludePaths()].insert(segments.dropFirst())
    }

    /// The fields to expand in `objects`: the named ones, plus under `*` every field holding a Pointer.
    func fields(in objects: [ParseObject]) -> OrderedDictionary<String, IncludePaths> {
        guard includesAll else { return children }
        var fields = children
        for object in objects {
            for (name, value) in object.fields where fields[name] == nil && value.holdsPointer {
                fields[name] = IncludePaths()
            }
        }
        return fields
    }
}

extension ParseValue {
    /// True for a Pointer, or an array with at least one Pointer.
    var holdsPointer: Bool {
        switch self {
        case .pointer: true
        case .array(let elements): elements.contains { $0.pointerValue != nil }
        default: false
        }
    }
}
