"""The to-do list as a household uses it every day: the quick-add box (with and without the page's script), the
Overdue and Today groups, and ticking with the script leaving the page exactly as a reload shows it."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from playwright.sync_api import Page, expect

from steps import flash, item, open_list, quoted, search, unique


@pytest.fixture
def page_without_js(new_context) -> Page:
    context = new_context(java_script_enabled=False)
    return context.new_page()


def quick_add(page: Page, title: str) -> None:
    """Types into the quick-add box at the top of the list and presses Enter."""
    box = page.get_by_label("New to-do", exact=True)
    box.fill(title)
    box.press("Enter")


def test_quick_add_without_javascript_comes_back_to_the_same_list(page_without_js: Page, shot):
    page = page_without_js
    word = unique("loaf")
    page.goto("/todos?sort=due")
    quick_add(page, f"Buy a {word}")
    expect(flash(page, f"Added {quoted('Buy a ' + word)}")).to_be_visible()
    expect(page).to_have_url(re.compile(r"/todos\?sort=due$"))
    expect(item(page, word)).to_have_count(1)
    shot(page, "quick-added-without-script")

    # Nothing typed: the whole form says what is missing.
    quick_add(page, "   ")
    expect(page.get_by_role("heading", level=1, name="Add a to-do")).to_be_visible()
    expect(page.get_by_text("Enter a title").first).to_be_visible()


def test_quick_add_with_javascript_adds_in_place_and_keeps_the_box_ready(page: Page, shot):
    first, second = unique("milk"), unique("eggs")
    open_list(page)
    page.evaluate("window.stillTheSamePage = true")
    quick_add(page, f"Buy {first}")
    expect(item(page, first)).to_have_count(1)
    expect(page.locator("#tick-status")).to_have_text(f"Added {quoted('Buy ' + first)}.")
    box = page.get_by_label("New to-do", exact=True)
    expect(box).to_have_value("")
    expect(box).to_be_focused()
    quick_add(page, f"Buy {second}")
    expect(item(page, second)).to_have_count(1)
    assert page.evaluate("window.stillTheSamePage === true"), "the page was reloaded"
    shot(page, "quick-added-in-place")
    page.reload()
    expect(item(page, first)).to_have_count(1)
    expect(item(page, second)).to_have_count(1)


def test_ticking_and_unticking_with_javascript_leaves_the_page_as_a_reload_shows_it(page: Page, quick):
    word = unique("kettle")
    quick.create(f"Descale the {word}")
    quick.create(f"Clean the {word}")
    open_list(page)
    search(page, word)
    content = page.locator("#todo-list-content")
    button = page.get_by_role("button", name=f"Done: {quoted('Descale the ' + word)}", exact=True)
    for step in ("tick", "untick", "tick again"):
        button.click()
        expect(page.locator("#tick-status")).not_to_have_text("")
        in_place = content.inner_text()
        page.reload()
        assert content.inner_text() == in_place, f"after {step} the page differs from a reload"
    # After the untick the row is back among the open ones, not under "Done (1)" reading "Done today".
    button.click()
    expect(page.locator("#todo-count")).to_contain_text("2 to do, 0 done")
    expect(page.get_by_role("region", name=re.compile(r"^Done \("))).to_have_count(0)
    expect(button).to_be_focused()


def test_overdue_and_today_come_first_on_a_phone(page: Page, quick, shot):
    word = unique("bins")
    yesterday = date.today() - timedelta(days=1)
    today = date.today()
    for title, day in [(f"Later {word}", ""), (f"Put the {word} out", today), (f"Pay the {word} bill", yesterday)]:
        fields = {"title": title, "description": ""}
        if day:
            fields["dueDate"] = day.isoformat()
        assert quick.post("/todos", fields).status == 303
    page.set_viewport_size({"width": 375, "height": 667})
    open_list(page)
    overdue = page.get_by_role("region", name=re.compile(r"^Overdue \(\d+\)$"))
    today_group = page.get_by_role("region", name=re.compile(r"^Today \(\d+\)$"))
    expect(overdue.locator("li.todo").filter(has_text=f"Pay the {word} bill")).to_have_count(1)
    expect(today_group.locator("li.todo").filter(has_text=f"Put the {word} out")).to_have_count(1)
    expect(page.locator("#todo-count")).to_contain_text("overdue")
    expect(page.locator("#todo-count")).to_contain_text("due today")
    shot(page, "groups-on-a-phone")
    page.goto("/")
    expect(page.locator(".card-due")).to_contain_text("overdue")
