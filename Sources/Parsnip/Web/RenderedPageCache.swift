import Hummingbird

/// The list pages' cache: rendered page bytes by query string.
typealias RenderedPageCache = PageCache<ByteBuffer>

/// Pages already rendered at the repository's current revision, reused until the next write.
///
/// Rendering 50 rows through swift-mustache costs about a millisecond; most list requests repeat the page
/// the previous one rendered, so a hit turns the request into a dictionary lookup. Entries are keyed by the
/// query string (or path) and dropped all at once when the revision moves, so a page never outlives the data
/// it shows. Memory is bounded twice: by a number of pages and by their bytes; past either bound, pages picked at
/// random make room (random, not oldest: a reader walking through more pages than fit in order would otherwise
/// miss on every request).
final class PageCache<Page: CacheablePage>: Sendable {
    /// The most pages kept for one revision.
    let capacity: Int
    /// The most bytes of pages kept for one revision.
    let byteBudget: Int

    private struct State {
        var revision = -1
        var pages: [String: Page] = [:]
        var bytes = 0
    }

    /// The pages split by key over shards with a lock each, so requests on many cores rarely wait for each other;
    /// each shard keeps its share of the capacity and the bytes, and follows the revision on its own.
    private let shards: [LockedValue<State>]

    /// A cache of at most `capacity` pages and `byteBudget` bytes of them, split over `shards` locks.
    init(capacity: Int = 64, byteBudget: Int = 4 << 20, shards: Int = 1) {
        let count = max(1, min(shards, capacity))
        self.capacity = max(1, capacity)
        self.byteBudget = max(1, byteBudget)
        self.shards = (0..<count).map { _ in LockedValue(State()) }
    }

    private func shard(_ key: String) -> LockedValue<State> {
        shards.count == 1 ? shards[0] : shards[Int(UInt(bitPattern: key.hashValue) % UInt(shards.count))]
    }

    /// The page rendered for `key` at `revision`, if there is one.
    func page(for key: String, revision: Int) -> Page? {
        shard(key).withLock { state in
            state.revision == revision ? state.pages[key] : nil
        }
    }

    /// Keeps `page` for `key`, unless a newer revision has been seen meanwhile.
    func store(_ page: Page, for key: String, revision: Int) {
        let capacity = max(1, self.capacity / shards.count)
        let byteBudget = max(1, self.byteBudget / shards.count)
        shard(key).withLock { state in
            if revision > state.revision {
                state = State(revision: revision, pages: [:])
            }
            guard revision == state.revision, page.byteCount <= byteBudget else { return }
            if let old = state.pages.removeValue(forKey: key) { state.bytes -= old.byteCount }
            while state.pages.count >= capacity || state.bytes + page.byteCount > byteBudget,
                let victim = state.pages.randomElement()
            {
                state.pages.removeValue(forKey: victim.key)
                state.bytes -= victim.value.byteCount
            }
            state.pages[key] = page
            state.bytes += page.byteCount
        }
    }

    /// How many pages and bytes the cache holds now (for tests).
    var usage: (pages: Int, bytes: Int) {
        shards.reduce((0, 0)) { total, shard in
            shard.withLock { (total.0 + $0.pages.count, total.1 + $0.bytes) }
        }
    }
}

/// A page the cache can hold: it knows its size.
protocol CacheablePage: Sendable {
    /// The bytes the page occupies.
    var byteCount: Int { get }
}

extension ByteBuffer: CacheablePage {
    var byteCount: Int { readableBytes }
}

extension PageCache where Page == ByteBuffer {
    /// A list page for `request`, kept per visitor variant and query string (see `listPage(for:context:revision:render:)`
    /// with a key).
    func listPage(
        for request: Request, context: ParsnipRequestContext, revision: Int,
        render: () async throws -> ByteBuffer
    ) async throws -> Response {
        try await listPage(
            for: context.cacheVariant + (request.uri.query ?? ""), context: context, revision: revision, render: render)
    }

    /// A list page kept under `key` (the visitor's cache variant and the query string): the one rendered for it at
    /// `revision`, or else `render`'s, kept for the next request. A page carrying a one-time message is rendered for
    /// its visitor alone.
    ///
    /// - Parameter revision: read by the caller before the data, so a page stored under it is never older than it.
    func listPage(
        for key: String, context: ParsnipRequestContext, revision: Int, render: () async throws -> ByteBuffer
    ) async throws -> Response {
        guard context.flash == nil else { return Pages.htmlResponse(try await render(), status: .ok) }
        if let body = page(for: key, revision: revision) { return Pages.htmlResponse(body, status: .ok) }
        let body = try await render()
        store(body, for: key, revision: revision)
        return Pages.htmlResponse(body, status: .ok)
    }
}
