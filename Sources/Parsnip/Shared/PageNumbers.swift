/// Numbered list pages, the same in every app.
enum PageNumbers {
    /// The highest page number accepted in a URL.
    static let maximumPage = 1_000_000
}
