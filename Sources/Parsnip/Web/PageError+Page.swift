extension PageError: DescribedError {
    var errorPage: ErrorPageContent {
        switch self {
        case .notFound:
            ErrorPageContent(
                status: .notFound, heading: Words("errors.notFound.heading"), message: Words("errors.notFound.message")
            )
        case .badRequest:
            ErrorPageContent(
                status: .badRequest, heading: Words("errors.badRequest.heading"),
                message: Words("errors.badRequest.message")
            )
        case .forbidden(let reload):
            ErrorPageContent(
                status: .forbidden, heading: Words("errors.expired.heading"), message: Words("errors.expired.message"),
                linkText: Words("errors.expired.link"), linkURL: reload
            )
        case .conflict:
            ErrorPageContent(
                status: .conflict, heading: Words("errors.conflict.heading"), message: Words("errors.conflict.message")
            )
        case .tooLarge:
            ErrorPageContent(
                status: .contentTooLarge, heading: Words("errors.tooLarge.heading"),
                message: Words("errors.tooLarge.message")
            )
        }
    }
}
