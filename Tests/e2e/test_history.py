"""History in a real browser against the real binary: a recipe's price changed twice, its History read from the
recipe page, and the first change undone — which asks first, because the price changed again since.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from recipe_steps import (
    RecipeInput,
    button,
    create_through_editor,
    fact,
    field_named,
    open_editor,
    stored_recipe,
    update,
)
from steps import click_edit, flash, quoted, unique


def change_price(page: Page, recipe_id: str, name: str, price: str) -> None:
    open_editor(page, recipe_id, name)
    field_named(page, "Price").fill(price)
    update(page, name)


def test_change_a_price_twice_open_history_and_undo_the_first_change(page: Page, server, shot):
    name = unique("Pea soup ")
    recipe_id = create_through_editor(
        page, RecipeInput(name=name, servings="4", price="3.50", ingredients=[("2", "cups of peas")]))
    change_price(page, recipe_id, name, "4.00")
    change_price(page, recipe_id, name, "4.25")

    page.get_by_role("link", name="History", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"History of {quoted(name)}")
    changes = page.locator(".history-entry")
    expect(changes).to_have_count(3)
    expect(changes.nth(0)).to_contain_text("Price 4.00 → 4.25")
    expect(changes.nth(1)).to_contain_text("Price 3.50 → 4.00")
    expect(changes.nth(2)).to_contain_text("Added")
    shot(page, "history")
    page.set_viewport_size({"width": 375, "height": 800})
    shot(page, "history-phone")
    page.set_viewport_size({"width": 1024, "height": 800})

    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        changes.nth(1).get_by_role("button", name="Undo the change of").click()
    assert answer.value.status == 409, "the price changed again since: the person is asked"
    expect(page.get_by_role("heading", level=1)).to_contain_text("changed this recipe again since")
    shot(page, "asked")
    assert stored_recipe(server.database, recipe_id)["price"] == 4.25, "nothing written before the choice"

    page.get_by_role("radio", name="Put back").check()
    button(page, "Save with these choices").click()
    expect(flash(page, f"Put back Price of {quoted(name)}.")).to_be_visible()
    expect(changes).to_have_count(4)
    expect(changes.nth(0)).to_contain_text("Undid the change of")
    expect(changes.nth(0)).to_contain_text("Price 4.25 → 3.50")
    expect(changes.nth(2)).to_contain_text("Price 3.50 → 4.00")
    shot(page, "undone")
    assert stored_recipe(server.database, recipe_id)["price"] == 3.5

    page.get_by_role("link", name="Back to the recipe").click()
    fact(page, "Price", "3.50")


def test_undo_one_field_of_a_to_do_change_with_javascript_off(browser, base_url, shot):
    context = browser.new_context(base_url=base_url, java_script_enabled=False, locale="en-GB")
    page = context.new_page()
    title = unique("Buy milk ")
    page.goto("/todos/new")
    page.get_by_label("Title").fill(title)
    page.get_by_label("Description").fill("Semi-skimmed")
    page.get_by_role("button", name="Add to-do").click()
    click_edit(page, title)
    page.get_by_label("Title").fill(title + " and oats")
    page.get_by_label("Description").fill("Two cartons")
    page.get_by_role("button", name="Save changes").click()
    expect(flash(page, f"Saved {quoted(title + ' and oats')}")).to_be_visible()

    click_edit(page, title + " and oats")
    page.get_by_role("link", name="History", exact=True).click()
    change = page.locator(".history-entry").first
    expect(change).to_contain_text("Description Semi-skimmed → Two cartons")
    change.get_by_role("button", name="Put back Description as it was before").click()
    expect(flash(page, f"Put back Description of {quoted(title + ' and oats')}.")).to_be_visible()
    shot(page, "put-back-one-field")
    page.get_by_role("link", name="Back to the to-do").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(title + " and oats")
    expect(page.locator(".todo-full-description")).to_have_text("Semi-skimmed")
    context.close()
