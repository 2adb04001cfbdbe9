/// The words on a list's "Filter" button, which opens the filters on a phone: "Filter", or "Filter (2)" while two
/// filters are on, so a phone shows what narrows the list without opening them.
enum FilterButton {
    /// "Filter" when `active` is 0, else "Filter (2)" in `language`.
    static func title(active: Int, in language: Language) -> String {
        active == 0
            ? language.text("list.filter")
            : language.text("list.filterActive", counts: ["count": active])
    }
}
