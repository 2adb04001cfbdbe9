/// A book's cover photo on the form and the pages: its form fields and where it is served. What a photo may be, its
/// kept name and the words for a refused file are every photo's (`PhotoUpload`).
enum BookCover {
    /// The form's file box, the field of its small version (made by the page's script), the hidden field naming
    /// the cover the form holds, and the "Remove the cover" checkbox.
    static let fileField = "coverFile"
    static let previewField = "coverPreview"
    static let nameField = "cover"
    static let removeField = "coverRemove"
    /// The path covers are served under: `/covers/<name>`, and `/covers/<name>/small` for the list's version.
    static let pathPrefix = "/covers/"

    /// Where the pages find the cover called `name`, or its small version.
    static func url(_ name: String, small: Bool = false) -> String {
        pathPrefix + name + (small ? "/small" : "")
    }
}
