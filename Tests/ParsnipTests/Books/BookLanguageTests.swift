import Foundation
import XCTest

@testable import Parsnip

/// The book and catalogue pages in each language: every page speaks the visitor's language with none of the English
/// catalogue's sentences left over, counts take their language's plural forms, the "Lent on" day is typed in three
/// boxes and written the language's way, years are never grouped, and the form's error summary is translated.
final class BookLanguageTests: XCTestCase {
    /// The languages other than English.
    private static let others: [Language] = [.es, .pt, .fr, .ko, .ja]

    override func setUpWithError() throws {
        Catalogues.use(try Catalogues(directory: LanguageTests.localesDirectory))
    }

    /// A catalogue with a genre, an author and a publisher, and a book of theirs lent out; returns the ids.
    private static func catalogue(_ browser: Browser) async throws -> (
        book: String, genre: String, author: String,
        publisher: String
    ) {
        let genre = try await browser.addEntry(.genre, "Ficción")
        let author = try await browser.addEntry(.author, "Ursula K. Le Guin")
        let publisher = try await browser.addEntry(.publisher, "Minotauro")
        let book = try await browser.addBook(
            bookForm(
                genre: genre, authors: [author], publishers: [publisher],
                [
                    ("title", "Los desposeídos"), ("readingStatus", "read"), ("lentTo", "Sam"),
                    ("lentOn-day", "3"), ("lentOn-month", "3"), ("lentOn-year", "2026"), ("publishingYear", "2024"),
                ]))
        return (book, genre, author, publisher)
    }

    func testEveryBookAndCataloguePageSpeaksTheVisitorsLanguageWithoutEnglishLeftOver() async throws {
        try await withApp { browser in
            let ids = try await Self.catalogue(browser)
            // The sentences looked for are the page's own: the English form shows many of them.
            let englishForm = try await browser.get("/books/\(ids.book)/edit").text
            let shown = try Self.englishSentences(unlike: .ja).filter { englishForm.contains($0) }
            XCTAssertGreaterThan(shown.count, 10, "\(shown)")
            for language in Self.others {
                let english = try Self.englishSentences(unlike: language)
                try await browser.get("/language?to=\(language.rawValue)")
                var pages = [
                    "/books", "/books?q=zzzz", "/books/\(ids.book)", "/books/new", "/books/\(ids.book)/edit",
                    "/books/\(ids.book)/delete",
                ]
                for (kind, id) in [
                    (CatalogueKind.genre, ids.genre), (.author, ids.author), (.publisher, ids.publisher),
                ] {
                    pages += [kind.path, kind.path + "?q=zzzz", "\(kind.path)/\(id)", "\(kind.path)/\(id)/delete"]
                }
                for uri in pages {
                    let response = try await browser.get(uri)
                    XCTAssertEqual(response.status, .ok, "\(language) \(uri)")
                    Self.assertSpeaks(language, response.text, uri, without: english)
                }
                // A refused form, and a name refused on a catalogue list, say why in the language.
                let refused = try await browser.post(
                    "/books/new", form: bookForm(genre: "", [("title", ""), ("isbn", "123"), ("lentOn-day", "9")]))
                XCTAssertEqual(refused.status, .unprocessableContent)
                Self.assertSpeaks(language, refused.text, "the refused book form", without: english)
                XCTAssertTrue(refused.text.contains(language.text("books.error.titleMissing")))
                XCTAssertTrue(refused.text.contains(language.text("books.error.lentOnPartial")))
                let duplicate = try await browser.post("/authors", form: [("name", "ursula k. le guin")])
                XCTAssertEqual(duplicate.status, .unprocessableContent)
                Self.assertSpeaks(language, duplicate.text, "a duplicate author", without: english)
                XCTAssertTrue(duplicate.text.contains(CatalogueNameDraft.duplicateMessage(.author).text(in: language)))
            }
        }
    }

    func testFlashMessagesAndTheirUndoAreSaidInTheLanguage() async throws {
        try await withApp { browser in
            let ids = try await Self.catalogue(browser)
            try await browser.get("/language?to=es")
            try await browser.post("/genres", form: [("name", "Ensayo")])
            let genres = try await browser.get("/genres").text
            XCTAssertTrue(genres.contains("Género «Ensayo» añadido"), genres)
            let deleted = try await browser.post("/books/\(ids.book)/delete", form: [])
            XCTAssertEqual(deleted.status, .seeOther)
            let list = try await browser.get("/books").text
            XCTAssertTrue(list.contains("«Los desposeídos» eliminado."), list)
            XCTAssertTrue(list.contains(">Deshacer</button>"), "the Undo button is the shared one, in Spanish")
            Self.assertSpeaks(.es, list, "the list after a delete", without: try Self.englishSentences(unlike: .es))
            try await browser.get("/language?to=fr")
            try await browser.post("/authors/\(ids.author)", form: [("name", "Ursula Le Guin")])
            let author = try await browser.get("/authors/\(ids.author)").text
            XCTAssertTrue(author.contains("Auteur «\u{00A0}Ursula Le Guin\u{00A0}» enregistré"), author)
        }
    }

