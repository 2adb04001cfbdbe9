import Foundation
import GRDB

// TEMPORARY STUB — replaced by the store-core work.
final class StoreContext: Sendable {
    let clock: any ParseClock
    let schemas = SchemaCache()
    init(clock: any ParseClock) { self.clock = clock }
    func prepare(_ db: Database) throws {}
}

// TEMPORARY STUB — replaced by the store-core work.
final class SchemaCache: Sendable {
    func schema(_ className: String, in db: Database) throws -> ParseClassSchema? { nil }
    func invalidate() {}
}

extension ParseReader {
    // TEMPORARY STUB — replaced by the store-core work.
    public func fetch(_ className: String, objectId: String, include: [String] = []) throws -> ParseObject {
        throw ParseError.objectNotFound
    }
}

extension ParseWriter {
    // TEMPORARY STUB — replaced by the store-core work.
    @discardableResult
    public func create(_ className: String, _ values: [String: ParseValue]) throws -> ParseObject {
        throw ParseError(.internalServerError, "not yet")
    }
    // TEMPORARY STUB — replaced by the store-core work.
    @discardableResult
    public func create(_ className: String, operations: [String: ParseUpdate]) throws -> ParseObject {
        throw ParseError(.internalServerError, "not yet")
    }
    // TEMPORARY STUB — replaced by the store-core work.
    @discardableResult
    public func update(_ className: String, objectId: String, _ values: [String: ParseValue]) throws -> ParseObject {
        throw ParseError(.internalServerError, "not yet")
    }
    // TEMPORARY STUB — replaced by the store-core work.
    @discardableResult
    public func update(_ className: String, objectId: String, operations: [String: ParseUpdate]) throws -> ParseObject {
        throw ParseError(.internalServerError, "not yet")
    }
    // TEMPORARY STUB — replaced by the store-core work.
    public func delete(_ className: String, objectId: String) throws {
        throw ParseError(.internalServerError, "not yet")
    }
}
