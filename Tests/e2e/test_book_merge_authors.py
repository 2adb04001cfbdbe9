"""Merging two authors in a real browser, and narrowing the author picker without JavaScript.

A household moving from another app often has one writer twice ("Pratchett, Terry" and "Terry Pratchett"): renaming
one to the other's name offers the merge, the books then list the author once, and Undo from the kept author's
History puts every book back as it was. With JavaScript off, the book form's "Find" narrows a long author list and
keeps everything typed.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from book_steps import (
    button,
    checkbox,
    field_named,
    fieldset,
    new_isbn13,
    open_entry,
    open_new_book,
    quick_book,
    quick_entry,
    related,
    section_lines,
)
from steps import flash, quoted, unique

SIZES = {"wide": {"width": 1280, "height": 900}, "phone": {"width": 375, "height": 800}}


@pytest.fixture
def page_without_js(new_context) -> Page:
    return new_context(java_script_enabled=False).new_page()


def both_sizes(page: Page, shot, step: str) -> None:
    """Screenshots of the page as it is, 1280 px and 375 px wide."""
    for name, size in SIZES.items():
        page.set_viewport_size(size)
        shot(page, f"{step}-{name}")
    page.set_viewport_size(SIZES["wide"])


def test_merging_two_authors_and_undoing_it_from_history(page: Page, server, quick, shot):
    db = server.database
    genre = quick_entry(quick, db, "genre", unique("Comic fantasy "))
    kept_name = unique("Terry Pratchett ")
    merged_name = "Sir " + kept_name
    kept = quick_entry(quick, db, "author", kept_name)
    merged = quick_entry(quick, db, "author", merged_name)
    books = {
        "only merged": quick_book(quick, unique("Mort "), new_isbn13(), genre, authors=[merged]),
        "only kept": quick_book(quick, unique("Sourcery "), new_isbn13(), genre, authors=[kept]),
        "both": quick_book(quick, unique("Good Omens "), new_isbn13(), genre, authors=[merged, kept]),
    }
    before = {name: related(db, "authors", "Book", book) for name, book in books.items()}
    assert before["both"] == {merged, kept}

    # Renaming the one to the other's name: the two are offered as one.
    open_entry(page, "author", merged, merged_name)
    field_named(page, "Name").fill(kept_name)
    button(page, "Rename").click()
    heading = f"Merge {quoted(merged_name)} into {quoted(kept_name)}?"
    expect(page.get_by_role("heading", level=1, name=heading)).to_be_visible()
    expect(page.get_by_text(f"There is already an author called {quoted(kept_name)}.")).to_be_visible()
    counts = page.locator(".merge-entries li")
    expect(counts.nth(0)).to_contain_text("2 books")
    expect(counts.nth(1)).to_contain_text("2 books")
    both_sizes(page, shot, "merge-offer")

    button(page, f"Merge into {quoted(kept_name)}").click()
    expect(flash(page, f"Merged {quoted(merged_name)} into {quoted(kept_name)} (2 books).")).to_be_visible()
    expect(page.get_by_role("heading", level=1)).to_have_text(kept_name)
    for name, book in books.items():
        assert related(db, "authors", "Book", book) == {kept}, name
        page.goto(f"/books/{book}")
        assert section_lines(page, "Authors") == [kept_name], name
    assert page.request.get(f"/authors/{merged}").status == 404

    # Undo from the kept author's History: every book back as it was.
    page.goto(f"/authors/{kept}/history")
    entry = page.locator(".history-entry").filter(has_text=f"Merged {quoted(merged_name)} into this author")
    expect(entry).to_have_count(1)
    shot(page, "merge-history")
    entry.get_by_role("button").click()
    expect(flash(page, merged_name)).to_be_visible()
    expect(page.get_by_role("heading", level=1)).to_have_text(merged_name)
    for name, book in books.items():
        assert related(db, "authors", "Book", book) == before[name], name
    page.goto(f"/books/{books['both']}")
    assert sorted(section_lines(page, "Authors")) == sorted([kept_name, merged_name])
    page.goto(f"/authors/{kept}/history")
    expect(page.locator(".history-entry").filter(has_text=f"Merged {quoted(merged_name)}").get_by_role("button")) \
        .to_have_count(0)


def test_find_narrows_the_author_list_without_javascript(page_without_js: Page, server, quick, shot):
    page = page_without_js
    db = server.database
    tag = unique("")
    genre_name = unique("Essays ")
    quick_entry(quick, db, "genre", genre_name)
    wanted = [f"Find{tag} Author {n:03d}" for n in range(3)]
    for n in range(40):
        quick_entry(quick, db, "author", f"Other{tag} Writer {n:03d}")
    for name in wanted:
        quick_entry(quick, db, "author", name)
    ticked_name = f"Other{tag} Writer 007"

    open_new_book(page)
    field_named(page, "Title").fill("Collected essays")
    field_named(page, "ISBN").fill(new_isbn13())
    field_named(page, "Genre").select_option(label=genre_name)
    field_named(page, "Publishing year").fill("2004")
    field_named(page, "New publisher").fill("Small Press")
    checkbox(page, "Authors", ticked_name).check()
    authors = fieldset(page, "Authors")
    authors.get_by_label("Filter authors").fill(f"find{tag}")
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        authors.get_by_role("button", name="Find", exact=True).click()
    assert answer.value.status == 200
    page.wait_for_load_state()

    shown = authors.get_by_role("checkbox")
    expect(shown).to_have_count(len(wanted) + 1)
    for name in wanted:
        expect(checkbox(page, "Authors", name)).not_to_be_checked()
    expect(checkbox(page, "Authors", ticked_name)).to_be_checked()
    expect(field_named(page, "Title")).to_have_value("Collected essays")
    expect(field_named(page, "Publishing year")).to_have_value("2004")
    expect(field_named(page, "New publisher")).to_have_value("Small Press")
    expect(authors.get_by_label("Filter authors")).to_have_value(f"find{tag}")
    both_sizes(page, shot, "find-without-js")

    checkbox(page, "Authors", wanted[1]).check()
    button(page, "Save book").click()
    expect(page).to_have_url(re.compile(r"/books/[A-Za-z0-9]+$"))
    assert sorted(section_lines(page, "Authors")) == sorted([wanted[1], ticked_name])


def test_the_author_list_narrows_as_you_type_with_javascript(page: Page, server, quick):
    db = server.database
    tag = unique("")
    for name in [f"Typed{tag} Ada", f"Typed{tag} Bea", f"Other{tag} Cy"]:
        quick_entry(quick, db, "author", name)
    open_new_book(page)
    authors = fieldset(page, "Authors")
    expect(authors.get_by_role("button", name="Find", exact=True)).to_be_hidden()
    checkbox(page, "Authors", f"Other{tag} Cy").check()
    authors.get_by_label("Filter authors").fill(f"typed{tag} b")
    expect(checkbox(page, "Authors", f"Typed{tag} Bea")).to_be_visible()
    expect(checkbox(page, "Authors", f"Typed{tag} Ada")).to_be_hidden()
    expect(checkbox(page, "Authors", f"Other{tag} Cy")).to_be_visible()
