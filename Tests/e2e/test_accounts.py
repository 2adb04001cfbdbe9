"""Accounts on a Parsnip where everyone signs in: the owner sets up, adds an editor and a viewer; each sees what
their role allows; signing out works; a wrong password is refused in plain words."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from account_steps import add_person, person_row, set_up, sign_in, sign_out, start_sign_in_server, stop_sign_in_server


@pytest.fixture(scope="module")
def accounts_server(artifacts_dir):
    server, folder = start_sign_in_server(artifacts_dir)
    yield server
    stop_sign_in_server(server, folder)


def test_owner_sets_up_adds_people_and_each_role_sees_what_it_may(browser: Browser, accounts_server, shot):
    url = accounts_server.url
    owner = browser.new_context(base_url=url, viewport={"width": 1024, "height": 800}, locale="en-GB")
    page = owner.new_page()

    # Before set-up every page leads to /setup.
    page.goto("/todos")
    expect(page).to_have_url(re.compile(r"/setup$"))
    shot(page, "setup")
    expect(page.get_by_label("Set-up code")).to_have_count(0)  # on this computer no code is needed
    set_up(page, "Ana", "correct horse battery")
    expect(page.locator(".account-bar")).to_contain_text(re.compile(r"Ana\b.*\(Owner\)"))
    page.goto("/setup")
    expect(page.get_by_role("heading", level=1, name="Page not found")).to_be_visible()

    add_person(page, "Ben", "editor password", "Editor")
    add_person(page, "Vi", "viewer password", "Viewer")
    expect(person_row(page, "Ana")).to_contain_text("(you)")
    expect(person_row(page, "Vi").get_by_label("Role of Vi")).to_have_value("viewer")
    shot(page, "people")

    # The viewer, in a browser of their own.
    viewer = browser.new_context(base_url=url, viewport={"width": 1024, "height": 800}, locale="en-GB")
    viewer_page = viewer.new_page()
    viewer_page.goto("/books")
    expect(viewer_page).to_have_url(re.compile(r"/sign-in\?next=%2Fbooks$"))
    shot(viewer_page, "sign-in")
    sign_in(viewer_page, "Vi", "viewer password")
    expect(viewer_page).to_have_url(re.compile(r"/books$"))
    viewer_page.goto("/")
    expect(viewer_page.locator(".account-bar")).to_contain_text(re.compile(r"Vi\b.*\(Viewer\)"))
    expect(viewer_page.get_by_role("link", name="Add to-do")).to_have_count(0)
    expect(viewer_page.get_by_role("link", name="Add recipe")).to_have_count(0)
    expect(viewer_page.get_by_role("link", name="People")).to_have_count(0)
    viewer_page.goto("/people")
    expect(viewer_page.get_by_role("heading", level=1, name="Only the owner can do this")).to_be_visible()

    # The editor, in a third browser, may add things.
    editor = browser.new_context(base_url=url, viewport={"width": 1024, "height": 800}, locale="en-GB")
    editor_page = editor.new_page()
    editor_page.goto("/")
    sign_in(editor_page, "ben", "editor password")  # names ignore case
    expect(editor_page.locator(".account-bar")).to_contain_text(re.compile(r"Ben\b.*\(Editor\)"))
    editor_page.get_by_role("link", name=re.compile(r"^Add (your first )?to-do$")).click()
    editor_page.get_by_label("Title", exact=True).fill("Buy oat milk")
    editor_page.get_by_role("button", name="Add to-do", exact=True).click()
    expect(editor_page.get_by_role("status")).to_contain_text("Buy oat milk")

    # Signing out ends the session: the next page asks to sign in again.
    sign_out(viewer_page)
    viewer_page.goto("/todos")
    expect(viewer_page).to_have_url(re.compile(r"/sign-in\?next=%2Ftodos$"))

    for context in (owner, viewer, editor):
        context.close()


def test_a_wrong_password_is_refused_without_saying_which_part_was_wrong(browser: Browser, accounts_server, shot):
    context = browser.new_context(base_url=accounts_server.url, locale="en-GB")
    page = context.new_page()
    page.goto("/sign-in")
    if page.url.endswith("/setup"):
        set_up(page, "Ana", "correct horse battery")
        sign_out(page)
    sign_in(page, "Ana", "not my password")
    expect(page.get_by_role("alert")).to_contain_text("That name and password do not match")
    expect(page.get_by_label("Password", exact=True)).to_have_value("")
    expect(page.get_by_label("Name", exact=True)).to_have_value("Ana")
    shot(page, "wrong-password")
    sign_in(page, "Ana", "correct horse battery")
    expect(page.locator(".account-bar")).to_contain_text(re.compile(r"Ana\b.*\(Owner\)"))
    context.close()
