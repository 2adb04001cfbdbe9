extension AccessRefusal: DescribedError {
    var errorPage: ErrorPageContent {
        switch self {
        case .viewerCannotChange(let ownerName):
            return ErrorPageContent(
                status: .forbidden, heading: Words("errors.viewer.heading"),
                message: ownerName.map { Words("errors.viewer.messageNamed", ["owner": $0]) }
                    ?? Words("errors.viewer.message"))
        case .ownersOnly:
            return ErrorPageContent(
                status: .forbidden, heading: Words("errors.ownersOnly.heading"),
                message: Words("errors.ownersOnly.message"))
        case .signInFirst:
            return ErrorPageContent(
                status: .forbidden, heading: Words("errors.signInFirst.heading"),
                message: Words("errors.signInFirst.message"), linkText: Words("errors.signInFirst.link"),
                linkURL: "/sign-in")
        }
    }
}
