"""The recipe editor's rules and exactness in a real browser: messages next to the right field, nothing typed
lost, prices and quantities as people type them, calendar dates that never move a day whatever the browser's
time zone, and Unicode that round-trips."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from recipe_steps import (
    ingredient_lines,
    RecipeInput,
    all_quantities,
    create_through_editor,
    description,
    expect_editor_holds,
    expect_recipe_page,
    expect_release_date,
    fact,
    field_named,
    fill_editor,
    fill_release_date,
    list_row,
    nutrition_name,
    open_editor,
    open_new_recipe,
    open_recipes,
    quantity,
    release_date_box,
    row_cells,
    save_as_new,
    schema_types,
    section_lines,
    stored_recipe,
    submit_expecting,
    update,
    values,
)
from steps import unique


def message_for(page: Page, field) -> str:
    """The text of everything the field's aria-describedby points at (its hint and its error message)."""
    described_by = field.get_attribute("aria-describedby") or ""
    return " ".join(page.locator(f"[id='{i}']").inner_text() for i in described_by.split())


def expect_problem(page: Page, field, message: str | re.Pattern) -> None:
    """The summary links to the field; the field is marked invalid and described by the message beside it."""
    summary = page.get_by_role("alert")
    expect(summary).to_contain_text("There is a problem")
    link = summary.get_by_role("link", name=message, exact=True) if isinstance(message, str) else (
        summary.get_by_role("link", name=message))
    expect(link).to_be_visible()
    field_id = field.get_attribute("id")
    expect(link).to_have_attribute("href", f"#{field_id}")
    expect(field).to_have_attribute("aria-invalid", "true")
    text = link.inner_text().strip()
    assert text in message_for(page, field), f"#{field_id} is not described by {text!r}"
    # The message is shown next to the field, not only in the summary.
    assert page.get_by_role("main").get_by_text(text).count() >= 2, f"{text!r} is only in the summary"


def expect_marked_invalid(page: Page, field) -> None:
    """The field is marked invalid and the error summary links to it (whatever the words)."""
    expect(field).to_have_attribute("aria-invalid", "true")
    field_id = field.get_attribute("id")
    expect(page.get_by_role("alert").locator(f"a[href='#{field_id}']")).to_have_count(1)


def switch_off_browser_checks(page: Page) -> None:
    """Let the server's validation answer, as an older browser would (the name field may be `required`)."""
    field_named(page, "Name").evaluate("field => { field.form.noValidate = true }")


def test_price_with_three_decimals_and_a_quantity_in_words_are_refused_keeping_everything(
    page: Page, shot
):
    open_new_recipe(page)
    recipe = RecipeInput(
        name=unique("Almost bread "),
        servings="2",
        price="3.999",
        available=True,
        category="Lunch",
        release_date="2024-05-03",
        ingredients=[("3", "cups of flour"), ("a", "sachet of yeast"), ("1", "cup of warm water")],
        sides=["Butter"],
        nutrition=[("Calories", "250 kcal")],
    )
    fill_editor(page, recipe)
    switch_off_browser_checks(page)
    submit_expecting(page, "Save as new recipe", 422)
    shot(page, "refused")
    expect_problem(page, field_named(page, "Price"), "Price can have at most two decimals, like 3.99")
    expect_problem(page, quantity(page, 2), "Enter a quantity for ingredient 2, like 1, 0.5 or 1 1/2")
    expect(quantity(page, 1)).not_to_have_attribute("aria-invalid", "true")
    expect_editor_holds(page, recipe, blank_rows_ok=False)

    # The summary's link takes the person to the field.
    page.get_by_role("alert").get_by_role("link", name="Price can have at most two decimals, like 3.99").click()
    expect(field_named(page, "Price")).to_be_focused()

    field_named(page, "Price").fill("3.99")
    quantity(page, 2).fill("1")
    save_as_new(page, recipe.name)


@pytest.mark.parametrize(
    ("price", "message"),
    [
        ("3.99 €€", "Price must be a number, like 3.99"),
        ("3,9,9", "Price must be a number, like 3.99"),
        ("-2", "Price cannot be negative"),
        ("1000000.01", "Price must be 1,000,000 or less"),
    ],
)
def test_prices_people_might_type_that_are_refused(page: Page, price: str, message: str):
    open_new_recipe(page)
    field_named(page, "Name").fill(unique("Priced "))
    field_named(page, "Price").fill(price)
    switch_off_browser_checks(page)
    submit_expecting(page, "Save as new recipe", 422)
    expect_problem(page, field_named(page, "Price"), message)
    expect(field_named(page, "Price")).to_have_value(price)


