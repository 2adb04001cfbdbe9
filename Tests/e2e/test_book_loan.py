"""A loan and its return in a real browser: lend a book to Bea, see it under "Lent out" with who has it, since when
and when it is due back, find it by searching "Bea", press "Returned", and read the loan in the book's History."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from book_steps import (
    BookInput, add_entry, button, field_named, fill_book_form, list_row, open_books, open_new_book, save_book,
)
from steps import unique


def look_at(page: Page, shot, step: str) -> None:
    """Screenshots of the page as it is at 1280 px and on a 375 px phone, then back to the usual width."""
    for width in (1280, 375):
        page.set_viewport_size({"width": width, "height": 900})
        shot(page, f"{step}-{width}")
    page.set_viewport_size({"width": 1024, "height": 800})


def test_lending_a_book_to_bea_and_marking_it_returned(page: Page, shot):
    genre = unique("Loans ")
    add_entry(page, "genre", genre)
    title = unique("The Hobbit ")
    open_new_book(page)
    fill_book_form(page, BookInput(title=title, isbn="9780261102217", genre=genre, year="1937"))
    page.get_by_role("radio", name="4 stars", exact=True).check()
    field_named(page, "Lent to").fill("Bea")
    due = page.get_by_role("group", name="Due back", exact=True)
    due.get_by_label("Day", exact=True).fill("1")
    due.get_by_label("Month", exact=True).fill("12")
    due.get_by_label("Year", exact=True).fill("2099")
    look_at(page, shot, "form")
    book_id = save_book(page, title)

    # The book page: who has it since today, when it is due back, the stars with their words, the ISBN hyphenated.
    main = page.locator("main")
    expect(main).to_contain_text("Lent to Bea today")
    expect(main).to_contain_text("due back 1 December 2099")
    expect(main).to_contain_text("4 stars out of 5")
    expect(main).to_contain_text("ISBN-13 978-0-261-10221-7")
    expect(button(page, "Returned")).to_be_visible()
    look_at(page, shot, "book-page")

    # Lent out: the row says who, since when and until when.
    open_books(page, "shelf=lent")
    row = list_row(page, title)
    expect(row).to_contain_text("Lent to Bea today · due back 1 December 2099")
    look_at(page, shot, "lent-out")

    # The borrower's name finds the book.
    open_books(page, "q=Bea")
    expect(list_row(page, title)).to_have_count(1)

    # One press on the Lent out row: the book is home and the list is where it was.
    open_books(page, "shelf=lent")
    list_row(page, title).get_by_role("button", name=f"Returned \u201c{title}\u201d").click()
    expect(page).to_have_url(re.compile(r"/books\?shelf=lent$"))
    expect(page.get_by_role("status")).to_contain_text(f"\u201c{title}\u201d is back from Bea")
    expect(list_row(page, title)).to_have_count(0)

    # The History reads the loan: lent, then returned.
    page.goto(f"/books/{book_id}/history")
    history = page.locator("main")
    expect(history).to_contain_text("Returned by Bea")
    expect(history).to_contain_text("Lent to")
    shot(page, "history")
