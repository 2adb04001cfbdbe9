extension PageError: DescribedError {
    var errorPage: ErrorPageContent {
        switch self {
        case .notFound:
            ErrorPageContent(
                status: .notFound, heading: "Page not found",
                message: "There is nothing at this address. If you followed a link to a to-do, a recipe or a "
                    + "book, it may have been deleted."
            )
        case .badRequest:
            ErrorPageContent(
                status: .badRequest, heading: "Something was wrong with that request",
                message: "Parsnip could not read what your browser sent. Nothing was saved. Go back and try again."
            )
        case .forbidden(let reload):
            ErrorPageContent(
                status: .forbidden, heading: "This form has expired",
                message: "For your safety, Parsnip only accepts forms it has just shown you. Nothing was saved. "
                    + "Reload the form and fill it in again.",
                linkText: "Reload the form", linkURL: reload
            )
        case .conflict:
            ErrorPageContent(
                status: .conflict, heading: "That change clashes with another",
                message: "Someone changed this at the same time. Nothing was saved. Reload the page and try again."
            )
        case .tooLarge:
            ErrorPageContent(
                status: .contentTooLarge, heading: "That was too much to send",
                message: "Forms can hold up to 256 KB of text. Nothing was saved. Go back, shorten the text "
                    + "and try again."
            )
        }
    }
}
