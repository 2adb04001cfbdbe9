import Foundation
import HTTPTypes
import XCTest

@testable import Parsnip

/// One way a person sends one of the app's POST routes: the page the form is on, what they type, the button.
struct FormScenario: Sendable {
    /// The route as the router lists it: "/todos/{id}".
    let route: String
    /// Who sends it (a browser with their session).
    let browser: Browser
    /// The page the form is on.
    let page: String
    /// Where the form posts (the concrete path, with a query when the button's `formaction` has one).
    let path: String
    /// What the person types or chooses: replaces every field of the same name, or adds one.
    var typed: [(String, String)] = []
    /// The button pressed, when it has a name ("Add author", a recipe row button).
    var button: (String, String)?
    /// Why this route cannot write, for the routes that only show the form again; nil for a route that writes.
    var cannotWrite: String?
    /// What pressing the button again answers once the database is free.
    var retried: HTTPResponse.Status = .seeOther
    /// How the person reaches a form that no GET shows (one a refused POST answers with); nil: GET `page`.
    var opened: (@Sendable (Browser) async throws -> String)? = nil
    /// Why this route works on files only and answers as usual (303) while the database is busy; nil otherwise.
    var onlyFiles: String? = nil

    /// The fields the form on `page` sends to `path` with `typed` applied, and the button.
    func fieldsToSend(from html: String) throws -> [(String, String)] {
        let form = try XCTUnwrap(FormReplay(html, submittingTo: path), "\(page) has no form posting to \(path)")
        let names = Set(typed.map(\.0))
        return form.fields.filter { !names.contains($0.0) } + typed + (button.map { [$0] } ?? [])
    }
}

/// The fixtures of the every-route test and one scenario (at least) per POST route.
enum FormScenarios {
    /// Builds fixtures through the pages, as people would, and the scenarios that use them: `owner` is signed in
    /// as the owner on a Parsnip shared on the network; `newcomer` is on a Parsnip nobody has set up yet.
    static func make(owner: Browser, newcomer: Browser) async throws -> [FormScenario] {
        try await owner.setUpOwner("Ana", password: "correct horse")
        var scenarios = try await todos(owner) + recipes(owner) + books(owner)
        for kind in CatalogueKind.allCases { scenarios += try await catalogue(kind, owner) }
        scenarios += try await accounts(owner: owner, newcomer: newcomer)
        scenarios += try await trash(owner) + history(owner)
        scenarios.append(
            FormScenario(
                route: "/account/password", browser: owner, page: "/account/password", path: "/account/password",
                typed: [
                    ("current", "correct horse"), ("password", "a new horse battery"),
                    ("passwordAgain", "a new horse battery"),
                ]))
        // Last: pressing Restore again at the end puts back the data of this moment, after every other scenario.
        return scenarios + (try await backups(owner))
    }

