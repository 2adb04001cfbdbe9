extension ParsnipRequestContext {
    /// The `:id` of the matched route when it is an objectId Parsnip could have made; any other text is a page that
    /// does not exist.
    func routeObjectId() throws(PageError) -> String {
        guard let id = parameters.get("id"), ObjectIdentifierText.isValid(id) else { throw .notFound }
        return id
    }
}
