import XCTest

@testable import Parsnip

/// The C allocator accepts Parsnip's limit of one heap a core (found by name, since Swift's Glibc module has no
/// `mallopt`).
final class MemoryArenasTests: XCTestCase {
    func testTheAllocatorTakesTheLimitOfOneHeapACore() {
        #if canImport(Glibc)
            XCTAssertTrue(MemoryArenas.limitToOneACore(), "mallopt was not found or refused M_ARENA_MAX")
        #endif
    }
}
