import Hummingbird

/// The per-request state of the Parse REST API: none of the pages' cookies, forms or CSRF tokens, only where the
/// request came from.
struct ParseAPIContext: ChildRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The address the request came from (this computer's own addresses are not throttled as addresses).
    var remoteAddress: String?

    init(context: ParsnipRequestContext) {
        self.coreContext = .init(source: context)
        self.remoteAddress = context.remoteAddress
    }

    /// A file upload may be as large as a recipe photo the pages take; JSON bodies are held to less by the API.
    var maxUploadSize: Int { APIBody.maximumFileBytes }
}
