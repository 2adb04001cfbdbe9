import PageTemplates

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

    /// The pieces, split by key into shards with a lock each, so that requests rendering rows on many cores at once
    /// rarely wait for each other (a list page looks up 50 rows); each shard holds its share of the budget.
    private let shards: [LockedValue<State>]

    /// A cache holding at most about `byteBudget` bytes of rendered pieces, split over `shards` locks (a cache asked
    /// many times per request wants several; a piece over half a shard's share is not kept).
    init(byteBudget: Int, shards: Int = 1) {
        let count = max(1, shards)
        self.byteBudget = max(2 * count, byteBudget)
        self.shards = (0..<count).map { _ in LockedValue(State()) }
    }

    private var shardBudget: Int { byteBudget / shards.count }

    private func shard(_ key: Key) -> LockedValue<State> {
        shards.count == 1 ? shards[0] : shards[Int(UInt(bitPattern: key.hashValue) % UInt(shards.count))]
    }

    /// The piece rendered for `key`, rendered by `render` the first time.
    func fragment(for key: Key, render: () -> String) -> String {
        let shard = shard(key)
        let budget = shardBudget
        if let kept = shard.withLock({ state in state.find(key, budget: budget) }) {
            return kept
        }
        let rendered = render()
        shard.withLock { state in state.keep(rendered, for: key, budget: budget) }
        return rendered
    }

    /// The piece kept for `key`, if any (for callers whose pieces are made asynchronously).
    func piece(for key: Key) -> String? {
        let budget = shardBudget
        return shard(key).withLock { state in state.find(key, budget: budget) }
    }

    /// Keeps `piece` for `key` (a piece over half a shard's budget is not kept).
    func keep(_ piece: String, for key: Key) {
        let budget = shardBudget
        shard(key).withLock { state in state.keep(piece, for: key, budget: budget) }
    }

    /// How many pieces both generations hold now (for tests).
    var count: Int {
        shards.reduce(0) { total, shard in total + shard.withLock { $0.current.count + $0.previous.count } }
    }
}

/// A piece of HTML rendered already, put into a page as it is (`{{{html}}}`).
struct RenderedFragment: Sendable, TemplateParent {
    let html: String

    func child(named name: String) -> TemplateValue? {
        name == "html" ? .text(html) : nil
    }
}
