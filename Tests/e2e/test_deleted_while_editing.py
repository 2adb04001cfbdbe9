"""Typed work is never lost: a to-do deleted in another tab while its edit form is open, then saved."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from steps import add_todo, click_edit, flash, item, quoted, unique


def open_delete_in_second_tab(page: Page, title: str) -> None:
    """Another tab of the same browser deletes the to-do through its own confirm page."""
    other = page.context.new_page()
    other.goto("/todos")
    other.get_by_role("link", name=f"Delete {quoted(title)}", exact=True).click()
    other.get_by_role("button", name="Delete to-do", exact=True).click()
    expect(flash(other, f"Deleted {quoted(title)}.")).to_be_visible()
    other.close()


def test_edit_after_delete_then_save_as_a_new_to_do(page: Page, shot):
    title = unique("Return library books ")
    add_todo(page, title, "Before Friday")
    click_edit(page, title)
    open_delete_in_second_tab(page, title)

    page.get_by_label("Title", exact=True).fill(title + " and DVDs")
    page.get_by_label("Description", exact=True).fill("Before Friday\nThe DVDs are under the sofa")
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        page.get_by_role("button", name="Save changes", exact=True).click()
    assert answer.value.status == 409
    expect(page.get_by_role("alert")).to_contain_text(
        re.compile(r"deleted this to-do at \d\d:\d\d while you were editing"))
    expect(page.get_by_label("Title", exact=True)).to_have_value(title + " and DVDs")
    expect(page.get_by_label("Description", exact=True)).to_have_value("Before Friday\nThe DVDs are under the sofa")
    shot(page, "deleted-while-editing")
    page.set_viewport_size({"width": 375, "height": 800})
    shot(page, "deleted-while-editing-phone")
    page.set_viewport_size({"width": 1024, "height": 800})

    page.get_by_role("button", name="Save as a new to-do", exact=True).click()
    expect(flash(page, f"Added {quoted(title + ' and DVDs')}")).to_be_visible()
    expect(item(page, title + " and DVDs")).to_be_visible()


def test_edit_after_delete_then_restore_it_with_my_changes(page: Page, shot):
    title = unique("Water the plants ")
    add_todo(page, title)
    click_edit(page, title)
    open_delete_in_second_tab(page, title)

    page.get_by_label("Title", exact=True).fill(title + " twice a week")
    page.get_by_role("button", name="Save changes", exact=True).click()
    page.get_by_role("button", name="Restore it with my changes", exact=True).click()
    expect(flash(page, f"Restored {quoted(title + ' twice a week')} with your changes.")).to_be_visible()
    expect(item(page, title + " twice a week")).to_be_visible()