    func testCountsTakeEachLanguagesPluralForms() throws {
        let books = { (language: Language, count: Int) in language.text("books.count", counts: ["count": count]) }
        XCTAssertEqual(books(.en, 1), "1 book")
        XCTAssertEqual(books(.en, 3), "3 books")
        XCTAssertEqual(books(.en, 1_280), "1,280 books")
        XCTAssertEqual(books(.fr, 0), "0 livre", "French counts zero as one")
        XCTAssertEqual(books(.fr, 2), "2 livres")
        XCTAssertEqual(books(.pt, 0), "0 livros", "Brazilian usage says zero in the plural")
        XCTAssertEqual(books(.pt, 1), "1 livro")
        XCTAssertEqual(books(.es, 1_000_000), "1.000.000 de libros")
        XCTAssertEqual(books(.ko, 1), "책 1권")
        XCTAssertEqual(books(.ja, 3), "3冊")
        let matching = { (language: Language, kind: CatalogueKind, matching: Int, all: Int) in
            language.text(
                "books.entry.countMatching", ["kind": kind.rawValue], counts: ["matching": matching, "all": all])
        }
        XCTAssertEqual(matching(.en, .author, 1, 12), "1 of 12 authors matches")
        XCTAssertEqual(matching(.en, .genre, 3, 1_500), "3 of 1,500 genres match")
        XCTAssertEqual(matching(.es, .publisher, 1, 12), "1 de 12 editoriales coincide")
        XCTAssertEqual(matching(.fr, .author, 1, 12), "1 auteur sur 12 correspond")
        XCTAssertEqual(matching(.fr, .author, 3, 12), "3 auteurs sur 12 correspondent")
        XCTAssertEqual(matching(.ja, .author, 3, 12), "著者12人中3人が一致")
        XCTAssertEqual(
            Language.es.text("books.entry.usage", ["kind": "publisher"], counts: ["count": 1]),
            "Esta editorial se quitará de 1 libro.")
    }

