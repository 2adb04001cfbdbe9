extension AccessRefusal: DescribedError {
    var errorPage: ErrorPageContent {
        switch self {
        case .viewerCannotChange(let ownerName):
            let whom = ownerName.map { "\($0), who owns this Parsnip," } ?? "the owner of this Parsnip"
            return ErrorPageContent(
                status: .forbidden, heading: "Your account can look but not change",
                message: "Your account can look at everything but not change it, so nothing was saved. "
                    + "Ask \(whom) to make you an editor if you need to add or change things."
            )
        case .ownersOnly:
            return ErrorPageContent(
                status: .forbidden, heading: "Only the owner can do this",
                message: "Adding people, changing their roles, resetting passwords and deleting things from the "
                    + "trash for good are for the owner of this Parsnip. Ask them if you need one of these done."
            )
        case .signInFirst:
            return ErrorPageContent(
                status: .forbidden, heading: "Sign in to make changes",
                message: "Parsnip only accepts changes from people who have signed in. Nothing was saved. "
                    + "Sign in, then try again.",
                linkText: "Sign in", linkURL: "/sign-in"
            )
        }
    }
}
