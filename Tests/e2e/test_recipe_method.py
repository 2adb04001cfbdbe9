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
