"""The book form with JavaScript turned off: every author and publisher is listed as a checkbox (no filter box),
"Add author" / "Add genre" / "Add publisher" post the whole form to its own URL and come back with everything typed
kept and the new entry ticked (or selected), and saving stores the contract's shape."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from book_steps import (
    BookInput,
    button,
    checkbox,
    entry_id,
    expect_form_holds,
    expect_message,
    expect_stored_book,
    fact,
    field_named,
    fieldset,
    fill_book_form,
    new_isbn13,
    open_book_editor,
    open_new_book,
    quick_book,
    quick_entry,
    save_book,
    section_lines,
)
from steps import unique, unique_person


@pytest.fixture
def page_without_js(new_context) -> Page:
    context = new_context(java_script_enabled=False)
    return context.new_page()


def press_add(page: Page, kind: str, url: str, status: int = 200) -> None:
    """"Add author" without JavaScript: a POST of the whole form to the form's own URL that answers with the form."""
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        button(page, f"Add {kind}").click()
    response = answer.value
    assert response.status == status, f"Add {kind} answered {response.status}, expected {status}"
    assert re.search(url, response.url), f"Add {kind} posted to {response.url}, expected {url}"
    page.wait_for_load_state()


def test_new_entries_from_the_book_form_without_javascript_keep_everything_typed(page_without_js: Page, server,
                                                                                  quick, shot):
    page = page_without_js
    db = server.database
    genre = unique("Travel ")
    quick_entry(quick, db, "genre", genre)
    author = unique_person("Patrick", "Leigh Fermor")
    quick_entry(quick, db, "author", author)
    publisher = unique("John Murray ")
    quick_entry(quick, db, "publisher", publisher)

    open_new_book(page)
    # Without JavaScript the filter box comes with its Find button, and every author is listed until it is used.
    expect(page.get_by_label("Filter authors")).to_be_visible()
    expect(fieldset(page, "Authors").get_by_role("button", name="Find", exact=True)).to_be_visible()
    expect(checkbox(page, "Authors", author)).to_be_visible()
    isbn = new_isbn13()
    book = BookInput(title=unique("A Time of Gifts "), isbn=isbn, genre=genre, year="1977", authors=[author],
                     publishers=[publisher])
    fill_book_form(page, book)

    new_author = unique_person("Colin", "Thubron")
    field_named(page, "New author").fill(new_author)
    press_add(page, "author", r"/books/new$")
    shot(page, "author-added")
    book.authors.append(new_author)
    expect_form_holds(page, book)
    expect(field_named(page, "New author")).to_have_value("")

    new_genre = unique("Walking ")
    field_named(page, "New genre").fill(new_genre)
    press_add(page, "genre", r"/books/new$")
    book.genre = new_genre
    expect_form_holds(page, book)

    new_publisher = unique("Penguin ")
    field_named(page, "New publisher").fill(new_publisher)
    press_add(page, "publisher", r"/books/new$")
    book.publishers.append(new_publisher)
    expect_form_holds(page, book)

    # An empty name is refused beside its field (422), the rest kept.
    field_named(page, "New author").fill("   ")
    press_add(page, "author", r"/books/new$", status=422)
    expect_message(page, "New author", "Enter a name")
    expect_form_holds(page, book)
    shot(page, "empty-name")

    book_id = save_book(page, book.title)
    assert section_lines(page, "Authors") == [author, new_author]  # by surname: Fermor, Thubron
    assert section_lines(page, "Publishers") == sorted([publisher, new_publisher], key=str.lower)
    fact(page, "Genre", new_genre)
    expect_stored_book(db, book_id, title=book.title, year=1977, isbn=isbn, genre_id=entry_id(db, "genre", new_genre),
                       author_ids={entry_id(db, "author", author), entry_id(db, "author", new_author)},
                       publisher_ids={entry_id(db, "publisher", publisher),
                                      entry_id(db, "publisher", new_publisher)})


def test_add_author_on_the_edit_form_without_javascript_posts_to_the_edit_url(page_without_js: Page, server, quick):
    page = page_without_js
    db = server.database
    genre_id = quick_entry(quick, db, "genre", unique("History "))
    title = unique("The Guns of August ")
    isbn = new_isbn13()
    book_id = quick_book(quick, title, isbn, genre_id, "1962")
    open_book_editor(page, book_id, title)
    field_named(page, "Publishing year").fill("1963")
    author = unique("Barbara Tuchman ")
    field_named(page, "New author").fill(author)
    press_add(page, "author", rf"/books/{book_id}/edit$")
    expect(checkbox(page, "Authors", author)).to_be_checked()
    expect(field_named(page, "Publishing year")).to_have_value("1963")
    expect(page.get_by_role("heading", level=1, name="Edit book")).to_be_visible()
    assert save_book(page, title, "Save changes") == book_id
    assert section_lines(page, "Authors") == [author]
    fact(page, "Year", "1963")


def test_without_javascript_every_author_checkbox_is_listed_and_saved(page_without_js: Page, server, quick):
    page = page_without_js
    db = server.database
    genre = unique("Drama ")
    quick_entry(quick, db, "genre", genre)
    names = [unique_person("Anton", "Chekhov"), unique_person("Henrik", "Ibsen")]
    for name in names:
        quick_entry(quick, db, "author", name)
    open_new_book(page)
    authors = fieldset(page, "Authors")
    for name in names:
        expect(authors.get_by_role("checkbox", name=name, exact=True)).to_be_visible()
    book = BookInput(title=unique("Four Plays "), isbn=new_isbn13(), genre=genre, authors=names)
    fill_book_form(page, book)
    save_book(page, book.title)
    assert section_lines(page, "Authors") == names  # by surname: Chekhov, Ibsen
