"""The book and recipe lists on a 375×667 phone: six books and five recipes on the first screen, each one or two
lines, the filters behind "Filter (n)" (which opens without JavaScript), and no label broken inside a word."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from book_steps import new_isbn13, quick_book, quick_entry
from recipe_steps import quick_recipe
from steps import unique
from test_phone_and_page_anatomy import no_horizontal_scroll

SMALL_PHONE = {"viewport": {"width": 375, "height": 667}, "device_scale_factor": 2, "is_mobile": True,
               "has_touch": True}

ROWS_ON_FIRST_SCREEN = """() => [...document.querySelectorAll('.recipe-table tbody tr')]
    .filter(row => row.getBoundingClientRect().bottom <= window.innerHeight).length"""

# Each row's lines: how many lines its name and its second line take (a line box is about 1.5 rem high).
ROW_LINES = """() => [...document.querySelectorAll('.recipe-table tbody tr')].slice(0, 8).map(row => {
    const lines = element => {
        const range = document.createRange(); range.selectNodeContents(element);
        return new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top))).size;
    };
    const name = row.querySelector('th a'), summary = row.querySelector('.row-summary');
    return (name ? lines(name) : 0) + (summary ? lines(summary) : 0);
})"""

# Labels whose single word is split over two lines ("Auth/ors").
BROKEN_LABELS = """() => [...document.querySelectorAll('main label, main summary')]
    .filter(label => label.getBoundingClientRect().width > 0)
    .flatMap(label => {
        const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
        const broken = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const match of node.textContent.matchAll(/\\S+/g)) {
                const range = document.createRange();
                range.setStart(node, match.index); range.setEnd(node, match.index + match[0].length);
                const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
                if (tops.size > 1) broken.push(match[0]);
            }
        }
        return broken;
    })"""


@pytest.fixture
def small_phone(browser, browser_context_args, request):
    javascript = getattr(request, "param", True)
    context = browser.new_context(**{**browser_context_args, **SMALL_PHONE, "java_script_enabled": javascript})
    yield context.new_page()
    context.close()


@pytest.fixture
def a_shelf_and_a_cookbook(server, quick) -> str:
    """Eight books with long titles and three authors each, six recipes: more than one screen of each."""
    db = server.database
    word = unique("phoneshelf")
    genre_id = quick_entry(quick, db, "genre", unique("Historical fiction "))
    authors = [quick_entry(quick, db, "author", unique(name)) for name in
               ["Bartholomew Fitzwilliam-Montgomery ", "Hilary Mantel ", "Pat Barker "]]
    for n in range(8):
        quick_book(quick, f"The many small rivers of the northern hills, volume {n} {word}", new_isbn13(), genre_id,
                   "1987", authors=authors)
    for n in range(6):
        quick_recipe(quick, f"Slow-roasted parsnips with honey, thyme and a long name {n} {word}",
                     servings="4", price="3.50")
    return word


@pytest.mark.parametrize("small_phone", [True, False], indirect=True, ids=["javascript", "no-javascript"])
def test_six_books_and_five_recipes_fit_the_first_screen_each_in_one_or_two_lines(
        small_phone: Page, a_shelf_and_a_cookbook: str, shot):
    page = small_phone
    for path, wanted in [("/books", 6), ("/recipes", 5)]:
        page.goto(path)
        expect(page.locator(".recipe-table tbody tr").first).to_be_visible()
        shown = page.evaluate(ROWS_ON_FIRST_SCREEN)
        assert shown >= wanted, f"{path} shows {shown} whole items on the first screen, wanted {wanted}"
        lines = page.evaluate(ROW_LINES)
        assert lines and all(1 <= n <= 2 for n in lines), f"{path}: lines per item {lines}"
        # The filters wait behind the button; the search box does not.
        expect(page.get_by_role("searchbox").first).to_be_visible()
        expect(page.locator("summary.filter-toggle")).to_have_text("Filter")
        expect(page.locator(".filter-grid select").first).to_be_hidden()
        no_horizontal_scroll(page)
        shot(page, path.strip("/"))


@pytest.mark.parametrize("small_phone", [False, True], indirect=True, ids=["no-javascript", "javascript"])
def test_the_filter_button_opens_the_filters_and_counts_the_ones_in_use(
        small_phone: Page, a_shelf_and_a_cookbook: str, shot):
    page = small_phone
    page.goto("/books")
    page.get_by_text("Filter", exact=True).click()
    expect(page.get_by_label("Show", exact=True)).to_be_visible()
    assert page.evaluate(BROKEN_LABELS) == []
    shot(page, "books-filters-open")
    page.get_by_label("Show", exact=True).select_option(label="Unread")
    page.get_by_label("Sort by", exact=True).select_option(label="Year (newest first)")
    page.get_by_role("button", name="Show books", exact=True).click()
    expect(page).to_have_url(re.compile(r"shelf=unread"))
    # One filter is on (the order is not a filter); the panel is closed again, so the list has the screen.
    expect(page.locator("summary.filter-toggle")).to_have_text("Filter (1)")
    expect(page.get_by_label("Show", exact=True)).to_be_hidden()
    page.get_by_role("searchbox").first.fill(a_shelf_and_a_cookbook)
    page.get_by_role("searchbox").first.press("Enter")
    expect(page.locator(".recipe-table tbody tr")).to_have_count(8)
    expect(page.locator("summary.filter-toggle")).to_have_text("Filter (1)")

    page.goto("/recipes?category=2&available=no")
    expect(page.locator("summary.filter-toggle")).to_have_text("Filter (2)")
    page.get_by_text("Filter (2)", exact=True).click()
    expect(page.get_by_label("Category", exact=True)).to_have_value("2")
    assert page.evaluate(BROKEN_LABELS) == []
    shot(page, "recipes-filters-open")


def test_on_a_wide_screen_the_filters_are_always_shown_and_the_button_is_not(page: Page, a_shelf_and_a_cookbook: str):
    page.set_viewport_size({"width": 1280, "height": 800})
    for path, label in [("/books", "Genre"), ("/recipes", "Category")]:
        page.goto(path)
        expect(page.get_by_label(label, exact=True)).to_be_visible()
        expect(page.locator("summary.filter-toggle")).to_be_hidden()
        expect(page.locator(".recipe-table thead")).to_be_visible()
        expect(page.locator(".row-summary").first).to_be_hidden()