def test_more_rules_each_next_to_its_field(page: Page, shot):
    open_new_recipe(page)
    recipe = RecipeInput(
        name="",
        servings="2.5",
        category="Dinner",
        release_date="",
        ingredients=[("2", ""), ("0", "pinch of salt")],
        nutrition=[("Fat", "10 g"), (" fat ", "12 g"), ("", "3 g"), ("Vit. C", "12 mg")],
    )
    fill_editor(page, recipe)
    # Category left at its empty choice, if the editor offers one.
    category = field_named(page, "Category")
    if category.locator("option[value='']").count():
        category.select_option(value="")
    switch_off_browser_checks(page)
    submit_expecting(page, "Save as new recipe", 422)
    shot(page, "many-problems")
    expect_problem(page, field_named(page, "Name"), "Enter a name for the recipe")
    expect_problem(page, field_named(page, "Servings"), "Servings must be a whole number, like 4")
    expect_problem(page, description(page, 1), "Describe ingredient 1, like \u201ccups of flour\u201d")
    # Names are compared ignoring case and surrounding spaces (the message may quote either spelling).
    expect_problem(
        page,
        nutrition_name(page, 2),
        re.compile("^\u201c[Ff]at\u201d is already listed \u2014 use another name or remove this row$"),
    )
    expect_problem(page, quantity(page, 2), re.compile(r"ingredient 2.*must be more than 0|must be more than 0"))
    # A value without a name: the problem is on the missing name.
    expect_marked_invalid(page, nutrition_name(page, 3))
    # Parse cannot store a key with "." in it: refused on that name.
    expect_marked_invalid(page, nutrition_name(page, 4))
    expect(quantity(page, 1)).not_to_have_attribute("aria-invalid", "true")
    expect(field_named(page, "Value of nutrition entry 1")).not_to_have_attribute("aria-invalid", "true")
    if category.locator("option[value='']").count():
        expect_problem(page, category, "Choose a category")
    expect(field_named(page, "Servings")).to_have_value("2.5")
    expect(field_named(page, "Value of nutrition entry 2")).to_have_value("12 g")
    expect(nutrition_name(page, 4)).to_have_value("Vit. C")
    expect(quantity(page, 2)).to_have_value("0")


def test_price_with_a_decimal_comma_saves_as_a_point(page: Page, server):
    recipe = RecipeInput(name=unique("Comma cake "), price="3,99", category="Breakfast")
    recipe_id = create_through_editor(page, recipe)
    fact(page, "Price", "3.99")
    assert stored_recipe(server.database, recipe_id)["price"] == 3.99
    open_editor(page, recipe_id, recipe.name)
    expect(field_named(page, "Price")).to_have_value("3.99")
    open_recipes(page, f"q={recipe.name.split()[-1]}")
    assert row_cells(list_row(page, recipe.name))[3] == "3.99"


def test_a_price_of_19_99_is_19_99_everywhere(page: Page, server):
    recipe = RecipeInput(name=unique("Exact price pie "), price="19.99", category="Dinner")
    recipe_id = create_through_editor(page, recipe)
    fact(page, "Price", "19.99")
    stored = stored_recipe(server.database, recipe_id)["price"]
    assert stored == 19.99 and repr(stored) == "19.99"
    # Updating something else leaves it exactly as it was.
    open_editor(page, recipe_id, recipe.name)
    field_named(page, "Servings").fill("3")
    update(page, recipe.name)
    fact(page, "Price", "19.99")
    assert repr(stored_recipe(server.database, recipe_id)["price"]) == "19.99"


def test_quantities_typed_as_fractions_save_and_show_as_fraction_glyphs(page: Page, server, shot):
    recipe = RecipeInput(
        name=unique("Fraction scones "),
        category="Breakfast",
        ingredients=[
            ("1 1/2", "cups of flour"),
            ("½", "cup of milk"),
            ("0,25", "teaspoon of salt"),
            ("1/3", "cup of sugar"),
            (".5", "teaspoon of baking soda"),
        ],
    )
    recipe_id = create_through_editor(page, recipe)
    shot(page, "recipe-page")
    lines = ingredient_lines(page)
    assert lines == [
        "1½ cups of flour",
        "½ cup of milk",
        "¼ teaspoon of salt",
        "⅓ cup of sugar",
        "½ teaspoon of baking soda",
    ], lines
    stored = [i["quantity"] for i in json.loads(stored_recipe(server.database, recipe_id)["ingredients"])]
    assert stored == [1.5, 0.5, 0.25, 1 / 3, 0.5]
    open_editor(page, recipe_id, recipe.name)
    assert values(all_quantities(page))[:5] == ["1½", "½", "¼", "⅓", "½"]
    # Saving the editor unchanged keeps the exact quantities (⅓ stays one third, not 0.33).
    update(page, recipe.name)
    again = [i["quantity"] for i in json.loads(stored_recipe(server.database, recipe_id)["ingredients"])]
    assert again == stored


