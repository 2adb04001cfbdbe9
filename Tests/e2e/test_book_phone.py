"""Every book catalogue page on a 375 px phone (and 320 px): no sideways scrolling, long names included."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from book_steps import new_isbn13, quick_book, quick_entry
from steps import unique
from test_phone_and_page_anatomy import PHONE, no_horizontal_scroll, phone  # noqa: F401 (fixture)


def scroll_width(page) -> int:
    return page.evaluate("() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")


def too_wide(page, width: int) -> list[str]:
    """The elements whose own text reaches past the right edge (for the failure message)."""
    return page.evaluate(
        """width => {
            const found = [];
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node && found.length < 6; node = walker.nextNode()) {
                const range = document.createRange();
                range.selectNodeContents(node);
                const right = range.getBoundingClientRect().right;
                if (right > width + 1) {
                    const e = node.parentElement;
                    found.push(`<${e.tagName.toLowerCase()} class="${e.className}"> text to ${Math.round(right)}px: `
                               + JSON.stringify(node.textContent.trim().slice(0, 40)));
                }
            }
            return found;
        }""",
        width,
    )


@pytest.mark.parametrize("width", [375, 320])
def test_every_book_page_fits_a_phone_without_sideways_scrolling(browser, browser_context_args, server, quick,
                                                                   width, shot):
    db = server.database
    long_word = "Unbreakable" * 8  # 88 characters without a space
    genre_id = quick_entry(quick, db, "genre", unique("Genre with a long name " + long_word[:40]))
    author_ids = [quick_entry(quick, db, "author", unique(f"Author {long_word[:60]} {n} ")) for n in range(3)]
    publisher_id = quick_entry(quick, db, "publisher", unique("Publisher " + long_word[:50]))
    title = unique("A book with a rather long title and a word " + long_word + " ")
    book_id = quick_book(quick, title, new_isbn13(), genre_id, "2020", authors=author_ids,
                         publishers=[publisher_id])
    quick_book(quick, unique("x") * 20, new_isbn13(), genre_id, "2021")  # a long title without a space

    context = browser.new_context(**{**browser_context_args, **PHONE, "viewport": {"width": width, "height": 740}})
    page = context.new_page()
    try:
        pages = {
            "list": "/books",
            "filtered": f"/books?author={author_ids[0]}&sort=year",
            "book": f"/books/{book_id}",
            "new": "/books/new",
            "edit": f"/books/{book_id}/edit",
            "delete": f"/books/{book_id}/delete",
            "genres": "/genres",
            "authors": "/authors",
            "publishers": "/publishers",
            "genre": f"/genres/{genre_id}",
            "author": f"/authors/{author_ids[0]}",
            "genre-delete": f"/genres/{genre_id}/delete",
            "author-delete": f"/authors/{author_ids[0]}/delete",
        }
        wide = []  # every page that scrolls sideways, reported together
        for label, path in pages.items():
            page.goto(path)
            expect(page.locator("h1")).to_have_count(1)
            assert page.evaluate("() => document.documentElement.clientWidth") == width
            shot(page, f"{width}-{label}")
            if scroll_width(page) > width:
                wide.append(f"{path}: {scroll_width(page)} px wide; {too_wide(page, width)}")
            elif width == 375:
                no_horizontal_scroll(page)
        # The refused form (messages make fields wider).
        page.goto("/books/new")
        page.get_by_label("ISBN", exact=True).fill("978-0-00-000000-1")
        page.get_by_label("Title", exact=True).evaluate("f => { f.form.noValidate = true }")
        page.get_by_role("button", name="Save book", exact=True).last.click()
        expect(page.get_by_role("alert")).to_contain_text("There is a problem")
        if scroll_width(page) > width:
            wide.append(f"the refused book form: {scroll_width(page)} px wide; {too_wide(page, width)}")
        shot(page, f"{width}-refused")
        assert not wide, f"pages that scroll sideways at {width} px:\n" + "\n".join(wide)
    finally:
        context.close()


def test_the_book_list_with_ordinary_names_fits_a_375px_phone(phone, server, quick, shot):
    """The list's own layout (five columns) on a phone, with names like real ones."""
    db = server.database
    word = unique("phonelist")
    genre_id = quick_entry(quick, db, "genre", unique("Historical fiction "))
    author_ids = [quick_entry(quick, db, "author", unique(name)) for name in ["Hilary Mantel ", "Pat Barker "]]
    publisher_id = quick_entry(quick, db, "publisher", unique("Fourth Estate "))
    for title in ["Wolf Hall", "Bring Up the Bodies", "The Mirror and the Light"]:
        quick_book(quick, f"{title} {word}", new_isbn13(), genre_id, "2009", authors=author_ids,
                   publishers=[publisher_id])
    page = phone
    paths = {"search": f"/books?q={word}", "by-author": f"/books?q={word}&author={author_ids[0]}&sort=year",
             "book": None}
    for label, path in paths.items():
        if path is None:
            page.get_by_role("link", name=f"Wolf Hall {word}", exact=True).click()
            expect(page.get_by_role("heading", level=1)).to_have_text(f"Wolf Hall {word}")
        else:
            page.goto(path)
            expect(page.get_by_role("table")).to_be_visible()
        shot(page, label)
        no_horizontal_scroll(page)
