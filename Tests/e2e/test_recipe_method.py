"""A recipe's method, notes and source in a real browser: steps added and moved with the editor's buttons (the
page's script, then without it), and the recipe page that numbers them."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from recipe_steps import RecipeInput, button, field_named, fill_editor, open_new_recipe, save_as_new, section_lines
from steps import unique


@pytest.fixture
def page_without_js(new_context) -> Page:
    return new_context(java_script_enabled=False).new_page()


@pytest.mark.parametrize("scripted", [True, False], ids=["with-javascript", "without-javascript"])
def test_a_method_is_typed_step_by_step_moved_and_shown_numbered(page: Page, page_without_js: Page, scripted: bool,
                                                                 shot):
    page = page if scripted else page_without_js
    name = unique("Parsnip soup ")
    open_new_recipe(page)
    fill_editor(page, RecipeInput(name=name, servings="4", ingredients=[("1", "kg parsnips")]))
    field_named(page, "Step 1").fill("Simmer for 20 minutes.")
    button(page, "Add a step").click()
    field_named(page, "Step 2").fill("Peel and chop the parsnips.")
    button(page, "Move step 2 up").click()
    expect(field_named(page, "Step 1")).to_have_value("Peel and chop the parsnips.")
    expect(field_named(page, "Step 2")).to_have_value("Simmer for 20 minutes.")
    field_named(page, "Notes").fill("A spoon of cream on top.\nFreezes well.")
    field_named(page, "Source").fill("https://example.org/parsnip-soup")
    shot(page, "editor-method")
    save_as_new(page, name)
    assert section_lines(page, "Method") == ["Peel and chop the parsnips.", "Simmer for 20 minutes."]
    expect(page.locator(".method-list li")).to_have_count(2)
    assert section_lines(page, "Notes")[:2] == ["A spoon of cream on top.", "Freezes well."]
    expect(page.get_by_role("link", name="https://example.org/parsnip-soup")).to_have_attribute(
        "href", "https://example.org/parsnip-soup")
    shot(page, "recipe-page-method")


def test_the_servings_box_rescales_without_javascript_and_print_shows_only_the_recipe(page_without_js: Page,
                                                                                      page: Page, shot):
    name = unique("Pancakes ")
    open_new_recipe(page)
    fill_editor(page, RecipeInput(name=name, servings="4", ingredients=[("1 1/2", "cups of flour"), ("2", "eggs")],
                                  sides=["Maple syrup"], nutrition=[("Calories", "320 kcal")]))
    for number, text in enumerate(["Whisk everything.", "Rest for ten minutes.", "Fry in butter."], start=1):
        if number > 1:
            button(page, "Add a step").click()
        field_named(page, f"Step {number}").fill(text)
    recipe_id = save_as_new(page, name)

    # Without a script: type 8 servings, press Scale, read the doubled quantities.
    plain = page_without_js
    plain.goto(f"/recipes/{recipe_id}")
    plain.get_by_label("Servings", exact=True).fill("8")
    plain.get_by_role("button", name="Scale", exact=True).click()
    expect(plain.get_by_text("Quantities for 8 servings; the recipe is for 4.")).to_be_visible()
    assert section_lines(plain, "Ingredients")[1:3] == ["3 cups of flour", "4 eggs"]
    expect(plain.get_by_role("button", name="Print")).to_be_hidden()
    shot(plain, "scaled-for-8")

    # Printed (emulated print media): no navigation, buttons or stepping links, and it fits one A4 page.
    page.goto(f"/recipes/{recipe_id}")
    expect(page.get_by_role("button", name="Print", exact=True)).to_be_visible()
    page.emulate_media(media="print")
    for hidden in [".site-header", ".steps", ".actions", ".recipe-tools", ".back-link"]:
        expect(page.locator(hidden).first).to_be_hidden()
    expect(page.get_by_role("heading", level=1)).to_have_text(name)
    expect(page.locator(".method-list li")).to_have_count(3)
    height = page.evaluate("document.documentElement.scrollHeight")
    # A4 is 297 mm: 1,122 CSS pixels, less the 1.5 cm margins at top and bottom (about 113 px).
    assert height <= 1122 - 113, f"the printed recipe is {height}px tall, more than one A4 page"
    shot(page, "printed")
    page.emulate_media(media="screen")
