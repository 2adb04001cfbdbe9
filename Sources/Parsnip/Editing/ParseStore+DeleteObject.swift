import ParseStore

extension ParseStore {
    /// Deletes one object in its own transaction and returns what it was; nil when there is no such object.
    func deleteObject(_ className: String, objectId: String) async throws -> ParseObject? {
        do {
            return try await write { writer in
                let object = try writer.reader.fetch(className, objectId: objectId)
                try writer.delete(className, objectId: objectId)
                return object
            }
        } catch let error as ParseError where error.code == .objectNotFound {
            return nil
        }
    }
}
