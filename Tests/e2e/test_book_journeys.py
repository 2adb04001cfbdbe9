"""The book catalogue in a real browser (issue 4): genres, authors and publishers through their pages, a book
with two authors, the duplicate-ISBN refusal, the book page, filtering by author, deleting; and after every save
the Parse shape in the SQLite file (Pointers, ISBN object, _Join rows, _SCHEMA types)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from book_steps import (
    BookInput,
    add_entry,
    add_new_entry_from_form,
    book_id_of,
    button,
    checkbox,
    entry_id,
    expect_book_gone,
    expect_form_holds,
    expect_stored_book,
    fact,
    expect_message,
    message_beside,
    field_named,
    fieldset,
    fill_book_form,
    filter_books,
    hyphenated13,
    isbn_objects,
    list_row,
    listed_titles,
    match_line,
    new_isbn10,
    new_isbn13,
    open_book,
    open_book_editor,
    open_books,
    open_catalogue,
    open_entry,
    open_new_book,
    owners,
    quick_book,
    quick_entry,
    related,
    row_cells,
    save_book,
    schema_types,
    section_lines,
    stored,
    submit_expecting,
    with_wrong_check_digit,
)
from steps import flash, quoted, unique, unique_person


def test_add_entries_add_a_book_refuse_its_isbn_twice_open_filter_and_delete_it(page: Page, server, shot):
    db = server.database
    # A genre, two authors and a publisher, each through its own page.
    genre = unique("Space opera ")
    first_author = unique_person("Octavia", "Butler")
    second_author = unique_person("Ursula", "Le Guin")
    publisher = unique("Ace Books ")
    genre_id = add_entry(page, "genre", genre)
    shot(page, "genre-added")
    first_author_id = add_entry(page, "author", first_author)
    second_author_id = add_entry(page, "author", second_author)
    publisher_id = add_entry(page, "publisher", publisher)
    shot(page, "publisher-added")
    assert stored(db, "Genre", genre_id)["name"] == genre
    assert stored(db, "Author", second_author_id)["name"] == second_author

    # A book with both authors and the publisher; the ISBN typed with hyphens.
    isbn = new_isbn13()
    book = BookInput(title=unique("The Dispossessed "), isbn=hyphenated13(isbn), genre=genre, year="1974",
                     authors=[second_author, first_author], publishers=[publisher])
    open_new_book(page)
    expect(page.get_by_text("10 or 13 digits; spaces and hyphens are fine")).to_be_visible()
    fill_book_form(page, book)
    shot(page, "form-filled")
    book_id = save_book(page, book.title)
    shot(page, "book-page")

    # The book page: year, genre (a link to the genre), ISBN without hyphens, authors and publishers (links).
    fact(page, "Year", "1974")
    fact(page, "Genre", genre)
    fact(page, "ISBN", isbn)
    main = page.get_by_role("main")
    expect(main.get_by_role("link", name=genre, exact=True)).to_have_attribute("href", f"/genres/{genre_id}")
    assert section_lines(page, "Authors") == [first_author, second_author]  # by surname
    assert section_lines(page, "Publishers") == [publisher]
    expect(main.get_by_role("link", name=first_author, exact=True)).to_have_attribute(
        "href", f"/authors/{first_author_id}")
    expect(main.get_by_role("link", name=publisher, exact=True)).to_have_attribute(
        "href", f"/publishers/{publisher_id}")
    expect(main.get_by_role("link", name="Edit book", exact=True)).to_be_visible()
    expect(page).to_have_title(f"{book.title} · Parsnip")

    # Stored as the contract says: two Pointers, one ISBN object, rows in all three join tables.
    expect_stored_book(db, book_id, title=book.title, year=1974, isbn=isbn, genre_id=genre_id,
                       author_ids={first_author_id, second_author_id}, publisher_ids={publisher_id})
    book_types = schema_types(db, "Book")
    assert book_types["title"] == "String"
    assert book_types["publishingYear"] == "Number"
    assert book_types["genre"] == "Pointer<Genre>"
    assert book_types["isbn"] == "Pointer<ISBN>"
    assert book_types["authors"] == "Relation<Author>"
    assert book_types["publishers"] == "Relation<Publisher>"
    assert schema_types(db, "Genre")["books"] == "Relation<Book>"
    assert schema_types(db, "Genre")["name"] == "String"
    assert schema_types(db, "ISBN")["value"] == "String"
    assert schema_types(db, "Author")["name"] == "String"
    assert schema_types(db, "Publisher")["name"] == "String"
    isbn_object_id = stored(db, "Book", book_id)["isbn"]

    # The same ISBN again (typed with spaces this time) is refused: 422, the message names and links the book,
    # everything typed is kept.
    again = BookInput(title=unique("A copy "), isbn=" ".join([isbn[:3], isbn[3:9], isbn[9:]]), genre=genre,
                      year="1975", authors=[first_author], publishers=[publisher])
    open_new_book(page)
    fill_book_form(page, again)
    submit_expecting(page, "Save book", 422)
    shot(page, "duplicate-isbn")
    used = f"This ISBN is already used by {quoted(book.title)}"
    expect_message(page, "ISBN", used)
    link = message_beside(page, "ISBN", used).get_by_role("link")
    expect(link).to_have_count(1)
    expect(link).to_have_attribute("href", f"/books/{book_id}")
    expect(link).to_contain_text(book.title)
    expect(page.get_by_role("alert")).to_contain_text("There is a problem")
    expect_form_holds(page, again)
    expect(checkbox(page, "Authors", second_author)).not_to_be_checked()
    assert isbn_objects(db, isbn) == [isbn_object_id], "the refused save wrote no second ISBN object"
    # The message's link opens the book that has the ISBN; the copy was not saved.
    link.click()
    expect(page).to_have_url(re.compile(rf"/books/{book_id}$"))
    expect(page.get_by_role("heading", level=1)).to_have_text(book.title)
    open_books(page, f"q={again.title.split()[-1]}")
    assert listed_titles(page, again.title) == []

    # The list, filtered by each author, shows the book with its facts; the other author's filter too.
    open_books(page)
    filter_books(page, author=first_author)
    expect(page).to_have_url(re.compile(r"[?&]authorName="))
    expect(match_line(page, 1)).to_have_count(1)
    cells = row_cells(list_row(page, book.title))
    cells[3] = cells[3].replace("-", "")  # the ISBN is shown hyphenated by its ranges
    assert cells == [book.title, "1974", genre, isbn, f"{first_author}, {second_author}"]
    expect(page.get_by_label("Author", exact=True)).to_have_value(first_author)
    expect(page.get_by_role("link", name="Clear filters")).to_be_visible()
    shot(page, "filtered-by-author")
    filter_books(page, author=second_author, sort="Year (newest first)")
    expect(page).to_have_url(re.compile(r"[?&]sort=year(&|$)"))
    expect(list_row(page, book.title)).to_have_count(1)
    filter_books(page, publisher=publisher, genre=genre)
    expect(list_row(page, book.title)).to_have_count(1)
    filter_books(page, search=book.title.split()[-1])
    expect(list_row(page, book.title)).to_have_count(1)

    # The author's and the genre's pages list the book.
    open_entry(page, "author", first_author_id, first_author)
    expect(page.get_by_role("main").get_by_role("link", name=book.title, exact=True)).to_have_count(1)
    open_entry(page, "genre", genre_id, genre)
    expect(page.get_by_role("main").get_by_role("link", name=book.title, exact=True)).to_have_count(1)

    # Delete the book: asked first, then gone with its ISBN object and join rows; its entries stay.
    open_book(page, book_id, book.title)
    page.get_by_role("link", name="Delete book", exact=True).click()
    expect(page.get_by_role("heading", level=1, name="Delete this book?")).to_be_visible()
    expect(page.get_by_role("main")).to_contain_text(book.title)
    shot(page, "delete-confirmation")
    button(page, "Delete book").click()
    expect(page).to_have_url(re.compile(r"/books$"))
    expect(flash(page, f"Deleted {quoted(book.title)}")).to_be_visible()
    open_books(page, f"author={first_author_id}")
    expect(list_row(page, book.title)).to_have_count(0)
    response = page.goto(f"/books/{book_id}")
    assert response is not None and response.status == 404
    expect_book_gone(db, book_id, isbn_object_id, isbn)
    assert stored(db, "Genre", genre_id) is not None
    assert stored(db, "Author", first_author_id) is not None
    assert stored(db, "Publisher", publisher_id) is not None

    # Its ISBN is free again.
    reuse = BookInput(title=unique("Reissue "), isbn=isbn, genre=genre, authors=[first_author])
    open_new_book(page)
    fill_book_form(page, reuse)
    save_book(page, reuse.title)


def test_a_new_author_genre_and_publisher_from_the_book_form_keep_everything_typed(page: Page, server, quick, shot):
    db = server.database
    genre = unique("Nature writing ")
    quick_entry(quick, db, "genre", genre)
    existing_author = unique_person("Aldo", "Leopold")
    quick_entry(quick, db, "author", existing_author)

    open_new_book(page)
    isbn = new_isbn13()
    book = BookInput(title=unique("A Sand County Almanac "), isbn=isbn, genre=genre, year="1949",
                     authors=[existing_author])
    fill_book_form(page, book)

    new_author = unique_person("Charles", "Schwartz")
    add_new_entry_from_form(page, "author", new_author)
    shot(page, "author-added")
    book.authors.append(new_author)
    expect_form_holds(page, book)
    new_author_id = entry_id(db, "author", new_author)

    new_genre = unique("Essays on land ")
    add_new_entry_from_form(page, "genre", new_genre)
    book.genre = new_genre
    expect_form_holds(page, book)

    new_publisher = unique("Oxford University Press ")
    add_new_entry_from_form(page, "publisher", new_publisher)
    book.publishers.append(new_publisher)
    expect_form_holds(page, book)
    shot(page, "all-added")

    # A name that exists already (other case, extra spaces) is refused beside its field; nothing typed is lost.
    field_named(page, "New author").fill(f"  {existing_author.upper()}  ")
    submit_expecting(page, "Add author", 422)
    expect_message(page, "New author", "This author already exists")
    expect(field_named(page, "New author")).to_have_value(f"  {existing_author.upper()}  ")
    expect_form_holds(page, book)
    shot(page, "author-exists")

    book_id = save_book(page, book.title)
    assert section_lines(page, "Authors") == [existing_author, new_author]  # by surname: Leopold, Schwartz
    assert section_lines(page, "Publishers") == [new_publisher]
    fact(page, "Genre", new_genre)
    expect_stored_book(db, book_id, title=book.title, year=1949, isbn=isbn,
                       genre_id=entry_id(db, "genre", new_genre),
                       author_ids={entry_id(db, "author", existing_author), new_author_id},
                       publisher_ids={entry_id(db, "publisher", new_publisher)})


def test_the_author_filter_box_narrows_the_checkboxes_and_keeps_ticked_ones_in_sight(page: Page, server, quick, shot):
    db = server.database
    word = unique("filterbox")
    genre = unique("Poetry ")
    quick_entry(quick, db, "genre", genre)
    names = [f"Seamus Heaney {word}", f"Sylvia Plath {word}", f"Ted Hughes {word}"]
    for name in names:
        quick_entry(quick, db, "author", name)

    open_new_book(page)
    box = field_named(page, "Filter authors")
    expect(box).to_be_visible()
    # Tick one, then filter for another: the ticked one stays in sight and ticked, and is saved.
    checkbox(page, "Authors", names[2]).check()
    box.fill("Plath")
    expect(checkbox(page, "Authors", names[1])).to_be_visible()
    expect(checkbox(page, "Authors", names[0])).to_be_hidden()
    expect(checkbox(page, "Authors", names[2])).to_be_visible()
    expect(checkbox(page, "Authors", names[2])).to_be_checked()
    shot(page, "filtered")
    box.fill("sylvia")  # any case
    expect(checkbox(page, "Authors", names[1])).to_be_visible()
    expect(checkbox(page, "Authors", names[0])).to_be_hidden()
    # As every search box: any order, words by their beginning, not their middle.
    box.fill("PLATH syl")
    expect(checkbox(page, "Authors", names[1])).to_be_visible()
    box.fill("eamus")
    expect(checkbox(page, "Authors", names[0])).to_be_hidden()
    box.fill("sylvia")
    checkbox(page, "Authors", names[1]).check()
    box.fill("no such poet anywhere " + word)
    # Only the two ticked ones are left in sight.
    expect(fieldset(page, "Authors").get_by_role("checkbox").filter(visible=True)).to_have_count(2)
    expect(checkbox(page, "Authors", names[0])).to_be_hidden()
    shot(page, "no-match")
    box.fill("")
    for name in names:
        expect(checkbox(page, "Authors", name)).to_be_visible()
    box.fill(word)
    expect(fieldset(page, "Authors").get_by_role("checkbox").filter(visible=True)).to_have_count(3)
    box.fill("Heaney")  # saved with a filter typed: the ticks count, not what the box says

    title = unique("Ariel ")
    field_named(page, "Title").fill(title)
    field_named(page, "ISBN").fill(new_isbn13())
    field_named(page, "Genre").select_option(label=genre)
    field_named(page, "Publishing year").fill("1965")
    book_id = save_book(page, title)
    assert section_lines(page, "Authors") == [names[1], names[2]]
    assert related(db, "authors", "Book", book_id) == {entry_id(db, "author", names[1]),
                                                        entry_id(db, "author", names[2])}


def test_an_invalid_isbn_check_digit_is_refused_and_isbn_10_with_x_is_accepted(page: Page, server, quick, shot):
    db = server.database
    genre = unique("Reference ")
    quick_entry(quick, db, "genre", genre)
    open_new_book(page)
    good = new_isbn13()
    book = BookInput(title=unique("Checked digits "), isbn=hyphenated13(with_wrong_check_digit(good)), genre=genre,
                     year="1999")
    fill_book_form(page, book)
    submit_expecting(page, "Save book", 422)
    shot(page, "bad-check-digit")
    expect_message(page, "ISBN", "This is not a valid ISBN \u2014 check the digits")
    expect(page.get_by_role("alert")).to_contain_text("There is a problem")
    expect_form_holds(page, book)
    assert isbn_objects(db, with_wrong_check_digit(good)) == []

    # A valid ISBN-10 whose check digit is X, typed in lower case with hyphens, is stored as digits + "X".
    isbn10 = new_isbn10(ending_in_x=True)
    field_named(page, "ISBN").fill(f"{isbn10[0]}-{isbn10[1:5]}-{isbn10[5:9]}-x")
    book_id = save_book(page, book.title)
    fact(page, "ISBN", isbn10)
    assert stored(db, "ISBN", stored(db, "Book", book_id)["isbn"])["value"] == isbn10

    # Other rules of the form, each beside its field, with the values kept.
    open_new_book(page)
    field_named(page, "Publishing year").fill("1200")
    field_named(page, "Title").evaluate("f => { f.form.noValidate = true }")
    submit_expecting(page, "Save book", 422)
    expect_message(page, "Title", "Enter a title")
    # The ISBN may be left empty (most books from before 1970 have none): no message beside it.
    expect(field_named(page, "ISBN")).not_to_have_attribute("aria-invalid", "true")
    # A genre is optional: a title alone is a book.
    expect(field_named(page, "Genre")).not_to_have_attribute("aria-invalid", "true")
    expect_message(page, "Publishing year", "between 1450 and")
    expect(field_named(page, "Publishing year")).to_have_value("1200")
    shot(page, "empty-form")


def test_editing_moves_the_relation_rows_and_the_genre(page: Page, server, quick, shot):
    db = server.database
    genre_a, genre_b = unique("Crime "), unique("Thriller ")
    a_id, b_id = quick_entry(quick, db, "genre", genre_a), quick_entry(quick, db, "genre", genre_b)
    authors = [unique_person("Agatha", "Christie"), unique_person("Dorothy", "Sayers"), unique_person("Ngaio", "Marsh")]
    author_ids = [quick_entry(quick, db, "author", name) for name in authors]
    publisher = unique("Collins Crime Club ")
    publisher_id = quick_entry(quick, db, "publisher", publisher)
    title = unique("Murder Must Advertise ")
    isbn = new_isbn13()
    book_id = quick_book(quick, title, isbn, a_id, "1933", authors=author_ids[:2], publishers=[publisher_id])
    isbn_object_id = stored(db, "Book", book_id)["isbn"]
    assert owners(db, "books", "Genre", book_id) == {a_id}

    open_book_editor(page, book_id, title)
    expect_form_holds(page, BookInput(title=title, isbn=isbn, genre=genre_a, year="1933", authors=authors[:2],
                                      publishers=[publisher]))
    checkbox(page, "Authors", authors[0]).uncheck()
    checkbox(page, "Authors", authors[2]).check()
    checkbox(page, "Publishers", publisher).uncheck()
    field_named(page, "Genre").select_option(label=genre_b)
    renamed = title.replace("Murder", "Death")
    field_named(page, "Title").fill(renamed)
    shot(page, "edited")
    assert save_book(page, renamed, "Save changes") == book_id
    assert section_lines(page, "Authors") == [authors[2], authors[1]]  # by surname: Marsh, Sayers
    assert publisher not in section_lines(page, "Publishers")
    expect(page.get_by_role("main").get_by_role("link", name=publisher, exact=True)).to_have_count(0)
    fact(page, "Genre", genre_b)
    # Rows moved precisely; the ISBN object was not replaced (the ISBN did not change).
    expect_stored_book(db, book_id, title=renamed, year=1933, isbn=isbn, genre_id=b_id,
                       author_ids={author_ids[1], author_ids[2]}, publisher_ids=set())
    assert stored(db, "Book", book_id)["isbn"] == isbn_object_id
    assert book_id not in related(db, "books", "Genre", a_id)

    # A new ISBN replaces the value (one ISBN object for the book, the old value gone).
    other = new_isbn13()
    open_book_editor(page, book_id, renamed)
    field_named(page, "ISBN").fill(other)
    save_book(page, renamed, "Save changes")
    fact(page, "ISBN", other)
    assert isbn_objects(db, isbn) == []
    assert stored(db, "ISBN", stored(db, "Book", book_id)["isbn"])["value"] == other


def test_deleting_an_author_says_how_many_books_lose_it(page: Page, server, quick, shot):
    db = server.database
    genre_id = quick_entry(quick, db, "genre", unique("Fantasy "))
    author = unique("Terry Pratchett ")
    author_id = quick_entry(quick, db, "author", author)
    co_author = unique("Neil Gaiman ")
    co_id = quick_entry(quick, db, "author", co_author)
    titles = [unique("Good Omens "), unique("Mort "), unique("Small Gods ")]
    ids = [quick_book(quick, titles[0], new_isbn13(), genre_id, "1990", authors=[author_id, co_id])]
    ids += [quick_book(quick, t, new_isbn13(), genre_id, "1987", authors=[author_id]) for t in titles[1:]]

    open_catalogue(page, "author")
    entry = page.get_by_role("main").get_by_role("listitem").filter(
        has=page.get_by_role("link", name=author, exact=True))
    expect(entry).to_contain_text("3 books")
    page.get_by_role("main").get_by_role("link", name=author, exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(author)
    for title in titles:
        expect(page.get_by_role("main").get_by_role("link", name=title, exact=True)).to_have_count(1)
    page.get_by_role("link", name=re.compile(r"^Delete")).click()
    expect(page.get_by_text("This author will be removed from 3 books.")).to_be_visible()
    shot(page, "confirm")
    # Cancel keeps it.
    page.get_by_role("link", name="Cancel", exact=True).click()
    expect(page).to_have_url(re.compile(rf"/authors/{author_id}$"))
    page.goto(f"/authors/{author_id}/delete")
    button(page, "Delete author").click()
    expect(page).to_have_url(re.compile(r"/authors$"))
    expect(flash(page, author)).to_be_visible()
    expect(page.get_by_role("main").get_by_role("link", name=author, exact=True)).to_have_count(0)
    shot(page, "deleted")

    open_book(page, ids[0], titles[0])
    assert section_lines(page, "Authors") == [co_author]
    assert stored(db, "Author", author_id) is None
    assert owners(db, "authors", "Book", author_id) == set()
    assert related(db, "authors", "Book", ids[0]) == {co_id}
    for book_id in ids:
        assert stored(db, "Book", book_id) is not None, "deleting an author keeps its books"


def test_deleting_a_genre_in_use_moves_its_books_to_another(page: Page, server, quick, shot):
    db = server.database
    old = unique("Sci-fi ")
    new = unique("Science fiction ")
    old_id, new_id = quick_entry(quick, db, "genre", old), quick_entry(quick, db, "genre", new)
    titles = [unique("Dune "), unique("Hyperion ")]
    ids = [quick_book(quick, t, new_isbn13(), old_id, "1965") for t in titles]

    open_entry(page, "genre", old_id, old)
    page.get_by_role("link", name=re.compile(r"^Delete")).click()
    expect(page.get_by_text("2 books use this genre")).to_be_visible()
    field_named(page, "Move its books to").select_option(label=new)
    shot(page, "move")
    button(page, "Move books and delete genre").click()
    expect(page).to_have_url(re.compile(r"/genres$"))
    expect(flash(page, new)).to_be_visible()
    expect(flash(page, old)).to_be_visible()
    shot(page, "moved")

    for title, book_id in zip(titles, ids):
        open_book(page, book_id, title)
        fact(page, "Genre", new)
        assert stored(db, "Book", book_id)["genre"] == new_id
        assert owners(db, "books", "Genre", book_id) == {new_id}
    assert stored(db, "Genre", old_id) is None
    assert related(db, "books", "Genre", old_id) == set()
    assert related(db, "books", "Genre", new_id) == set(ids)

    # A genre nobody uses is deleted without a question about books.
    lonely = unique("Unused genre ")
    lonely_id = quick_entry(quick, db, "genre", lonely)
    page.goto(f"/genres/{lonely_id}/delete")
    expect(page.get_by_label("Move its books to")).to_have_count(0)
    button(page, "Delete genre").click()
    expect(flash(page, lonely)).to_be_visible()
    assert stored(db, "Genre", lonely_id) is None


def test_catalogue_names_are_unique_ignoring_case_and_spaces_and_can_be_renamed(page: Page, server, shot):
    db = server.database
    name = unique("Hutchinson ")
    publisher_id = add_entry(page, "publisher", name)
    field_named(page, "Name").fill(f"   {name.lower()}  ")
    submit_expecting(page, "Add publisher", 422)
    expect_message(page, "Name", "This publisher already exists")
    expect(field_named(page, "Name")).to_have_value(f"   {name.lower()}  ")
    shot(page, "exists")
    field_named(page, "Name").fill("")
    submit_expecting(page, "Add publisher", 422)
    expect_message(page, "Name", "Enter a name")

    # Stored trimmed.
    spaced = unique("Faber ")
    add_entry(page, "publisher", f"  {spaced}  ")
    assert stored(db, "Publisher", entry_id(db, "publisher", spaced))["name"] == spaced

    open_entry(page, "publisher", publisher_id, name)
    renamed = name.replace("Hutchinson", "Hutchinson & Co")
    field_named(page, "Name").fill(renamed)
    button(page, "Rename").click()
    expect(flash(page, renamed)).to_be_visible()
    assert stored(db, "Publisher", publisher_id)["name"] == renamed
    # Renaming to another publisher's name (in any case) renames nothing and offers to merge the two instead.
    open_entry(page, "publisher", publisher_id, renamed)
    field_named(page, "Name").fill(spaced.upper())
    submit_expecting(page, "Rename", 409)
    expect(page.get_by_text(f"There is already a publisher called “{spaced}”.", exact=False)).to_be_visible()
    expect(button(page, f"Merge into “{spaced}”")).to_be_visible()
    assert stored(db, "Publisher", publisher_id)["name"] == renamed


def test_the_book_list_shows_its_count_and_is_reachable_from_the_navigation(page: Page, server, quick):
    db = server.database
    page.goto("/")
    page.get_by_role("navigation").get_by_role("link", name="Books", exact=True).click()
    expect(page.get_by_role("heading", level=1, name="Books", exact=True)).to_be_visible()
    expect(page.get_by_text(re.compile(r"^[\d,]+ books?$"))).to_have_count(1)
    for kind, heading in [("Genres", "Genres"), ("Authors", "Authors"), ("Publishers", "Publishers")]:
        open_books(page)
        page.get_by_role("main").get_by_role("link", name=kind, exact=True).first.click()
        expect(page.get_by_role("heading", level=1, name=heading, exact=True)).to_be_visible()
    genre_id = quick_entry(quick, db, "genre", unique("Cookery "))
    title = unique("Jerusalem ")
    book_id = quick_book(quick, title, new_isbn13(), genre_id, "2012")
    open_books(page, f"q={title.split()[-1]}")
    expect(match_line(page, 1)).to_have_count(1)
    page.get_by_role("link", name=title, exact=True).click()
    expect(page).to_have_url(re.compile(rf"/books/{book_id}$"))
    assert book_id_of(page) == book_id
    open_books(page, "q=zzz-no-such-book-anywhere")
    expect(page.get_by_role("table")).to_have_count(0)
