/// A book's stars (`rating`, a whole Number 1–5; none when not rated): read from the form and said in words.
enum BookRating {
    /// The stars a rating may have.
    static let range = 1...5

    /// The stars of a form's radio value "1"…"5"; nil for anything else.
    static func stars(_ text: String) -> Int? {
        guard let stars = Int(text), range.contains(stars), String(stars) == text else { return nil }
        return stars
    }

    /// "★★★★☆": the stars drawn, for the eye (the words go beside them for screen readers).
    static func drawn(_ stars: Int) -> String {
        String(repeating: "★", count: stars) + String(repeating: "☆", count: max(0, range.upperBound - stars))
    }

    /// "4 stars out of 5", "1 star out of 5".
    static func words(_ stars: Int, in language: Language) -> String {
        language.text("books.rating.outOfFive", counts: ["stars": stars])
    }
}
