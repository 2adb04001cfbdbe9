/// A form's photo field (a recipe's photo, a book's cover): the photo the form holds (shown small, with "Remove"),
/// and its problem.
struct EditorPhoto: Sendable {
    /// The kept photo's name, sent back in a hidden field; empty for none.
    let name: String
    /// The photo's small version, shown beside the field; nil without a photo.
    let smallURL: String?
    /// The name the person's own file had, e.g. "Pancakes.jpg".
    let shownName: String
    /// "The photo now: Pancakes.jpg", under the small photo.
    let caption: String
    let error: String?
    /// The ids of the hint and the error, for `aria-describedby`.
    let describedBy: String
}
