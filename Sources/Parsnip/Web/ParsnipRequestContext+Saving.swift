import Hummingbird

// One shape for every form that writes: the handler says how to save and how its page looks again, and this decides
// when store trouble turns the one into the other — so no handler repeats the catch, and a new form gets it by
// writing its save this way.
extension ParsnipRequestContext {
    /// Runs a form's `save`; when the database cannot take the change (busy, full, read-only), answers instead with
    /// `showAgain` — the page the form was on, with everything as the person sent it (typed values, hidden edit
    /// versions and merge bases) — under the trouble's notice and status, so pressing the button again retries.
    ///
    /// - Parameters:
    ///   - save: the write and the answer to a successful one (usually 303, or the form with problems).
    ///   - showAgain: renders the form or confirmation page from the context it is given, which carries the notice.
    /// - Throws: whatever `save` throws that is not store trouble, and whatever `showAgain` throws.
    func saving(
        _ save: () async throws -> Response,
        orShowingAgain showAgain: (ParsnipRequestContext) async throws -> Response
    ) async throws -> Response {
        do {
            return try await save()
        } catch {
            guard let trouble = StoreTrouble(error) else { throw error }
            logger.warning(
                "A change was not saved", metadata: ["trouble": "\(trouble)", "error": "\(String(reflecting: error))"])
            var context = self
            context.storeTrouble = trouble
            context.flash = nil
            var response = try await showAgain(context)
            response.status = trouble.status
            return response
        }
    }
}