    /// Back up now and Delete touch only the backups folder, so a busy database does not stop them; Restore writes.
    static func backups(_ owner: Browser) async throws -> [FormScenario] {
        var names: [String] = []
        for _ in 0..<2 {
            let made = try await owner.post("/backups", form: [])
            XCTAssertEqual(made.status, .seeOther, made.text)
            let page = try await owner.get("/backups").text
            names = page.matches(of: /href="\/backups\/([A-Za-z0-9_-]+\.zip)\/restore"/).map { String($0.1) }
        }
        XCTAssertEqual(names.count, 2, "two backups listed: \(names)")
        // A name "Back up now" cannot give its new file, even when the clock stands still as it does here.
        let page = try await owner.get("/backups").text
        let folder = try XCTUnwrap(page.firstMatch(of: /<code class="backup-folder">([^<]+)<\/code>/)).1
        let copy = "parsnip-backup-old-copy.zip"
        try FileManager.default.moveItem(atPath: "\(folder)/\(names[1])", toPath: "\(folder)/\(copy)")
        names[1] = copy
        // An import waiting for its button: the preview a multipart upload answers with.
        let preview = try await owner.postMultipart(
            "/backups/import", fields: [("existing", "skip")],
            files: [("file", "TodoListItem.json", Array(#"[{"objectId":"imported01","title":"Wash the car"}]"#.utf8))]
        ).text
        let token = try XCTUnwrap(preview.firstMatch(of: /action="\/backups\/import\/([0-9a-f]{32})"/)).1
        return [
            FormScenario(
                route: "/backups/upload", browser: owner, page: "/backups", path: "/backups/upload",
                onlyFiles: "without a file it only asks for one; a backup file is kept beside the others"),
            FormScenario(
                route: "/backups/import", browser: owner, page: "/backups", path: "/backups/import",
                onlyFiles: "without a file it only asks for one; its dry run keeps nothing"),
            FormScenario(
                route: "/backups/import/{token}", browser: owner, page: "/backups",
                path: "/backups/import/\(token)", opened: { _ in preview }),
            FormScenario(
                route: "/backups", browser: owner, page: "/backups", path: "/backups",
                onlyFiles: "a backup reads one snapshot and writes a file, never the database"),
            FormScenario(
                route: "/backups/export", browser: owner, page: "/backups", path: "/backups/export",
                onlyFiles: "an export reads one snapshot and writes a file, never the database"),
            FormScenario(
                route: "/backups/{name}/delete", browser: owner, page: "/backups/\(names[1])/delete",
                path: "/backups/\(names[1])/delete", retried: .notFound,
                onlyFiles: "deleting a backup removes a file, never touches the database"),
            FormScenario(
                route: "/backups/{name}/restore", browser: owner, page: "/backups/\(names[0])/restore",
                path: "/backups/\(names[0])/restore"),
        ]
    }

    /// One undo per History page: a to-do, a recipe and a book each changed once.
    static func history(_ owner: Browser) async throws -> [FormScenario] {
        try await owner.addTodo("Water the plants")
        let todo = try await owner.newestId()
        let todoBase = try await owner.loadedVersion(of: "/todos/\(todo)/edit")
        _ = try await owner.post(
            "/todos/\(todo)", form: [("title", "Water the garden"), ("description", "")] + todoBase)
        let recipe = try await owner.addRecipe(recipeForm([("name", "Flapjacks")]))
        try await owner.updateRecipe(recipe, recipeForm([("name", "Flapjacks"), ("price", "2.50")]))
        let genre = try await owner.addEntry(.genre, "Travel")
        let book = try await owner.addBook(bookForm(genre: genre, [("isbn", "978-0-14-118776-1")]))
        let bookBase = try await owner.loadedVersion(of: "/books/\(book)/edit")
        _ = try await owner.post(
            "/books/\(book)/edit",
            form: bookForm(genre: genre, [("isbn", "978-0-14-118776-1"), ("publishingYear", "1980")]) + bookBase)
        var records = [("todos", todo), ("recipes", recipe), ("books", book)]
        for kind in CatalogueKind.allCases {
            let entry = try await owner.addEntry(kind, "Kept in history \(kind.singular)")
            _ = try await owner.post(
                "\(kind.path)/\(entry)", form: [("name", "Kept in history \(kind.singular), renamed")])
            records.append((kind.plural, entry))
        }
        var scenarios: [FormScenario] = []
        for (base, id) in records {
            let page = try await owner.get("/\(base)/\(id)/history").text
            let action = try XCTUnwrap(
                page.firstMatch(of: /action="(\/[a-z]+\/[A-Za-z0-9]+\/history\/[A-Za-z0-9]+\/revert)"/), "no undo")
            scenarios.append(
                FormScenario(
                    route: "/\(base)/{id}/history/{change}/revert", browser: owner, page: "/\(base)/\(id)/history",
                    path: String(action.1)))
        }
        return scenarios
    }

    static func trash(_ owner: Browser) async throws -> [FormScenario] {
        var items: [String] = []
        for title in ["Spare keys", "Old receipts"] {
            try await owner.addTodo(title)
            let id = try await owner.newestId()
            _ = try await owner.post("/todos/\(id)/delete", form: [])
            let page = try await owner.get("/trash").text
            let restore = try XCTUnwrap(page.firstMatch(of: /action="\/trash\/([A-Za-z0-9]+)\/restore"/))
            items.append(String(restore.1))
        }
        return [
            FormScenario(
                route: "/trash/{id}/restore", browser: owner, page: "/trash", path: "/trash/\(items[0])/restore"),
            FormScenario(
                route: "/trash/{id}/delete", browser: owner, page: "/trash/\(items[1])/delete",
                path: "/trash/\(items[1])/delete"),
            FormScenario(route: "/trash/empty", browser: owner, page: "/trash/empty", path: "/trash/empty"),
        ]
    }

    static func todos(_ owner: Browser) async throws -> [FormScenario] {
        try await owner.addTodo("Buy oat milk", "Two cartons")
        let milk = try await owner.newestId()
        try await owner.addTodo("Old batteries")
        let batteries = try await owner.newestId()
        try await owner.addTodo("Lost umbrella")
        let umbrella = try await owner.newestId()
        let loaded = try await owner.loadedVersion(of: "/todos/\(umbrella)/edit")
        _ = try await owner.post("/todos/\(umbrella)/delete", form: [])
        return [
            // The form of a to-do deleted while it was open: only a save of that form shows it.
            FormScenario(
                route: "/todos/{id}/restore", browser: owner, page: "/todos/\(umbrella)/edit",
                path: "/todos/\(umbrella)/restore", typed: [("title", "Found umbrella")],
                opened: { browser in
                    try await browser.post(
                        "/todos/\(umbrella)", form: [("title", "Found umbrella"), ("description", "")] + loaded
                    ).text
                }),
            FormScenario(
                route: "/todos", browser: owner, page: "/todos/new", path: "/todos",
                typed: [("title", "Call the plumber"), ("description", "Tuesday <after> 3 & before 5\nBring tea")]),
            FormScenario(
                route: "/todos/{id}", browser: owner, page: "/todos/\(milk)/edit", path: "/todos/\(milk)",
                typed: [("title", "Buy oat milk and bread")]),
            FormScenario(
                route: "/todos/{id}/delete", browser: owner, page: "/todos/\(batteries)/delete",
                path: "/todos/\(batteries)/delete"),
            // The tick button on the list: the to-do's page answers with the button again, its way back kept.
            FormScenario(route: "/todos/{id}/done", browser: owner, page: "/todos", path: "/todos/\(milk)/done"),
        ]
    }

    static func recipes(_ owner: Browser) async throws -> [FormScenario] {
        let pancakes = try await owner.addRecipe()
        let porridge = try await owner.addRecipe(recipeForm([("name", "Porridge")]))
        let soup = try await owner.addRecipe(
            recipeForm([
                ("name", "Carrot soup"), ("ingredient-1-quantity", "500"), ("ingredient-1-description", "g carrots"),
                ("ingredient-2-quantity", "1"), ("ingredient-2-description", "onion"),
            ]))
        let lost = try await owner.addRecipe(recipeForm([("name", "Lost stew")]))
        let lostBase = try await owner.recipeEditBase(lost)
        try await owner.post("/recipes/\(lost)/delete", form: [])
        let rowButton = "a row button only arranges the rows of the form it shows again"
        return [
            FormScenario(
                route: "/recipes", browser: owner, page: "/recipes/new", path: "/recipes",
                typed: recipeForm(
                    [
                        ("name", "Lemon cake"), ("servings", "8"), ("releaseDate-day", "3"),
                        ("releaseDate-month", "5"), ("releaseDate-year", "2024"),
                    ], removing: ["releaseDate"])),
            FormScenario(
                route: "/recipes", browser: owner, page: "/recipes/\(pancakes)/edit",
                path: "/recipes?from=\(pancakes)", typed: [("name", "Pancakes for a crowd")]),
            // Row buttons post to the editor's own action, not to a `formaction`.
            FormScenario(
                route: "/recipes/new", browser: owner, page: "/recipes/new", path: "/recipes/new",
                typed: [("name", "Soup")], button: ("row-action", "ingredient-add"), cannotWrite: rowButton,
                retried: .ok),
            FormScenario(
                route: "/recipes/{id}", browser: owner, page: "/recipes/\(pancakes)/edit",
                path: "/recipes/\(pancakes)", typed: [("name", "Pancakes for Sunday"), ("servings", "6")]),
            FormScenario(
                route: "/recipes/{id}/edit", browser: owner, page: "/recipes/\(pancakes)/edit",
                path: "/recipes/\(pancakes)/edit", typed: [("side-0", "Lemon")], button: ("row-action", "side-add"),
                cannotWrite: rowButton, retried: .ok),
            FormScenario(
                route: "/recipes/{id}/delete", browser: owner, page: "/recipes/\(porridge)/delete",
                path: "/recipes/\(porridge)/delete"),
            // The editor of a recipe deleted while it was open: only a save of that editor shows it.
            FormScenario(
                route: "/recipes/{id}/restore", browser: owner, page: "/recipes/\(lost)/edit",
                path: "/recipes/\(lost)/restore", typed: [("name", "Found stew")],
                opened: { browser in
                    try await browser.post("/recipes/\(lost)", form: recipeForm([("name", "Found stew")]) + lostBase)
                        .text
                }),
            // "Add ingredients to the to-do list", scaled and with one ingredient unticked.
            FormScenario(
                route: "/recipes/{id}/shopping", browser: owner, page: "/recipes/\(soup)?servings=8",
                path: "/recipes/\(soup)/shopping", typed: [("ingredient", "0"), ("ingredient", "2")]),
            // "Next recipe" with a change: the question carries everything typed and posts back to ask again.
            FormScenario(
                route: "/recipes/{id}/leave", browser: owner, page: "/recipes/\(pancakes)/edit",
                path: "/recipes/\(pancakes)/leave", typed: [("name", "Pancakes, half changed")],
                button: ("leave-to", "/recipes/\(porridge)/edit"),
                cannotWrite: "leaving the editor only asks what to do with the changes", retried: .ok),
        ]
    }

    static func books(_ owner: Browser) async throws -> [FormScenario] {
        let catalogue = try await owner.addCatalogue()
        let dispossessed = try await owner.addBook(
            bookForm(genre: catalogue.genre, authors: catalogue.authors, publishers: [catalogue.publisher]))
        let dune = try await owner.addBook(
            bookForm(genre: catalogue.genre, [("title", "Dune"), ("isbn", "978-0-441-17271-9")]))
        let lostForm = bookForm(genre: catalogue.genre, [("title", "Lost atlas"), ("isbn", "978-0-14-044913-6")])
        let lent = try await owner.addBook(
            bookForm(genre: catalogue.genre, [("title", "Lent atlas"), ("isbn", ""), ("lentTo", "Bea")]))
        let lost = try await owner.addBook(lostForm)
        let lostBase = try await owner.loadedVersion(of: "/books/\(lost)/edit")
        _ = try await owner.post("/books/\(lost)/delete", form: [])
        return [
            // The form of a book deleted while it was open: only a save of that form shows it.
            FormScenario(
                route: "/books/{id}/restore", browser: owner, page: "/books/\(lost)/edit",
                path: "/books/\(lost)/restore", typed: [("title", "Found atlas")],
                opened: { browser in
                    try await browser.post(
                        "/books/\(lost)/edit",
                        form: bookForm(
                            genre: catalogue.genre, [("title", "Found atlas"), ("isbn", "978-0-14-044913-6")])
                            + lostBase
                    ).text
                }),
            FormScenario(
                route: "/books/new", browser: owner, page: "/books/new", path: "/books/new",
                typed: [
                    ("title", "The Left Hand of Darkness"), ("isbn", "978-0-441-47812-5"), ("genre", catalogue.genre),
                    ("publishingYear", "1969"), ("author", catalogue.authors[0]), ("publisher", catalogue.publisher),
                ]),
            FormScenario(
                route: "/books/new", browser: owner, page: "/books/new", path: "/books/new",
                typed: [("title", "Half typed"), ("author", catalogue.authors[1]), ("new-author", "N. K. Jemisin")],
                button: ("add-entry", "author"), retried: .ok),
            FormScenario(
                route: "/books/{id}/edit", browser: owner, page: "/books/\(dispossessed)/edit",
                path: "/books/\(dispossessed)/edit",
                typed: [("title", "The Dispossessed: An Ambiguous Utopia"), ("author", catalogue.authors[1])]),
            FormScenario(
                route: "/books/{id}/delete", browser: owner, page: "/books/\(dune)/delete",
                path: "/books/\(dune)/delete"),
            // "Returned" on the Lent out list: the book's page answers with the button again.
            FormScenario(
                route: "/books/{id}/returned", browser: owner, page: "/books?shelf=lent",
                path: "/books/\(lent)/returned"),
        ]
    }

    static func catalogue(_ kind: CatalogueKind, _ owner: Browser) async throws -> [FormScenario] {
        let renamed = try await owner.addEntry(kind, "Renamed \(kind.singular)")
        // Named unlike any sentence of the pages, so the pages' own words are told apart from this data.
        let deleted = try await owner.addEntry(kind, "Zephyr \(kind.singular) 42")
        var deleting = FormScenario(
            route: "\(kind.path)/{id}/delete", browser: owner, page: "\(kind.path)/\(deleted)/delete",
            path: "\(kind.path)/\(deleted)/delete")
        if kind == .genre {
            // A genre in use: its books move to the genre chosen, which must stay chosen (not the first offered).
            _ = try await owner.addBook(
                bookForm(genre: deleted, [("title", "Kindred"), ("isbn", "978-0-8070-8305-5")]))
            let target = try await owner.addEntry(.genre, "Zz last genre")
            deleting.typed = [("moveTo", target)]
        }
        let merged = try await owner.addEntry(kind, "Quillon \(kind.singular) 7")
        let kept = try await owner.addEntry(kind, "Quillon kept \(kind.singular)")
        return [
            FormScenario(
                route: "\(kind.path)/{id}/merge", browser: owner, page: "\(kind.path)/\(merged)/merge?into=\(kept)",
                path: "\(kind.path)/\(merged)/merge"),
            FormScenario(
                route: kind.path, browser: owner, page: kind.path, path: kind.path,
                typed: [("name", "New \(kind.singular) & co")]),
            FormScenario(
                route: "\(kind.path)/{id}", browser: owner, page: "\(kind.path)/\(renamed)",
                path: "\(kind.path)/\(renamed)", typed: [("name", "Better \(kind.singular) name")]),
            deleting,
        ]
    }

    static func accounts(owner: Browser, newcomer: Browser) async throws -> [FormScenario] {
        for (name, role) in [("Bo", Role.editor), ("Cy", .editor), ("Di", .viewer), ("Ed", .editor)] {
            let added = try await owner.addPerson(name, "a long password for \(name)", role: role)
            XCTAssertEqual(added.status, .seeOther, name)
        }
        let bo = try await owner.personId("Bo")
        let cy = try await owner.personId("Cy")
        let di = try await owner.personId("Di")
        let ed = owner.another()
        try await ed.signIn("Ed", "a long password for Ed")
        let stranger = owner.another()
        try await stranger.get("/sign-in")
        try await newcomer.get("/setup")
        return [
            FormScenario(
                route: "/setup", browser: newcomer, page: "/setup", path: "/setup",
                typed: [
                    ("code", testSetupCode), ("username", "Mo"), ("password", "correct horse battery"),
                    ("passwordAgain", "correct horse battery"),
                ]),
            FormScenario(
                route: "/sign-in", browser: stranger, page: "/sign-in", path: "/sign-in",
                typed: [("username", "Ana"), ("password", "correct horse")]),
            FormScenario(route: "/sign-out", browser: ed, page: "/sign-out", path: "/sign-out"),
            // English: the test browsers ask for no language, and the pages they read must stay English.
            FormScenario(
                route: "/people/language", browser: owner, page: "/people", path: "/people/language",
                typed: [("language", "en")]),
            FormScenario(
                route: "/people", browser: owner, page: "/people", path: "/people",
                typed: [("username", "Flo"), ("password", "a long password for Flo"), ("role", "viewer")]),
            FormScenario(
                route: "/people/{id}/role", browser: owner, page: "/people", path: "/people/\(bo)/role",
                typed: [("role", "viewer")]),
            FormScenario(
                route: "/people/{id}/password", browser: owner, page: "/people/\(cy)/password",
                path: "/people/\(cy)/password", typed: [("password", "a new long password")]),
            FormScenario(
                route: "/people/{id}/remove", browser: owner, page: "/people/\(di)/remove",
                path: "/people/\(di)/remove"),
            FormScenario(route: "/apps/master-key", browser: owner, page: "/apps", path: "/apps/master-key"),
            FormScenario(
                route: "/apps/sign-up", browser: owner, page: "/apps", path: "/apps/sign-up",
                typed: [("allowed", "yes")]),
        ]
    }
}
