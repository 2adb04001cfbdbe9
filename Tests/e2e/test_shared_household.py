"""The household journey of issue 5, in separate browser contexts on a Parsnip that requires signing in.

The owner sets Parsnip up and adds an editor and a viewer; the viewer can look but not change anything; the
editor and the owner edit the same recipe — on different fields (merged, both kept) and on the same field
(the conflict page, a choice, saved).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from account_steps import add_person, set_up, sign_in, start_sign_in_server, stop_sign_in_server
from conftest import ParsnipServer
from recipe_steps import RecipeInput, button, create_through_editor, field_named, open_editor, recipe_id_of
from steps import flash

OWNER = ("Ana", "owner's long password")
EDITOR = ("Eddie", "editor's long password")
VIEWER = ("Vera", "viewer's long password")


@pytest.fixture(scope="module")
def household(artifacts_dir: Path):
    server, folder = start_sign_in_server(artifacts_dir)
    yield server
    stop_sign_in_server(server, folder)


def person(browser: Browser, server: ParsnipServer) -> Page:
    """A separate browser context — its own cookies, as on another device."""
    context: BrowserContext = browser.new_context(base_url=server.url, viewport={"width": 1024, "height": 800})
    return context.new_page()


def signed_in(browser: Browser, server: ParsnipServer, name: str, password: str) -> Page:
    page = person(browser, server)
    page.goto("/")
    expect(page).to_have_url(re.compile(r"/sign-in"))
    sign_in(page, name, password)
    expect(page.locator(".account-name")).to_contain_text(name)
    return page


def test_owner_sets_up_then_viewer_reads_and_editor_and_owner_merge_and_resolve(browser: Browser, household, shot):
    owner = person(browser, household)
    owner.goto("/recipes")
    expect(owner).to_have_url(re.compile(r"/setup$"))
    set_up(owner, *OWNER)
    expect(owner.locator(".account-name")).to_contain_text(OWNER[0])
    add_person(owner, EDITOR[0], EDITOR[1], "Editor")
    add_person(owner, VIEWER[0], VIEWER[1], "Viewer")
    shot(owner, "people")

    recipe_id = create_through_editor(
        owner, RecipeInput(name="Lentil soup", servings="4", price="3.50", ingredients=[("1", "cup of red lentils")]))

    # The viewer sees everything and no way to change it; the pages behind the buttons refuse them.
    viewer = signed_in(browser, household, *VIEWER)
    viewer.goto("/recipes")
    expect(viewer.get_by_role("link", name="Lentil soup")).to_be_visible()
    expect(viewer.get_by_role("link", name="Add recipe")).to_have_count(0)
    viewer.goto(f"/recipes/{recipe_id}")
    expect(viewer.get_by_role("heading", level=1)).to_have_text("Lentil soup")
    expect(viewer.get_by_role("link", name="Edit recipe")).to_have_count(0)
    expect(viewer.get_by_role("link", name="Delete recipe")).to_have_count(0)
    refused = viewer.goto(f"/recipes/{recipe_id}/edit")
    assert refused is not None and refused.status == 403
    csrf = next(c["value"] for c in viewer.context.cookies() if c["name"] == "parsnip_csrf")
    post = viewer.request.post(
        f"{household.url}/todos", form={"title": "Sneaky", "description": "", "_csrf": csrf},
        headers={"Origin": household.url}, max_redirects=0)
    assert post.status == 403, f"a viewer's POST answered {post.status}"
    shot(viewer, "viewer-refused")

    # Owner and editor open the same recipe; they change different fields: both changes are kept.
    editor = signed_in(browser, household, *EDITOR)
    open_editor(owner, recipe_id, "Lentil soup")
    open_editor(editor, recipe_id, "Lentil soup")
    field_named(owner, "Servings").fill("6")
    button(owner, "Update recipe").click()
    expect(owner).to_have_url(re.compile(f"/recipes/{recipe_id}$"))
    field_named(editor, "Name").fill("Red lentil soup")
    button(editor, "Update recipe").click()
    expect(flash(editor, "Ana changed Servings")).to_be_visible()
    expect(editor.get_by_role("heading", level=1)).to_have_text("Red lentil soup")
    expect(editor.locator("#servings-wanted")).to_have_value("6")
    expect(editor.locator(".changed-by")).to_contain_text("Last changed by Eddie")
    shot(editor, "merged")

    # Now both change the price: the editor, second, gets the conflict page and keeps their own value.
    open_editor(owner, recipe_id, "Red lentil soup")
    open_editor(editor, recipe_id, "Red lentil soup")
    field_named(owner, "Price").fill("4.50")
    button(owner, "Update recipe").click()
    expect(owner).to_have_url(re.compile(f"/recipes/{recipe_id}$"))
    field_named(editor, "Price").fill("5.00")
    with editor.expect_response(lambda r: r.request.method == "POST") as answer:
        button(editor, "Update recipe").click()
    assert answer.value.status == 409
    expect(editor.get_by_role("heading", level=1)).to_contain_text("Ana changed this recipe")
    shot(editor, "conflict")
    editor.get_by_role("group", name="Price").get_by_label("Keep yours").check()
    editor.get_by_role("button", name="Save with these choices").click()
    expect(editor).to_have_url(re.compile(f"/recipes/{recipe_id}$"))
    assert recipe_id_of(editor) == recipe_id
    expect(editor.get_by_role("main")).to_contain_text("5.00")
    owner.goto(f"/recipes/{recipe_id}")
    expect(owner.get_by_role("main")).to_contain_text("5.00")
    expect(owner.locator(".changed-by")).to_contain_text("Last changed by Eddie")
