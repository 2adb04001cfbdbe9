"""A book without an ISBN or a year, the ISBN-10 of a catalogued ISBN-13 refused, and reading and lending with the
list's "Lent out" and "Unread" shelves — in a real browser."""

from __future__ import annotations

from playwright.sync_api import Page, expect

import random

from book_steps import (
    BookInput, add_entry, button, fact, field_named, fill_book_form, isbn10_check_digit, isbn13_check_digit,
    list_row, open_books, open_new_book, save_book, submit_expecting,
)
from steps import unique


def new_978_isbn13() -> str:
    """A valid ISBN-13 starting 978, which has an ISBN-10 form."""
    twelve = "978" + "".join(random.choice("0123456789") for _ in range(9))
    return twelve + isbn13_check_digit(twelve)


def isbn10_of(isbn13: str) -> str:
    """The ISBN-10 of a 978 ISBN-13."""
    return isbn13[3:12] + isbn10_check_digit(isbn13[3:12])


def test_a_book_without_an_isbn_or_year_and_the_isbn10_of_a_catalogued_book(page: Page, shot):
    genre = unique("Poetry ")
    add_entry(page, "genre", genre)
    old = unique("Leaves of Grass ")
    open_new_book(page)
    fill_book_form(page, BookInput(title=old, isbn="", genre=genre, year=""))
    book_id = save_book(page, old)
    assert book_id
    expect(page.get_by_text("ISBN", exact=True)).to_have_count(0)
    shot(page, "book-without-isbn")

    isbn = new_978_isbn13()
    first = unique("Dune ")
    open_new_book(page)
    fill_book_form(page, BookInput(title=first, isbn=isbn, genre=genre))
    save_book(page, first)
    fact(page, "ISBN", isbn)
    fact(page, "ISBN", isbn10_of(isbn))

    open_new_book(page)
    fill_book_form(page, BookInput(title=unique("Dune again "), isbn=isbn10_of(isbn), genre=genre))
    submit_expecting(page, "Save book", 422)
    expect(page.get_by_role("link", name=f"\u201c{first}\u201d", exact=True)).to_be_visible()
    shot(page, "isbn10-refused")


def test_lending_a_book_and_finding_it_under_lent_out(page: Page, shot):
    genre = unique("Crime ")
    add_entry(page, "genre", genre)
    title = unique("The Moonstone ")
    open_new_book(page)
    fill_book_form(page, BookInput(title=title, isbn="", genre=genre, year="1868"))
    field_named(page, "Reading").select_option(label="Read")
    field_named(page, "Lent to").fill("Aunt Mary")
    lent_on = page.get_by_role("group", name="Lent on", exact=True)
    lent_on.get_by_label("Day", exact=True).fill("28")
    lent_on.get_by_label("Month", exact=True).fill("4")
    lent_on.get_by_label("Year", exact=True).fill("2024")
    shot(page, "form-with-lending")
    save_book(page, title)
    fact(page, "Reading", "Read")
    fact(page, "Lent out", "Since 28 April 2024")
    shot(page, "book-page")

    open_books(page, "shelf=lent&genre=")
    expect(list_row(page, title)).to_have_count(1)
    field_named(page, "Show").select_option(label="Unread")
    button(page, "Show books").click()
    expect(list_row(page, title)).to_have_count(0)


def test_at_1280_the_tables_never_break_a_year_an_isbn_or_a_one_word_genre(page: Page, quick, shot):
    genre = unique("Psychology")
    add_entry(page, "genre", genre)
    author = add_entry(page, "author", unique("Bartholomew Fitzwilliam-Montgomery "))
    open_new_book(page)
    title = unique("A very long title about the many small rivers of the northern hills and their mills ")
    fill_book_form(page, BookInput(title=title, isbn=new_978_isbn13(), genre=genre, year="1987"))
    save_book(page, title)
    assert author
    page.set_viewport_size({"width": 1280, "height": 900})
    for path, labels in [("/books", ["Year", "ISBN", "Genre"]), ("/recipes", ["Servings", "Price", "Release date"])]:
        page.goto(path)
        broken = page.evaluate(
            """labels => [...document.querySelectorAll('.recipe-table td')]
                .filter(td => labels.includes(td.dataset.label) && td.innerText.trim() && !/\\s/.test(td.innerText.trim()))
                .filter(td => { const r = document.createRange(); r.selectNodeContents(td);
                                const tops = new Set([...r.getClientRects()].map(b => Math.round(b.top)));
                                return tops.size > 1; })
                .map(td => td.dataset.label + ': ' + td.innerText)""",
            labels)
        assert broken == [], f"{path} breaks inside {broken}"
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    shot(page, "tables-at-1280")
