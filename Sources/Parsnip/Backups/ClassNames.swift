/// The kind of record a class holds, as the pages name it; the composition root gives each class the apps keep its
/// kind (`ClassWords.kind`), so this folder names no other folder's classes.
enum ClassKind: String, Sendable, Hashable, CaseIterable {
    case todo, recipe, book, genre, author, publisher, person, isbn, session, role, history, trash
}

/// How the pages name the objects of each class in the household's language: a count ("3 recipes", "レシピ3件"), the
/// class as a heading ("Recipes"), one object ("Recipe 2"). A class of no known kind keeps its own name.
enum ClassNames {
    /// "1 to-do", "3 recipes", "2 people"; "5 objects of Note" for a class of no known kind.
    static func count(_ className: String, kind: ClassKind?, _ count: Int) -> Words {
        let counts = ["count": count]
        return switch kind {
        case .todo: Words("backups.class.todo.count", counts: counts)
        case .recipe: Words("backups.class.recipe.count", counts: counts)
        case .book: Words("backups.class.book.count", counts: counts)
        case .genre: Words("backups.class.genre.count", counts: counts)
        case .author: Words("backups.class.author.count", counts: counts)
        case .publisher: Words("backups.class.publisher.count", counts: counts)
        case .person: Words("backups.class.person.count", counts: counts)
        case .isbn: Words("backups.class.isbn.count", counts: counts)
        case .session: Words("backups.class.session.count", counts: counts)
        case .role: Words("backups.class.role.count", counts: counts)
        case .history: Words("backups.class.history.count", counts: counts)
        case .trash: Words("backups.class.trash.count", counts: counts)
        case nil: Words("backups.class.other.count", ["className": className], counts: counts)
        }
    }

    /// The kind as the start of a line: "To-dos", "People", "History entries".
    static func heading(_ kind: ClassKind) -> Words {
        switch kind {
        case .todo: Words("backups.class.todo.heading")
        case .recipe: Words("backups.class.recipe.heading")
        case .book: Words("backups.class.book.heading")
        case .genre: Words("backups.class.genre.heading")
        case .author: Words("backups.class.author.heading")
        case .publisher: Words("backups.class.publisher.heading")
        case .person: Words("backups.class.person.heading")
        case .isbn: Words("backups.class.isbn.heading")
        case .session: Words("backups.class.session.heading")
        case .role: Words("backups.class.role.heading")
        case .history: Words("backups.class.history.heading")
        case .trash: Words("backups.class.trash.heading")
        }
    }

    /// One object of a kind the apps read, as a problem names it: "Recipe", "To-do"; nil for the others, which keep
    /// their class name.
    static func label(_ kind: ClassKind?) -> Words? {
        switch kind {
        case .todo: Words("backups.class.todo.label")
        case .recipe: Words("backups.class.recipe.label")
        case .book: Words("backups.class.book.label")
        case .genre: Words("backups.class.genre.label")
        case .author: Words("backups.class.author.label")
        case .publisher: Words("backups.class.publisher.label")
        case .isbn: Words("backups.class.isbn.label")
        default: nil
        }
    }

    /// A message with the class as its `name` argument: the kind's heading words nested, or the class's own name.
    static func naming(_ className: String, kind: ClassKind?, as name: String, in words: Words) -> Words {
        var words = words
        if let kind {
            words.nested[name] = heading(kind)
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
