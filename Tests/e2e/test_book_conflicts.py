"""Two people editing one book at once (issue 5, "No silent overwrites"), in two browser windows: different
authors ticked on each side are both kept with a message saying so; the same title changed on both sides gives
the second person a page to choose from, and their choice is what the book page shows."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from book_steps import (
    button,
    checkbox,
    field_named,
    new_isbn13,
    open_book_editor,
    quick_book,
    quick_entry,
    related,
    section_lines,
    stored,
)
from steps import flash, quoted, unique


def test_two_people_edit_one_book_authors_merge_and_a_title_clash_is_chosen(
    page: Page, browser, browser_context_args, server, quick, shot
):
    db = server.database
    genre_id = quick_entry(quick, db, "genre", unique("Science fiction "))
    herbert, anderson, brian = (unique(name) for name in ["Frank Herbert ", "Kevin J. Anderson ", "Brian Herbert "])
    herbert_id = quick_entry(quick, db, "author", herbert)
    anderson_id = quick_entry(quick, db, "author", anderson)
    brian_id = quick_entry(quick, db, "author", brian)
    title = unique("Dune ")
    book_id = quick_book(quick, title, new_isbn13(), genre_id, "1965", authors=[herbert_id])

    # Ana uses the test's page; Ben has a browser window of his own.
    ana = page
    ben_context = browser.new_context(**browser_context_args)
    ben = ben_context.new_page()
    try:
        # Both open the edit form; each ticks a different author and saves.
        open_book_editor(ana, book_id, title)
        open_book_editor(ben, book_id, title)
        checkbox(ana, "Authors", anderson).check()
        button(ana, "Save changes").click()
        expect(flash(ana, f"Saved {quoted(title)}")).to_be_visible()
        checkbox(ben, "Authors", brian).check()
        button(ben, "Save changes").click()
        expect(flash(ben, "changed Authors at")).to_be_visible()
        expect(flash(ben, "while you were editing; both changes are kept.")).to_be_visible()
        assert sorted(section_lines(ben, "Authors")) == sorted([herbert, anderson, brian])
        assert related(db, "authors", "Book", book_id) == {herbert_id, anderson_id, brian_id}
        expect(ben.locator("p.changed-by")).to_contain_text("Last changed")
        shot(ben, "merged")

        # Both open the form again and change the title, differently.
        open_book_editor(ana, book_id, title)
        open_book_editor(ben, book_id, title)
        field_named(ana, "Title").fill(title + " (Ana)")
        button(ana, "Save changes").click()
        expect(flash(ana, f"Saved {quoted(title + ' (Ana)')}")).to_be_visible()
        field_named(ben, "Title").fill(title + " (Ben)")
        field_named(ben, "Publishing year").fill("1966")
        with ben.expect_response(lambda r: r.request.method == "POST") as answer:
            button(ben, "Save changes").click()
        assert answer.value.status == 409
        expect(ben.get_by_role("heading", level=1)).to_have_text("Someone changed this book while you were editing it")
        expect(ben.get_by_role("group", name="Title")).to_contain_text(title + " (Ben)")
        expect(ben.get_by_role("group", name="Title")).to_contain_text(title + " (Ana)")
        assert stored(db, "Book", book_id)["title"] == title + " (Ana)", "nothing of Ben's is saved yet"

        for width in (1280, 375):
            ben.set_viewport_size({"width": width, "height": 800})
            shot(ben, f"conflict-{width}")
            widths = ben.evaluate(
                "() => [document.documentElement.clientWidth,"
                " Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)]"
            )
            assert widths[1] <= widths[0], f"the choice page scrolls sideways at {width} px: {widths}"
        ben.set_viewport_size({"width": 1024, "height": 800})

        # Ben keeps his title; his year is saved too.
        ben.get_by_role("group", name="Title").get_by_role("radio", name="Keep yours").check()
        button(ben, "Save with these choices").click()
        expect(flash(ben, f"Saved {quoted(title + ' (Ben)')}")).to_be_visible()
        expect(ben.get_by_role("heading", level=1)).to_have_text(title + " (Ben)")
        assert stored(db, "Book", book_id)["title"] == title + " (Ben)"
        assert stored(db, "Book", book_id)["publishingYear"] == 1966
        shot(ben, "chosen")
    finally:
        ben_context.close()
