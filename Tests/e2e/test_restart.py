"""Data outlives the process: stop the server with SIGTERM, start it again on the same file, everything is there."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from steps import add_todo, click_edit, flash, item, open_list, quoted, unique


def test_todos_are_still_there_after_the_server_restarts(page: Page, server, shot):
    title = unique("Pay the electricity bill ")
    add_todo(page, title, "Reference number is on the letter")
    edited = unique("Book train tickets ")
    add_todo(page, edited, "first draft")
    click_edit(page, edited)
    page.get_by_label("Description", exact=True).fill("final version")
    page.get_by_role("button", name="Save changes", exact=True).click()
    expect(flash(page, f"Saved {quoted(edited)}")).to_be_visible()

    exit_code = server.restart()
    assert exit_code == 0, f"parsnip should shut down cleanly on SIGTERM, exit code was {exit_code}"
    assert server.on_postgres or server.database.exists()

    open_list(page)
    shot(page, "list-after-restart")
    expect(item(page, title)).to_contain_text("Reference number is on the letter")
    expect(item(page, edited)).to_contain_text("final version")

    # The browser's form token from before the restart still works afterwards.
    click_edit(page, title)
    page.get_by_role("button", name="Save changes", exact=True).click()
    expect(page).to_have_url(re.compile(r"/todos$"))
    expect(flash(page, f"Saved {quoted(title)}")).to_be_visible()
