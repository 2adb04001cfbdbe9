"""The recipe editor with JavaScript turned off: every row button is a real submit button that posts the form
and comes back with everything typed intact; saving, updating, reordering and deleting all work."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from recipe_steps import (
    ingredient_lines,
    RecipeInput,
    all_descriptions,
    all_nutrition_names,
    all_quantities,
    all_sides,
    button,
    description,
    expect_editor_holds,
    expect_recipe_page,
    fact,
    fill_overview,
    list_row,
    nutrition_name,
    nutrition_value,
    open_editor,
    open_new_recipe,
    open_recipes,
    quantity,
    quick_recipe,
    save_as_new,
    section_lines,
    side,
    stored_recipe,
    submit_expecting,
    update,
    values,
)
from steps import flash, quoted, unique


@pytest.fixture
def page_without_js(new_context) -> Page:
    context = new_context(java_script_enabled=False)
    return context.new_page()


def press_row_button(page: Page, name: str, url: str) -> None:
    """A row button without JavaScript: a POST to the editor's own URL that answers 200 with the form again."""
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        button(page, name).click()
    response = answer.value
    assert response.status == 200, f"{name} answered {response.status}"
    assert re.search(url, response.url), f"{name} posted to {response.url}, expected {url}"
    page.wait_for_load_state()


def test_create_a_recipe_with_three_ingredients_two_sides_and_two_nutrition_entries_without_javascript(
    page_without_js: Page, server, shot
):
    page = page_without_js
    open_new_recipe(page)
    recipe = RecipeInput(
        name=unique("No-script chilli "),
        servings="6",
        price="9.75",
        available=True,
        category="Dinner",
        release_date="2023-11-05",
        ingredients=[("500", "grams of beef mince"), ("1 1/2", "tins of kidney beans"), ("½", "teaspoon of cumin")],
        sides=["Sour cream", "Tortilla chips"],
        nutrition=[("Calories", "540 kcal"), ("Fat", "21 g")],
    )
    # The overview first: every round trip below must bring it back.
    fill_overview(page, recipe)
    typed = RecipeInput(name=recipe.name, servings="6", price="9.75", available=True, category="Dinner",
                        release_date="2023-11-05")

    for i, (amount, what) in enumerate(recipe.ingredients, start=1):
        if i > 1:
            press_row_button(page, "Add an ingredient", r"/recipes/new$")
            expect_editor_holds(page, typed)  # everything typed so far is still there
            expect(all_quantities(page)).to_have_count(i)
        quantity(page, i).fill(amount)
        description(page, i).fill(what)
        typed.ingredients.append((amount, what))
    for i, text in enumerate(recipe.sides, start=1):
        if i > 1:
            press_row_button(page, "Add a side option", r"/recipes/new$")
            expect_editor_holds(page, typed)
            expect(all_sides(page)).to_have_count(i)
        side(page, i).fill(text)
        typed.sides.append(text)
    for i, (name, value) in enumerate(recipe.nutrition, start=1):
        if i > 1:
            press_row_button(page, "Add a nutrition entry", r"/recipes/new$")
            expect_editor_holds(page, typed)
            expect(all_nutrition_names(page)).to_have_count(i)
        nutrition_name(page, i).fill(name)
        nutrition_value(page, i).fill(value)
        typed.nutrition.append((name, value))
    expect_editor_holds(page, recipe, blank_rows_ok=False)
    shot(page, "filled-editor")

    recipe_id = save_as_new(page, recipe.name)
    shot(page, "recipe-page")
    expect_recipe_page(page, recipe, shown_quantities=["500", "1½", "½"])
    row = stored_recipe(server.database, recipe_id)
    assert [i["quantity"] for i in json.loads(row["ingredients"])] == [500, 1.5, 0.5]
    assert row["price"] == 9.75 and row["releaseDate"] == "2023-11-05T00:00:00.000Z"


