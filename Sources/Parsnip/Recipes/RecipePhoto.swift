/// A recipe's photo in the editor and on the pages: its form fields and where it is served. What a photo may be, its
/// kept name and the words for a refused file are every photo's (`PhotoUpload`).
enum RecipePhoto {
    /// The largest photo kept: 5 MB.
    static let maximumBytes = PhotoUpload.maximumBytes
    /// The editor's form field of the chosen photo, the field of its small version, the field naming the photo
    /// the form holds, and the "Remove the photo" checkbox.
    static let fileField = "photoFile"
    static let previewField = "photoPreview"
    static let nameField = "photo"
    static let removeField = "photoRemove"
    /// The path photos are served under: `/photos/<name>`, and `/photos/<name>/small` for the list's version.
    static let pathPrefix = "/photos/"

    /// Where the pages find the photo called `name`, or its small version.
    static func url(_ name: String, small: Bool = false) -> String {
        pathPrefix + name + (small ? "/small" : "")
    }
}