@pytest.mark.parametrize("zone", ["Pacific/Kiritimati", "Pacific/Pago_Pago"])
def test_a_release_date_is_the_same_day_whatever_the_browsers_time_zone(
    new_context, server, zone: str, shot
):
    context = new_context(timezone_id=zone)
    page = context.new_page()
    assert page.evaluate("Intl.DateTimeFormat().resolvedOptions().timeZone") == zone
    open_new_recipe(page)
    name = unique(f"Release day in {zone.split('/')[-1]} ")
    field_named(page, "Name").fill(name)
    field_named(page, "Category").select_option(label="Lunch")
    expect(release_date_box(page, "Day")).to_have_attribute("type", "text")
    fill_release_date(page, "2024-05-03")
    recipe_id = save_as_new(page, name)
    shot(page, f"recipe-page-{zone.split('/')[-1]}")
    fact(page, "Release date", "3 May 2024")
    assert stored_recipe(server.database, recipe_id)["releaseDate"] == "2024-05-03T00:00:00.000Z"
    open_editor(page, recipe_id, name)
    expect_release_date(page, "2024-05-03")
    open_recipes(page, f"q={name.split()[-1]}")
    assert row_cells(list_row(page, name))[5] == "3 May 2024"

    # Changed in the editor to the last day of a year, the day on which a time-zone slip would show most.
    open_editor(page, recipe_id, name)
    fill_release_date(page, "2023-12-31")
    update(page, name)
    fact(page, "Release date", "31 December 2023")
    assert stored_recipe(server.database, recipe_id)["releaseDate"] == "2023-12-31T00:00:00.000Z"


def test_a_date_that_does_not_exist_is_refused(page: Page):
    open_new_recipe(page)
    field_named(page, "Name").fill(unique("Leap day "))
    # The three boxes take any numbers; the server says which day does not exist, keeping what was typed.
    fill_release_date(page, "2023-02-29")
    switch_off_browser_checks(page)
    submit_expecting(page, "Save as new recipe", 422)
    expect_problem(page, release_date_box(page, "Day"), "2023 has no 29 February")
    expect_release_date(page, "2023-02-29")


def test_unicode_round_trips_in_every_text_field(page: Page, server, shot):
    word = unique("crème")
    recipe = RecipeInput(
        name=f"Crème brûlée 焼きプリン 🍮 {word}",
        servings="4",
        category="Dinner",
        ingredients=[("2", "œufs frais — 卵 🥚"), ("½", "litre de crème fraîche")],
        sides=["Salade niçoise 🥗", "緑茶"],
        nutrition=[("Énergie", "320 kcal 🔥"), ("糖質", "24 g")],
    )
    recipe_id = create_through_editor(page, recipe)
    shot(page, "recipe-page")
    expect_recipe_page(page, recipe)
    row = stored_recipe(server.database, recipe_id)
    assert row["name"] == recipe.name
    assert json.loads(row["ingredients"])[0]["description"] == "œufs frais — 卵 🥚"
    assert json.loads(row["sideOptions"]) == recipe.sides
    assert json.loads(row["nutritionalInfo"]) == {"Énergie": "320 kcal 🔥", "糖質": "24 g"}

    open_editor(page, recipe_id, recipe.name)
    expect_editor_holds(page, recipe)
    # Found by a search in any script, and listed under its own name.
    open_recipes(page, "q=焼きプリン")
    expect(list_row(page, recipe.name)).to_have_count(1)
    open_recipes(page, f"q={word.upper()}")
    expect(list_row(page, recipe.name)).to_have_count(1)


def test_store_types_are_the_contracts(page: Page, server):
    create_through_editor(
        page,
        RecipeInput(
            name=unique("Typed "),
            servings="1",
            price="1",
            available=True,
            category="Breakfast",
            release_date="2020-02-29",
            ingredients=[("1", "apple")],
            sides=["tea"],
            nutrition=[("Sugar", "19 g")],
        ),
    )
    types = schema_types(server.database)
    assert {name: types.get(name) for name in [
        "name", "servings", "price", "isAvailable", "category", "ingredients", "sideOptions", "nutritionalInfo",
        "releaseDate",
    ]} == {
        "name": "String",
        "servings": "Number",
        "price": "Number",
        "isAvailable": "Boolean",
        "category": "Number",
        "ingredients": "Array",
        "sideOptions": "Array",
        "nutritionalInfo": "Object",
        "releaseDate": "Date",
    }
