/// What a copy from one store into another carried, part by part, each part checked on both sides.
public struct StoreCopyReport: Sendable, Hashable {
    /// One class (objects), the kept files or the server settings, as copied and checked.
    public struct Part: Sendable, Hashable {
        /// The class's name; `_Files` for the files, `_ServerSettings` for the settings.
        public var name: String
        /// Objects (files, settings) in it.
        public var rows: Int
        /// SHA-256, in hex, over its schema document, its rows written as canonical JSON in objectId order and its
        /// Relation rows: the same on both sides, whichever database each is (see `StoreChecksum`).
        public var checksum: String
    }

    /// Every part copied, classes by name first, then the files, then the settings when they were copied.
    public var parts: [Part]

    /// Objects per class (files and settings left out).
    public var objectCounts: [String: Int] {
        var counts: [String: Int] = [:]
        for part in parts where !StoreCopier.storeTables.contains(part.name) { counts[part.name] = part.rows }
        return counts
    }
}

/// Why a copy from one store into another was refused; nothing was written to the destination.
public enum StoreCopyRefusal: StoreBodyRefusal, Sendable, Hashable {
    /// The destination holds objects already (class → objects) and the copy was not asked to replace them.
    case destinationHoldsData([String: Int])
    /// What the destination held after the copy differs from the source in this part (a class, `_Files` or
    /// `_ServerSettings`): the copy was rolled back.
    case mismatch(String)
    /// The source and the destination are one store.
    case sameStore
    /// The source holds no Parse store (no `_SCHEMA` table).
    case notAStore

    /// The refusal in one plain sentence.
    public var message: String {
        switch self {
        case .destinationHoldsData(let counts):
            let total = counts.values.reduce(0, +)
            return "The destination already holds \(total) object\(total == 1 ? "" : "s") "
                + "(\(counts.keys.sorted().joined(separator: ", "))); nothing was copied."
        case .mismatch(let part):
            return "The copy of \(part) did not match the original, so nothing was copied."
        case .sameStore:
            return "The source and the destination are the same database; nothing was copied."
        case .notAStore:
            return "The source holds no Parsnip data; nothing was copied."
        }
    }
}
