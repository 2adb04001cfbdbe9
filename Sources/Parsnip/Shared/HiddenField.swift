/// A name and value a form sends along unseen (the list a recipe page was opened from, a carried form's fields).
struct HiddenField: Sendable {
    let name: String
    let value: String
}
