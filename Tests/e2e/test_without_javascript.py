"""Everything works with JavaScript turned off: the whole to-do journey in a browser that runs no script."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from steps import add_todo, click_delete, click_edit, flash, item, quoted, search, unique


@pytest.fixture
def page_without_js(new_context) -> Page:
    context = new_context(java_script_enabled=False)
    return context.new_page()


def test_add_search_edit_and_delete_work_with_javascript_off(page_without_js: Page, shot):
    page = page_without_js
    title = unique("Renew the passport ")
    add_todo(page, title, "Photo booth at the post office")
    shot(page, "list-after-add")

    search(page, title.split()[-1].upper())
    expect(page.locator("li.todo")).to_have_count(1)
    expect(item(page, title)).to_contain_text("Photo booth at the post office")
    shot(page, "search")

    click_edit(page, title)
    renewed = title.replace("Renew", "Collect")
    page.get_by_label("Title", exact=True).fill(renewed)
    page.get_by_role("button", name="Save changes", exact=True).click()
    expect(page).to_have_url(re.compile(r"/todos$"))
    expect(flash(page, f"Saved {quoted(renewed)}")).to_be_visible()
    expect(item(page, renewed)).to_have_count(1)

    click_delete(page, renewed)
    shot(page, "delete-confirmation")
    page.get_by_role("button", name="Delete to-do", exact=True).click()
    expect(flash(page, f"Deleted {quoted(renewed)}")).to_be_visible()
    expect(item(page, renewed)).to_have_count(0)


def test_a_validation_error_keeps_what_was_typed_with_javascript_off(page_without_js: Page, shot):
    page = page_without_js
    page.goto("/todos/new")
    # A title of spaces gets past the browser's own `required` check; the server must still refuse it.
    page.get_by_label("Title", exact=True).fill("   ")
    page.get_by_label("Description", exact=True).fill("still here")
    page.get_by_role("button", name="Add to-do", exact=True).click()
    expect(page.get_by_role("alert")).to_contain_text("Enter a title")
    expect(page.get_by_label("Description", exact=True)).to_have_value("still here")
    shot(page, "validation-error")
