extension TodoRepositoryError {
    /// Gone records show the not-found page: the link was to something deleted meanwhile.
    var errorPage: ErrorPageContent { PageError.notFound.errorPage }
}
