import Hummingbird

/// List pages already rendered at the repository's current revision, reused until the next write.
///
/// Rendering 50 rows through swift-mustache costs about a millisecond; most list requests repeat the page
/// the previous one rendered, so a hit turns the request into a dictionary lookup. Entries are keyed by the
/// query string and dropped all at once when the revision moves, so a page never outlives the data it shows.
final class RenderedPageCache: Sendable {
    /// The most pages kept for one revision (each is tens of kilobytes).
    static let capacity = 64

    private struct State {
        var revision = -1
        var pages: [String: ByteBuffer] = [:]
    }

    private let state = LockedValue(State())

    /// The page rendered for `key` at `revision`, if there is one.
    func page(for key: String, revision: Int) -> ByteBuffer? {
        state.withLock { state in
            state.revision == revision ? state.pages[key] : nil
        }
    }

    /// Keeps `page` for `key`, unless a newer revision has been seen meanwhile.
    func store(_ page: ByteBuffer, for key: String, revision: Int) {
        state.withLock { state in
            if revision > state.revision {
                state = State(revision: revision, pages: [:])
            }
            guard revision == state.revision else { return }
            if state.pages.count >= Self.capacity { state.pages.removeAll(keepingCapacity: true) }
            state.pages[key] = page
        }
    }
}
