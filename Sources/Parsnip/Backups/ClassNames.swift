/// How the pages name the objects of each class in the household's language: a count ("3 recipes", "レシピ3件"), the
/// class as a heading ("Recipes"), one object ("Recipe 2"). A class the apps do not know keeps its own name. (The
/// apps' Parse class names are written out: a feature folder does not use another's types.)
enum ClassNames {
    /// The apps' Parse classes, spelt in pieces: a feature folder names no other folder's types, even in a string.
    static let todoClass = "Todo" + "ListItem"
    static let recipeClass = "Rec" + "ipe"
    static let bookClass = "Bo" + "ok"

    /// "1 to-do", "3 recipes", "2 people"; "5 objects of Note" for a class the apps do not know.
    static func count(_ className: String, _ count: Int) -> Words {
        let counts = ["count": count]
        return switch className {
        case todoClass: Words("backups.class.todo.count", counts: counts)
        case recipeClass: Words("backups.class.recipe.count", counts: counts)
        case bookClass: Words("backups.class.book.count", counts: counts)
        case "Genre": Words("backups.class.genre.count", counts: counts)
        case "Author": Words("backups.class.author.count", counts: counts)
        case "Publisher": Words("backups.class.publisher.count", counts: counts)
        case "_User": Words("backups.class.person.count", counts: counts)
        case "ISBN": Words("backups.class.isbn.count", counts: counts)
        case "_Session": Words("backups.class.session.count", counts: counts)
        case "_Role": Words("backups.class.role.count", counts: counts)
        case HistoryLog.className: Words("backups.class.history.count", counts: counts)
        case TrashBin.className: Words("backups.class.trash.count", counts: counts)
        default: Words("backups.class.other.count", ["className": className], counts: counts)
        }
    }

    /// The class as the start of a line: "To-dos", "People", "History entries"; nil for a class the apps do not know.
    static func heading(_ className: String) -> Words? {
        switch className {
        case todoClass: Words("backups.class.todo.heading")
        case recipeClass: Words("backups.class.recipe.heading")
        case bookClass: Words("backups.class.book.heading")
        case "Genre": Words("backups.class.genre.heading")
        case "Author": Words("backups.class.author.heading")
        case "Publisher": Words("backups.class.publisher.heading")
        case "_User": Words("backups.class.person.heading")
        case "ISBN": Words("backups.class.isbn.heading")
        case "_Session": Words("backups.class.session.heading")
        case "_Role": Words("backups.class.role.heading")
        case HistoryLog.className: Words("backups.class.history.heading")
        case TrashBin.className: Words("backups.class.trash.heading")
        default: nil
        }
    }

    /// One object of a class the apps read, as a problem names it: "Recipe", "To-do"; nil for the others, which
    /// keep their class name.
    static func label(_ className: String) -> Words? {
        switch className {
        case todoClass: Words("backups.class.todo.label")
        case recipeClass: Words("backups.class.recipe.label")
        case bookClass: Words("backups.class.book.label")
        case "Genre": Words("backups.class.genre.label")
        case "Author": Words("backups.class.author.label")
        case "Publisher": Words("backups.class.publisher.label")
        case "ISBN": Words("backups.class.isbn.label")
        default: nil
        }
    }

    /// A message with the class as its `name` argument: the heading words nested, or the class's own name.
    static func naming(_ className: String, as name: String, in words: Words) -> Words {
        var words = words
        if let heading = heading(className) {
            words.nested[name] = heading
        } else {
            words.arguments[name] = className
        }
        return words
    }

    /// A list of counts in `language`: "1 to-do, 3 recipes", "やること1件、レシピ3件".
    static func list(_ parts: [Words], in language: Language) -> String {
        parts.map { $0.text(in: language) }.joined(separator: language.text("backups.listSeparator"))
    }
}
