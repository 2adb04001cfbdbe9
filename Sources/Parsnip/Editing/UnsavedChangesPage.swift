/// The question asked when someone leaves an edit form that holds changes not saved: save them and go on, discard
/// them and go on, or stay — everything typed carried along in hidden fields, so no answer loses it.
struct UnsavedChangesPage: Sendable {
    /// One hidden field replaying what the person typed.
    struct Hidden: Sendable {
        let name: String
        let value: String
    }

    let page: PageChrome
    /// "You have changes to “Soup” that are not saved".
    let heading: String
    /// "You changed Name and Ingredients."
    let changedLine: String
    /// "saves them, then opens “Pancakes”."
    let saveHint: String
    /// "throws them away, then opens “Pancakes”."
    let discardHint: String
    /// "takes you back to “Soup” with everything you typed."
    let stayHint: String
    /// Where the form posts unless a button says otherwise: this question again, so a stray submission neither
    /// saves nor drops anything.
    let action: String
    let csrfToken: String
    let hiddenFields: [Hidden]
    /// Where "Save changes" posts: the form's own save, which then goes on where the person was going.
    let saveAction: String
    /// The name and value "Save changes" sends to tell the save where to go on to.
    let targetField: String
    let target: String
    /// Where "Stay" posts: the form shown again with everything typed.
    let stayAction: String
    /// Where "Discard changes" goes: where the person was going.
    let discardURL: String

    /// The question for a form posted to `action` on its way to `target`, replaying `form` (minus its token, the
    /// target and `excluding`).
    ///
    /// - Parameters:
    ///   - thing: what the record is called in a sentence: "recipe".
    ///   - name: the record's name, or nil when it has none yet ("this recipe" is said instead).
    ///   - changedLabels: the labels of the fields that differ from what the form was loaded with, in the
    ///     request's language.
    ///   - destination: what going on does, in the request's language, completing "then …": "opens “Pancakes”"
    ///     (es "abre «Pancakes»", fr "ouvre « Pancakes »", ko "‘Pancakes’을(를) 엽니다", ja "「Pancakes」を開きます";
    ///     a clause without a full stop).
    ///   - targetField: the posted name that carries `target` to the save, which goes on there.
    init(
        thing: String, name: String?, changedLabels: [String], destination: String, action: String,
        target: String, targetField: String, form: FormFields, saveAction: String, stayAction: String,
        context: ParsnipRequestContext, excluding: Set<String> = []
    ) {
        let language = context.language
        let kind = ReadOnlyRecord.kind(of: thing)
        page = PageChrome(
            title: language.text("editing.unsaved.title"), context: context, inTodos: thing == "to-do",
            inRecipes: thing == "recipe", inBooks: thing == "book")
        if let name {
            heading = language.text("editing.unsaved.heading", ["name": name])
            stayHint = language.text("editing.unsaved.stayHint", ["name": name])
        } else {
            heading = language.text("editing.unsaved.headingUnnamed", ["kind": kind])
            stayHint = language.text("editing.unsaved.stayHintUnnamed", ["kind": kind])
        }
        changedLine = language.text("editing.unsaved.changed", ["fields": language.list(changedLabels)])
        saveHint = language.text("editing.unsaved.saveHint", ["destination": destination])
        discardHint = language.text("editing.unsaved.discardHint", ["destination": destination])
        self.action = action
        csrfToken = context.csrfToken
        hiddenFields = form.allPairs.filter { pair in
            pair.name != CSRFMiddleware.fieldName && pair.name != targetField && !excluding.contains(pair.name)
        }.map { Hidden(name: $0.name, value: $0.value) }
        self.saveAction = saveAction
        self.targetField = targetField
        self.target = target
        self.stayAction = stayAction
        discardURL = target
    }
}
