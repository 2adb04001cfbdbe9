import Mustache

/// Pieces of pages already rendered (a list's rows), found by everything they are rendered from.
///
/// swift-mustache spends most of a list page on its rows: every `{{name}}` is found and shown through several
/// dynamic casts, about 90 µs a row. A row's key holds every value its template reads (the record's fields as
/// shown, the visitor's rights, the form token's stand-in, the way back), so the same key always renders the same
/// HTML: a piece is never stale and no write has to empty the cache, and a record that changes simply gets a new
/// key. Memory is bounded by two generations: new pieces go into the current one; when it holds half the budget it
/// becomes the previous one and the one before is dropped, and a piece found in the previous generation moves back
/// into the current one — so the pieces in use stay and the rest age out.
final class FragmentCache<Key: Hashable & Sendable>: Sendable {
    /// The most bytes of rendered pieces kept (both generations together).
    let byteBudget: Int

    private struct State {
        var current: [Key: String] = [:]
        var currentBytes = 0
        var previous: [Key: String] = [:]

        mutating func find(_ key: Key, budget: Int) -> String? {
            if let kept = current[key] { return kept }
            guard let kept = previous.removeValue(forKey: key) else { return nil }
            keep(kept, for: key, budget: budget)
            return kept
        }

        mutating func keep(_ piece: String, for key: Key, budget: Int) {
            let size = piece.utf8.count
            guard size <= budget / 2, current[key] == nil else { return }
            if currentBytes + size > budget / 2 {
                previous = current
                current = [:]
                currentBytes = 0
            }
            current[key] = piece
            currentBytes += size
        }
    }

    private let state = LockedValue(State())

    /// A cache holding at most about `byteBudget` bytes of rendered pieces.
    init(byteBudget: Int) {
        self.byteBudget = max(2, byteBudget)
    }

    /// The piece rendered for `key`, rendered by `render` the first time.
    func fragment(for key: Key, render: () -> String) -> String {
        if let kept = state.withLock({ state in state.find(key, budget: byteBudget) }) {
            return kept
        }
        let rendered = render()
        state.withLock { state in state.keep(rendered, for: key, budget: byteBudget) }
        return rendered
    }

    /// The piece kept for `key`, if any (for callers whose pieces are made asynchronously).
    func piece(for key: Key) -> String? {
        state.withLock { state in state.find(key, budget: byteBudget) }
    }

    /// Keeps `piece` for `key` (a piece over half the budget is not kept).
    func keep(_ piece: String, for key: Key) {
        state.withLock { state in state.keep(piece, for: key, budget: byteBudget) }
    }

    /// How many pieces both generations hold now (for tests).
    var count: Int { state.withLock { $0.current.count + $0.previous.count } }
}

/// A piece of HTML rendered already, put into a page as it is (`{{{html}}}`).
struct RenderedFragment: Sendable, MustacheParent {
    let html: String

    func child(named name: String) -> Any? {
        name == "html" ? html : nil
    }
}