def test_remove_and_reorder_rows_then_update_without_javascript(page_without_js: Page, quick, shot):
    page = page_without_js
    name = unique("Plain scones ")
    recipe_id = quick_recipe(
        quick,
        name,
        category="0",
        **{
            "ingredient-0-quantity": "2",
            "ingredient-0-description": "cups of flour",
            "ingredient-1-quantity": "1",
            "ingredient-1-description": "egg",
            "ingredient-2-quantity": "0.5",
            "ingredient-2-description": "cup of milk",
            "side-0": "Clotted cream",
            "side-1": "Jam",
        },
    )
    open_editor(page, recipe_id, name)
    edit_url = rf"/recipes/{recipe_id}/edit$"
    # An unsaved change in the overview must survive every row button.
    page.get_by_label("Servings", exact=True).fill("8")

    press_row_button(page, "Move ingredient 3 up", edit_url)
    assert values(all_descriptions(page)) == ["cups of flour", "cup of milk", "egg"]
    assert values(all_quantities(page)) == ["2", "½", "1"]
    press_row_button(page, "Move ingredient 1 down", edit_url)
    assert values(all_descriptions(page)) == ["cup of milk", "cups of flour", "egg"]
    press_row_button(page, "Remove side option 1", edit_url)
    assert values(all_sides(page)) == ["Jam"]
    expect(page.get_by_label("Servings", exact=True)).to_have_value("8")
    expect(page.get_by_label("Name", exact=True)).to_have_value(name)
    shot(page, "reordered")

    update(page, name)
    assert ingredient_lines(page) == [
        "½ cup of milk",
        "2 cups of flour",
        "1 egg",
    ]
    assert "Clotted cream" not in section_lines(page, "Side options")
    fact(page, "Servings", "8")


def test_a_validation_error_keeps_everything_typed_without_javascript(page_without_js: Page, shot):
    page = page_without_js
    open_new_recipe(page)
    name = unique("Half-typed bread ")
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Category", exact=True).select_option(label="Lunch")
    page.get_by_label("Price", exact=True).fill("3.999")
    quantity(page, 1).fill("3")
    description(page, 1).fill("cups of flour")
    press_row_button(page, "Add an ingredient", r"/recipes/new$")
    quantity(page, 2).fill("lots")  # not a quantity, nor amount words Parsnip knows
    description(page, 2).fill("yeast")
    submit_expecting(page, "Save as new recipe", 422)
    shot(page, "validation-error")
    summary = page.get_by_role("alert")
    expect(summary).to_contain_text("There is a problem")
    expect(summary.get_by_role("link", name="Price can have at most two decimals, like 3.99")).to_have_attribute(
        "href", "#price"
    )
    expect(summary.get_by_role("link", name="Enter a quantity for ingredient 2, like 1, 0.5 or 1 1/2")).to_be_visible()
    expect(quantity(page, 2)).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("Name", exact=True)).to_have_value(name)
    expect(page.get_by_label("Price", exact=True)).to_have_value("3.999")
    assert values(all_descriptions(page))[:2] == ["cups of flour", "yeast"]

    page.get_by_label("Price", exact=True).fill("3.99")
    quantity(page, 2).fill("1/4")
    save_as_new(page, name)
    expect_recipe_page(
        page,
        RecipeInput(name=name, price="3.99", category="Lunch", ingredients=[("3", "cups of flour"), ("¼", "yeast")]),
    )


def test_delete_with_confirmation_without_javascript(page_without_js: Page, quick):
    page = page_without_js
    name = unique("Burnt toast ")
    recipe_id = quick_recipe(quick, name, category="0")
    page.goto(f"/recipes/{recipe_id}/delete")
    expect(page.get_by_role("heading", level=1, name="Delete this recipe?")).to_be_visible()
    button(page, "Delete recipe").click()
    expect(flash(page, f"Deleted {quoted(name)}")).to_be_visible()
    open_recipes(page, f"q={name.split()[-1]}")
    expect(list_row(page, name)).to_have_count(0)


def test_the_add_button_stops_at_the_limit_without_javascript(page_without_js: Page, quick, shot):
    page = page_without_js
    open_new_recipe(page)
    page.get_by_label("Name", exact=True).fill(unique("Many sides "))
    for n in range(1, 21):
        side(page, n).fill(f"Side {n}")
        if n < 20:
            press_row_button(page, "Add a side option", r"/recipes/new$")
    expect(all_sides(page)).to_have_count(20)
    expect(button(page, "Add a side option")).to_be_disabled()
    assert values(all_sides(page)) == [f"Side {n}" for n in range(1, 21)]
    shot(page, "twenty-sides")
    # A hand-made press of the add button at the limit is refused with a message on the section, 422.
    fields = {"name": "Too many sides", "category": "1", "row-action": "side-add"}
    fields.update({f"side-{i}": f"Side {i + 1}" for i in range(20)})
    answer = quick.post("/recipes/new", fields)
    assert answer.status == 422
    assert "at most 20 side options" in answer.text()
