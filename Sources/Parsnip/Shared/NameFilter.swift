import Foundation

/// Finds names by what a person types: every typed word, in any order, somewhere in the name, ignoring case and
/// accents ("le guin" finds "Ursula K. Le Guin", "bronte" finds "Charlotte Brontë").
struct NameFilter: Sendable, Hashable {
    /// The typed words, folded.
    let words: [String]

    /// A filter for `typed`; one with no words matches every name.
    init(_ typed: String) {
        words = Self.fold(typed).split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    /// True when no word was typed.
    var isEmpty: Bool { words.isEmpty }

    /// True when `name` holds every typed word.
    func matches(_ name: String) -> Bool {
        guard !words.isEmpty else { return true }
        let folded = Self.fold(name)
        return words.allSatisfy { folded.contains($0) }
    }

    /// Lower case without accents.
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
