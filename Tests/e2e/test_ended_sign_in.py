"""A sign-in that ends while a form is open loses nothing: signed out in another tab, a person who presses Save
on a to-do, a recipe or a book is asked to sign in, and once they have, what they typed is saved — in a real
browser, with the page's script and without it. Also: a record an app made read-only offers no changes."""

from __future__ import annotations

import json
import re
import urllib.request

from playwright.sync_api import Browser, Locator, Page, expect

from account_steps import set_up, sign_in, start_sign_in_server, stop_sign_in_server
from book_steps import add_entry, button as book_button, field_named as book_field, open_new_book
from recipe_steps import button as recipe_button, field_named as recipe_field, open_new_recipe, save_as_new
from steps import flash, quoted

PASSWORD = "owner password 1"


def sign_out_in_another_tab(page: Page) -> None:
    """A second tab of the same browser signs out; the first keeps its form open."""
    other = page.context.new_page()
    other.goto("/sign-out")
    other.get_by_role("button", name="Sign out", exact=True).click()
    expect(other).to_have_url(re.compile(r"/sign-in$"))
    other.close()


def save_after_the_sign_in_ends(page: Page, shot, save: Locator, name: str, javascript: bool) -> None:
    """Another tab signs out, then `save` is pressed: the sign-in page says why and keeps the typing; signing in
    sends it on (at once with the page's script, by "Save what you typed" without it)."""
    sign_out_in_another_tab(page)
    save.click()
    expect(page.get_by_role("heading", level=1, name="Sign in")).to_be_visible()
    expect(page.get_by_text("Nothing was saved yet: you are not signed in")).to_be_visible()
    shot(page, f"sign-in-keeps-{name}" + ("" if javascript else "-no-script"))
    sign_in(page, "Ana", PASSWORD)
    if not javascript:
        page.get_by_role("button", name="Save what you typed", exact=True).click()


def test_a_to_do_a_recipe_and_a_book_typed_while_the_sign_in_ended_are_saved_after_signing_in(
    browser: Browser, artifacts_dir, shot
):
    server, folder = start_sign_in_server(artifacts_dir)
    for javascript in (True, False):
        context = browser.new_context(base_url=server.url, java_script_enabled=javascript, locale="en-GB")
        page = context.new_page()
        page.set_default_timeout(10_000)
        suffix = "" if javascript else " (no script)"
        try:
            if javascript:
                set_up(page, "Ana", PASSWORD)
                add_entry(page, "genre", "Poetry")
            else:
                page.goto("/sign-in")
                sign_in(page, "Ana", PASSWORD)

            # A to-do.
            page.goto("/todos/new")
            title = "Call the plumber" + suffix
            page.get_by_label("Title", exact=True).fill(title)
            page.get_by_label("Description", exact=True).fill("About the kitchen tap")
            save_after_the_sign_in_ends(
                page, shot, page.get_by_role("button", name="Add to-do", exact=True), "todo", javascript)
            expect(flash(page, quoted(title))).to_be_visible()
            expect(page.get_by_text(title, exact=True).first).to_be_visible()

            # A recipe's editor.
            open_new_recipe(page)
            name = "Lentil soup" + suffix
            recipe_field(page, "Name").fill(name)
            recipe_field(page, "Category").select_option(label="Dinner")
            recipe_id = save_as_new(page, name)
            page.goto(f"/recipes/{recipe_id}/edit")
            recipe_field(page, "Notes").fill("Better the next day")
            save_after_the_sign_in_ends(page, shot, recipe_button(page, "Update recipe"), "recipe", javascript)
            expect(flash(page, f"Updated {quoted(name)}")).to_be_visible()
            expect(page.get_by_text("Better the next day").first).to_be_visible()

            # A new book.
            open_new_book(page)
            book = "Collected poems" + suffix
            book_field(page, "Title").fill(book)
            book_field(page, "Genre").select_option(label="Poetry")
            save_after_the_sign_in_ends(page, shot, book_button(page, "Save book"), "book", javascript)
            expect(flash(page, f"Added {quoted(book)}")).to_be_visible()
            expect(page.get_by_role("heading", level=1)).to_have_text(book)
        finally:
            context.close()
    stop_sign_in_server(server, folder)


def test_a_read_only_record_offers_no_changes_and_says_why(browser: Browser, artifacts_dir, shot):
    server, folder = start_sign_in_server(artifacts_dir)
    context = browser.new_context(base_url=server.url, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        set_up(page, "Ana", PASSWORD)
        page.goto("/people")
        page.get_by_label("Name", exact=True).fill("Ed")
        page.get_by_label("Password", exact=True).fill("editor password 1")
        page.get_by_label("What they may do", exact=True).select_option(label="Editor")
        page.get_by_role("button", name="Add person", exact=True).click()

        def api(path: str, body: dict, token: str | None = None) -> dict:
            headers = {"X-Parse-Application-Id": "parsnip", "Content-Type": "application/json"}
            if token:
                headers["X-Parse-Session-Token"] = token
            request = urllib.request.Request(server.url + path, data=json.dumps(body).encode(), headers=headers)
            with urllib.request.urlopen(request, timeout=10) as response:
                return json.loads(response.read())

        owner = api("/parse/login", {"username": "Ana", "password": PASSWORD})
        made = api("/parse/classes/TodoListItem", {
            "title": "Fixed shopping list",
            "ACL": {"*": {"read": True}, owner["objectId"]: {"read": True, "write": True}},
        }, owner["sessionToken"])

        editor = browser.new_context(base_url=server.url, locale="en-GB")
        ed = editor.new_page()
        ed.goto("/sign-in")
        sign_in(ed, "Ed", "editor password 1")
        for width, label in ((1024, "desktop"), (375, "phone")):
            ed.set_viewport_size({"width": width, "height": 800})
            ed.goto(f"/todos/{made['objectId']}")
            expect(ed.get_by_text("An app set this to-do up so that you can read it but not change")).to_be_visible()
            expect(ed.get_by_role("link", name="Edit", exact=True)).to_have_count(0)
            shot(ed, f"read-only-todo-{label}")
        response = ed.goto(f"/todos/{made['objectId']}/edit")
        assert response is not None and response.status == 403
        expect(ed.get_by_role("heading", level=1)).to_have_text("Only some people can change this to-do")
        shot(ed, "read-only-refusal")
        editor.close()
    finally:
        context.close()
        stop_sign_in_server(server, folder)