    func testListAndEntryCountsOnThePagesArePlural() async throws {
        try await withApp { browser in
            let ids = try await Self.catalogue(browser)
            try await browser.addBook(bookForm(genre: ids.genre, [("title", "Otro"), ("isbn", "")]))
            try await browser.get("/language?to=fr")
            let list = try await browser.get("/books").text
            XCTAssertTrue(list.contains(#"<p class="count">2 livres</p>"#), list)
            let authors = try await browser.get("/authors").text
            XCTAssertTrue(authors.contains(#"<p class="count">1 auteur</p>"#), authors)
            XCTAssertTrue(authors.contains(#"<span class="entry-count">1 livre</span>"#))
            let genres = try await browser.get("/genres").text
            XCTAssertTrue(genres.contains(#"<span class="entry-count">2 livres</span>"#))
            try await browser.get("/language?to=ko")
            let filtered = try await browser.get("/books?q=Otro").text
            XCTAssertTrue(filtered.contains(#"<p class="count">책 2권 중 1권 일치</p>"#), filtered)
        }
    }

    func testLentOnIsTypedInThreeBoxesInTheLanguagesOrderAndWrittenItsWay() async throws {
        try await withApp { browser in
            let ids = try await Self.catalogue(browser)
            let english = try await browser.get("/books/\(ids.book)").text
            XCTAssertTrue(english.contains("<dt>Lent out</dt><dd>Since 3 March 2026</dd>"), english)
            XCTAssertTrue(english.contains("<strong>Lent to Sam since 3 March 2026</strong>"))
            let form = try await browser.get("/books/\(ids.book)/edit").text
            XCTAssertTrue(form.contains(#"<legend class="date-input-legend">Lent on</legend>"#))
            XCTAssertTrue(form.contains("Optional. Left empty, it is today. For example, 27 3 2026."))
            let order = try Self.boxOrder(form)
            XCTAssertEqual(order, ["lentOn-day", "lentOn-month", "lentOn-year"], "day first in English")
            XCTAssertTrue(form.contains(#"id="lentOn" name="lentOn-day""#), "the first box has the field's id")
            for (name, value) in [("lentOn-day", "3"), ("lentOn-month", "3"), ("lentOn-year", "2026")] {
                XCTAssertTrue(form.contains(try Regex(#"name="\#(name)"[^>]* value="\#(value)""#)), name)
            }

            try await browser.get("/language?to=ja")
            let japanese = try await browser.get("/books/\(ids.book)").text
            XCTAssertTrue(japanese.contains("<strong>2026年3月3日からSamに貸出中</strong>"), japanese)
            let japaneseForm = try await browser.get("/books/\(ids.book)/edit").text
            XCTAssertEqual(try Self.boxOrder(japaneseForm), ["lentOn-year", "lentOn-month", "lentOn-day"])
            XCTAssertTrue(japaneseForm.contains(#"<legend class="date-input-legend">貸出日</legend>"#))

            try await browser.get("/language?to=es")
            let saved = try await browser.saveBook(
                ids.book,
                bookForm(
                    genre: ids.genre,
                    [("lentTo", "Ana"), ("lentOn-day", " 28 "), ("lentOn-month", "4"), ("lentOn-year", "2024")]))
            XCTAssertEqual(saved.status, .seeOther)
            let spanish = try await browser.get("/books/\(ids.book)").text
            XCTAssertTrue(spanish.contains("<strong>Prestado a Ana desde el 28 de abril</strong>"), spanish)
        }
    }

    func testYearsAreNeverGroupedAndISBNsComeBackAsTyped() async throws {
        try await withApp { browser in
            let ids = try await Self.catalogue(browser)
            try await browser.get("/language?to=es")
            let list = try await browser.get("/books").text
            XCTAssertTrue(list.contains(#"<td data-label="Año" class="number">2024</td>"#), list)
            XCTAssertFalse(list.contains("2.024"))
            let page = try await browser.get("/books/\(ids.book)").text
            XCTAssertTrue(page.contains("<dt>Año</dt><dd>2024</dd>"), page)
            let genre = try await browser.get("/genres/\(ids.genre)").text
            XCTAssertTrue(genre.contains(#"<span class="entry-count">2024</span>"#))
            let refused = try await browser.post(
                "/books/new",
                form: bookForm(
                    genre: ids.genre, [("title", ""), ("isbn", "978 0 441-17271 9"), ("publishingYear", "1200")]))
            XCTAssertTrue(refused.text.contains(#"value="978 0 441-17271 9""#), "the ISBN as typed")
            XCTAssertTrue(refused.text.contains("El año de publicación debe estar entre 1450 y "), refused.text)
            XCTAssertFalse(refused.text.contains("1.450"))
        }
    }

    func testTheFormsErrorSummaryIsInKorean() async throws {
        try await withApp { browser in
            let ids = try await Self.catalogue(browser)
            try await browser.get("/language?to=ko")
            let response = try await browser.post(
                "/books/new",
                form: bookForm(
                    genre: "",
                    [
                        ("title", " "), ("isbn", "978-0-441-17271-9"), ("lentTo", "Sam"), ("lentOn-day", "31"),
                        ("lentOn-month", "2"), ("lentOn-year", "2024"),
                    ]))
            XCTAssertEqual(response.status, .unprocessableContent)
            let html = response.text
            XCTAssertTrue(
                html.contains(#"<h2 id="error-summary-title">\#(Language.ko.text("form.problemHeading"))</h2>"#))
            XCTAssertTrue(html.contains(##"<li><a href="#title">제목을 입력하십시오</a></li>"##), html)
            XCTAssertFalse(html.contains(##"<li><a href="#genre">"##), "a genre is optional")
            XCTAssertTrue(html.contains(##"<li><a href="#lentOn">‘빌려준 날’은 실제로 있는 날짜여야 합니다</a></li>"##))
            XCTAssertTrue(html.contains(#"<title>책 추가"#), "the page title too")
            Self.assertSpeaks(.ko, html, "the refused form", without: try Self.englishSentences(unlike: .ko))

            // The ISBN another book has: the sentence in Korean order, the other book's title a link.
            let taken = try await browser.post(
                "/books/new", form: bookForm(genre: ids.genre, [("title", "Otra"), ("isbn", "978-0-06-051275-0")]))
            XCTAssertEqual(taken.status, .unprocessableContent)
            XCTAssertTrue(
                taken.text.contains(#"이 ISBN은 이미 <a href="/books/\#(ids.book)">‘Los desposeídos’</a>에 쓰이고 있습니다"#),
                taken.text)
        }
    }

    func testHistoryAndConflictWordsOfTheFieldsAreInTheLanguage() {
        let book = Book(
            id: "b1", title: "Dune", publishingYear: 2024, genre: CatalogueEntry(kind: .genre, id: "g1", name: "SF"),
            isbn: "9780441013593", readingStatus: .reading, lentTo: "Sam", lentOn: CalendarDate(iso: "2026-03-03"))
        XCTAssertEqual(BookEditField.lentOn.label(in: .fr), "Prêté le")
        XCTAssertEqual(BookEditField.authors.label(in: .ja), "著者")
        XCTAssertEqual(BookEditField.lentOn.lines(of: book, in: .fr), ["3 mars 2026"])
        XCTAssertEqual(BookEditField.lentOn.lines(of: book, in: .ko), ["2026년 3월 3일"])
        XCTAssertEqual(BookEditField.readingStatus.lines(of: book, in: .es), ["Leyendo"])
        XCTAssertEqual(BookEditField.publishingYear.lines(of: book, in: .es), ["2024"], "a year is not grouped")
        XCTAssertEqual(BookEditField.isbn.lines(of: book, in: .ko), ["978-0-441-01359-3"])
        XCTAssertEqual(CatalogueEntryField.name.label(in: .pt), "Nome")
        var typed = BookInput(
            title: "Dune", publishingYear: nil, genreId: BookInput.typedNewGenreId, isbn: nil, authorIds: [],
            publisherIds: [])
        typed.newEntryNames[.genre] = "Ensayo"
        let withNewGenre = Book(typed: typed, id: "b1", genreName: nil)
        XCTAssertEqual(BookEditField.genre.lines(of: withNewGenre, in: .es), ["Ensayo (un género nuevo)"])
        XCTAssertEqual(BookEditField.genre.lines(of: withNewGenre), ["Ensayo (a new genre)"])
        typed.genreId = "gone1"
        let gone = Book(typed: typed, id: "b1", genreName: nil)
        XCTAssertEqual(BookEditField.genre.lines(of: gone, in: .ja), ["すでに存在しないジャンル"])
        XCTAssertEqual(
            BookHistory<StoreBookRepository>.message(.unknownEntries(.publisher), typed: book).text(in: .fr),
            "Certains de ses éditeurs n’existent plus\u{00A0}: ils ne peuvent donc pas être remis.")
    }

    // MARK: Helpers

    /// The names of the date boxes in the order the page shows them.
    private static func boxOrder(_ html: String) throws -> [String] {
        html.matches(of: /name="(lentOn-(?:day|month|year))"/).map { String($0.1) }
    }

    /// Fails when `html` is not in `language` or shows one of `english`, the English book catalogue's sentences
    /// that `language` says otherwise.
    private static func assertSpeaks(_ language: Language, _ html: String, _ page: String, without english: Set<String>)
    {
        XCTAssertTrue(html.contains(#"<html lang="\#(language.rawValue)">"#), "\(language) \(page)")
        XCTAssertGreaterThan(english.count, 100, "the English sentences were found")
        for sentence in english where html.contains(sentence) {
            XCTFail("\(language) \(page) shows the English “\(sentence)”")
        }
    }

    /// The English book catalogue's sentences that `language` does not share: each message said with every kind
    /// and count, cut at its arguments, the pieces with a space and at least nine letters kept.
    private static func englishSentences(unlike language: Language) throws -> Set<String> {
        let catalogues = try Catalogues(directory: LanguageTests.localesDirectory)
        let mark = "\u{E000}"
        func pieces(_ language: Language) -> Set<String> {
            var found: Set<String> = []
            for key in catalogues.keys(of: .en) where key.hasPrefix("books.") {
                guard let message = catalogues.message(key, in: language) else { continue }
                let plurals = Set(message.pluralBranches.keys)
                for kind in CatalogueKind.allCases {
                    for count in [1, 2] {
                        var arguments: [String: String] = [:]
                        var counts: [String: Int] = [:]
                        for name in message.argumentNames {
                            if name == "kind" {
                                arguments[name] = kind.rawValue
                            } else if plurals.contains(name) {
                                counts[name] = count
                            } else {
                                arguments[name] = mark
                            }
                        }
                        let said = message.format(arguments, counts: counts, language: language)
                        for piece in said.components(separatedBy: mark) {
                            let trimmed = piece.trimmingCharacters(in: .whitespaces)
                            if trimmed.contains(" "), trimmed.filter(\.isLetter).count >= 9 { found.insert(trimmed) }
                        }
                    }
                }
            }
            return found
        }
        let own = pieces(language)
        return pieces(.en).filter { english in !own.contains { $0.contains(english) } }
    }
}
