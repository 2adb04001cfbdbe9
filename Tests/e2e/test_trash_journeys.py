"""Deleted is not gone, in a real browser: a book with two authors and a publisher deleted and brought back with
Undo — the same links on its page and the very same SQLite rows — and a to-do restored from the Trash page.
"""

from __future__ import annotations

import stored_data
from pathlib import Path

from playwright.sync_api import Page, expect

from book_steps import new_isbn13, open_book, quick_book, quick_entry, section_lines
from steps import add_todo, click_delete, flash, item, quoted, unique


# A restore is a change made now: these two columns say when and by whom, and nothing else may differ.
CHANGE_STAMP = {"updatedAt", "updatedBy"}


def book_rows(database: Path, book_id: str) -> dict[str, list[dict]]:
    """Every row that holds the book — its Book row, its ISBN row, its rows in every join table — without the
    change stamp."""
    with stored_data.connect(database) as db:

        def rows(sql: str, *args) -> list[dict]:
            return [{k: r[k] for k in r.keys() if k not in CHANGE_STAMP} for r in db.execute(sql, args).fetchall()]

        found: dict[str, list[dict]] = {"Book": rows('SELECT * FROM "Book" WHERE "objectId" = ?', book_id)}
        if found["Book"] and found["Book"][0].get("isbn"):
            found["ISBN"] = rows('SELECT * FROM "ISBN" WHERE "objectId" = ?', found["Book"][0]["isbn"])
        for table in stored_data.table_names(db):
            if table.startswith("_Join:"):
                joined = rows(f'SELECT * FROM "{table}" WHERE "owningId" = ? OR "relatedId" = ? ORDER BY 1, 2',
                              book_id, book_id)
                if joined:
                    found[table] = joined
        return found


def test_undo_a_book_delete_brings_back_its_links_and_its_rows(page: Page, server, quick, shot):
    db = server.database
    genre = quick_entry(quick, db, "genre", unique("Utopias "))
    first, second = unique("Ursula K. Le Guin "), unique("Octavia E. Butler ")
    authors = [quick_entry(quick, db, "author", first), quick_entry(quick, db, "author", second)]
    publisher = quick_entry(quick, db, "publisher", unique("Harper "))
    title = unique("The Dispossessed ")
    book_id = quick_book(quick, title, new_isbn13(), genre, "1974", authors, [publisher])
    before = book_rows(db, book_id)
    assert set(before) >= {"Book", "ISBN"} and len([t for t in before if t.startswith("_Join:")]) == 3, before

    open_book(page, book_id, title)
    shown_before = (section_lines(page, "Authors"), section_lines(page, "Publishers"))
    page.get_by_role("link", name="Delete book", exact=True).click()
    page.get_by_role("button", name="Delete book", exact=True).click()
    expect(flash(page, f"Deleted {quoted(title)}.")).to_be_visible()
    assert book_rows(db, book_id) == {"Book": []}, "every row of the book is gone while it is in the trash"
    shot(page, "deleted-with-undo")

    page.get_by_role("button", name="Undo", exact=True).click()
    expect(flash(page, f"Restored {quoted(title)}.")).to_be_visible()
    expect(page.get_by_role("heading", level=1)).to_have_text(title)
    assert (section_lines(page, "Authors"), section_lines(page, "Publishers")) == shown_before
    assert book_rows(db, book_id) == before, "the same Book, ISBN and relation rows"


def test_delete_a_to_do_and_restore_it_from_the_trash_page(page: Page, shot):
    title = unique("Spare keys ")
    add_todo(page, title, "Under the mat")
    click_delete(page, title)
    page.get_by_role("button", name="Delete to-do", exact=True).click()
    expect(item(page, title)).to_have_count(0)

    page.goto("/")
    page.get_by_role("link", name="Trash", exact=True).click()
    expect(page.get_by_role("heading", level=1, name="Trash")).to_be_visible()
    row = page.locator(".trash-item").filter(has_text=title)
    expect(row).to_contain_text("To-do")
    shot(page, "trash")
    page.set_viewport_size({"width": 375, "height": 800})
    shot(page, "trash-phone")
    page.set_viewport_size({"width": 1024, "height": 800})
    row.get_by_role("button", name=f"Restore {title}").click()
    expect(flash(page, f"Restored {quoted(title)}.")).to_be_visible()
    expect(item(page, title)).to_be_visible()
    page.goto("/trash")
    expect(page.locator(".trash-item").filter(has_text=title)).to_have_count(0)
