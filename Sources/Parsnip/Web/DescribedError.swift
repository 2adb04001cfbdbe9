/// An error that says for itself what its page shows: status, heading and message in plain words.
///
/// `ErrorPageMiddleware` renders any of them without knowing the feature they come from.
protocol DescribedError: Error {
    /// The page this error shows.
    var errorPage: ErrorPageContent { get }
}
