"""The recipe book's main journeys in a real browser against the real binary (JavaScript on, desktop size).

Issue 3's journey: create a recipe with 3 ingredients, 2 side options and 2 nutrition entries, step
next/previous, update, save as new, reorder ingredients, delete (with confirmation, and cancel).
The same creation with JavaScript off is in test_recipe_without_javascript.py.
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from recipe_steps import (
    ingredient_lines,
    RecipeInput,
    all_descriptions,
    all_quantities,
    all_sides,
    button,
    create_through_editor,
    description,
    expect_editor_holds,
    expect_recipe_page,
    fact,
    field_named,
    fill_editor,
    fill_release_date,
    list_row,
    open_editor,
    open_new_recipe,
    open_recipe,
    open_recipes,
    position,
    quantity,
    quick_recipe,
    recipe_id_of,
    row_cells,
    save_as_new,
    section_lines,
    side,
    stored_recipe,
    submit_expecting,
    update,
    values,
)
from steps import flash, quoted, unique


def lentil_curry(name: str) -> RecipeInput:
    return RecipeInput(
        name=name,
        servings="4",
        price="12.50",
        available=True,
        category="Dinner",
        release_date="2024-05-03",
        ingredients=[("1½", "cups of red lentils"), ("2", "onions, finely chopped"), ("½", "teaspoon of salt")],
        sides=["Steamed rice", "Naan bread"],
        nutrition=[("Calories", "320 kcal"), ("Protein", "18 g")],
    )


def test_home_and_nav_lead_to_the_recipes(page: Page, shot):
    page.goto("/")
    page.get_by_role("main").get_by_role("link", name="Recipes").click()
    expect(page).to_have_url(re.compile(r"/recipes$"))
    expect(page.get_by_role("heading", level=1, name="Recipes", exact=True)).to_be_visible()
    expect(page).to_have_title("Recipes · Parsnip")
    nav_link = page.get_by_role("navigation").get_by_role("link", name="Recipes", exact=True)
    expect(nav_link).to_have_attribute("aria-current", "page")
    expect(page.get_by_role("navigation").get_by_role("link", name="To-do list")).not_to_have_attribute(
        "aria-current", "page"
    )
    shot(page, "list")


def test_create_a_recipe_with_three_ingredients_two_sides_and_two_nutrition_entries(page: Page, server, shot):
    open_new_recipe(page)
    expect(page).to_have_title("Add a recipe · Parsnip")
    for heading in ["Recipe overview", "Ingredients", "Side options", "Nutritional information"]:
        expect(page.get_by_role("heading", level=2, name=heading, exact=True)).to_be_visible()
    expect(page.get_by_text("e.g. 3.99")).to_be_visible()
    # With JavaScript the row buttons act in the page: no form is posted until the recipe is saved.
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)

    recipe = lentil_curry(unique("Red lentil curry "))
    fill_editor(page, recipe)
    assert posts == [], f"row buttons posted the form with JavaScript on: {posts}"
    expect(all_quantities(page)).to_have_count(3)
    expect(all_sides(page)).to_have_count(2)
    expect_editor_holds(page, recipe, blank_rows_ok=False)
    shot(page, "filled-editor")

    recipe_id = save_as_new(page, recipe.name)
    shot(page, "recipe-page")
    expect_recipe_page(page, recipe)
    fact(page, "Release date", "3 May 2024")
    expect(page.get_by_role("navigation").get_by_role("link", name="Recipes", exact=True)).to_have_attribute(
        "aria-current", "page"
    )
    # The banner is shown once.
    page.reload()
    expect(flash(page, "as a new recipe")).to_have_count(0)

    # Stored exactly as Parse stores it.
    row = stored_recipe(server.database, recipe_id)
    assert row["price"] == 12.5 and row["servings"] == 4 and row["category"] == 2 and row["isAvailable"] == 1
    assert json.loads(row["ingredients"]) == [
        {"quantity": 1.5, "description": "cups of red lentils"},
        {"quantity": 2, "description": "onions, finely chopped"},
        {"quantity": 0.5, "description": "teaspoon of salt"},
    ]
    assert list(json.loads(row["ingredients"])[0]) == ["quantity", "description"]
    assert json.loads(row["sideOptions"]) == ["Steamed rice", "Naan bread"]
    assert list(json.loads(row["nutritionalInfo"]).items()) == [("Calories", "320 kcal"), ("Protein", "18 g")]
    assert row["releaseDate"] == "2024-05-03T00:00:00.000Z"

    # The list shows it, and its name leads back to the recipe page.
    open_recipes(page, f"q={recipe.name.split()[-1]}")
    assert row_cells(list_row(page, recipe.name)) == [recipe.name, "Dinner", "4", "12.50", "Yes", "3 May 2024"]
    page.get_by_role("link", name=recipe.name, exact=True).click()
    # The link keeps the list it came from (its search and sort), for Previous and Next.
    expect(page).to_have_url(re.compile(f"/recipes/{recipe_id}\\?sort=name&q="))

    # The editor comes back with everything that was saved.
    page.get_by_role("link", name="Edit recipe", exact=True).click()
    expect(page).to_have_title(re.compile(r"^Edit recipe “.+” · Parsnip$"))
    expected = lentil_curry(recipe.name)
    expect_editor_holds(page, expected)
    shot(page, "edit-page")


def test_step_next_and_previous_through_recipes_on_the_page_and_in_the_editor(page: Page, quick, shot):
    word = unique("Stepping ")
    first, second, third = (quick_recipe(quick, f"{word} {n}") for n in ("one", "two", "three"))
    open_recipe(page, second, f"{word} two")
    at, total = position(page)
    assert at >= 2
    shot(page, "second")

    page.get_by_role("link", name="Previous recipe", exact=True).click()
    expect(page).to_have_url(re.compile(f"/recipes/{first}$"))
    expect(page.get_by_role("heading", level=1)).to_have_text(f"{word} one")
    assert position(page) == (at - 1, total)

    page.get_by_role("link", name="Next recipe", exact=True).click()
    expect(page).to_have_url(re.compile(f"/recipes/{second}$"))
    page.get_by_role("link", name="Next recipe", exact=True).click()
    expect(page).to_have_url(re.compile(f"/recipes/{third}$"))
    assert position(page) == (at + 1, total)
    # The newest recipe is the last one: no way further on.
    assert at + 1 == total
    expect(page.get_by_role("link", name="Next recipe")).to_have_count(0)
    expect(page.get_by_role("link", name="Previous recipe")).to_have_count(1)

    # The editor's step buttons go to the neighbours' editors (straight on: nothing was changed).
    page.get_by_role("link", name="Edit recipe", exact=True).click()
    expect(page.get_by_role("heading", level=1, name="Edit recipe")).to_be_visible()
    assert position(page) == (at + 1, total)
    expect(page.get_by_role("button", name="Next recipe")).to_have_count(0)
    page.get_by_role("button", name="Previous recipe", exact=True).click()
    expect(page).to_have_url(re.compile(f"/recipes/{second}/edit$"))
    expect(field_named(page, "Name")).to_have_value(f"{word} two")
    assert position(page) == (at, total)
    page.get_by_role("button", name="Next recipe", exact=True).click()
    expect(page).to_have_url(re.compile(f"/recipes/{third}/edit$"))
    shot(page, "editor-stepped")


def test_update_changes_the_recipe_and_keeps_its_place(page: Page, shot):
    recipe = lentil_curry(unique("Weeknight curry "))
    recipe_id = create_through_editor(page, recipe)
    before = position(page)

    open_editor(page, recipe_id, recipe.name)
    changed = RecipeInput(
        name=recipe.name.replace("Weeknight", "Sunday"),
        servings="6",
        price="14.00",
        available=False,
        category="Lunch",
        release_date="2024-05-10",
        ingredients=[("2", "cups of red lentils"), ("2", "onions, finely chopped"), ("1", "teaspoon of salt")],
        sides=["Steamed rice"],
        nutrition=[("Calories", "410 kcal"), ("Protein", "18 g")],
    )
    field_named(page, "Name").fill(changed.name)
    field_named(page, "Servings").fill(changed.servings)
    field_named(page, "Price").fill("14")
    field_named(page, "Available").uncheck()
    field_named(page, "Category").select_option(label="Lunch")
    fill_release_date(page, changed.release_date)
    quantity(page, 1).fill("2")
    quantity(page, 3).fill("1")
    button(page, "Remove side option 2").click()
    field_named(page, "Value of nutrition entry 1").fill("410 kcal")
    shot(page, "edited")
    assert update(page, changed.name) == recipe_id
    shot(page, "updated")
    expect_recipe_page(page, changed)
    assert position(page) == before, "an update must not move the recipe in the stepping order"
    assert "Naan bread" not in section_lines(page, "Side options")

    open_recipes(page, f"q={recipe.name.split()[-1]}")
    expect(list_row(page, recipe.name)).to_have_count(0)
    assert row_cells(list_row(page, changed.name)) == [changed.name, "Lunch", "6", "14.00", "No", "10 May 2024"]


def test_save_as_new_from_the_editor_adds_a_second_recipe_and_leaves_the_first_unchanged(page: Page, shot):
    original = lentil_curry(unique("Family curry "))
    first_id = create_through_editor(page, original)

    open_editor(page, first_id, original.name)
    copy = lentil_curry(original.name.replace("Family", "Party"))
    copy.servings = "12"
    copy.sides = ["Steamed rice", "Naan bread", "Mango chutney"]
    field_named(page, "Name").fill(copy.name)
    field_named(page, "Servings").fill("12")
    button(page, "Add a side option").click()
    side(page, 3).fill("Mango chutney")
    second_id = save_as_new(page, copy.name)
    assert second_id != first_id
    shot(page, "copy")
    expect_recipe_page(page, copy)

    open_recipe(page, first_id, original.name)
    expect_recipe_page(page, original)
    assert "Mango chutney" not in section_lines(page, "Side options")

    open_recipes(page, f"q={original.name.split()[-1]}")
    expect(list_row(page, original.name)).to_have_count(1)
    expect(list_row(page, copy.name)).to_have_count(1)
    shot(page, "list-with-both")


def test_reorder_ingredients_with_move_up_and_down_then_save(page: Page, shot):
    recipe = RecipeInput(
        name=unique("Pancakes "),
        category="Breakfast",
        ingredients=[("1", "cup of flour"), ("2", "eggs"), ("1 1/2", "cups of milk"), ("1", "pinch of salt")],
    )
    recipe_id = create_through_editor(page, recipe)
    open_editor(page, recipe_id, recipe.name)

    button(page, "Move ingredient 3 up").click()  # milk above eggs
    expect(description(page, 2)).to_have_value("cups of milk")
    # The pressed button moved with its row and keeps the focus, under its new name.
    expect(page.get_by_role("button", name="Move ingredient 2 up", exact=True)).to_be_focused()
    button(page, "Move ingredient 1 down").click()  # flour below milk
    expect(page.get_by_role("button", name="Move ingredient 2 down", exact=True)).to_be_focused()
    assert values(all_descriptions(page))[:4] == ["cups of milk", "cup of flour", "eggs", "pinch of salt"]
    assert values(all_quantities(page))[:4] == ["1½", "1", "2", "1"]
    # Moving the first row up and the last row down changes nothing.
    button(page, "Move ingredient 1 up").click()
    last = len(values(all_descriptions(page)))
    button(page, f"Move ingredient {last} down").click()
    assert values(all_descriptions(page))[:4] == ["cups of milk", "cup of flour", "eggs", "pinch of salt"]
    # The rows' names follow their new places.
    expect(quantity(page, 1)).to_have_value("1½")
    expect(description(page, 1)).to_have_value("cups of milk")
    shot(page, "reordered")

    update(page, recipe.name)
    lines = ingredient_lines(page)
    expected = ["1½ cups of milk", "1 cup of flour", "2 eggs", "1 pinch of salt"]
    assert lines == expected, lines
    shot(page, "recipe-page-reordered")

    # Remove: the second ingredient goes, the others keep their order.
    open_editor(page, recipe_id, recipe.name)
    button(page, "Remove ingredient 2").click()
    assert values(all_descriptions(page))[:3] == ["cups of milk", "eggs", "pinch of salt"]
    expect(quantity(page, 2)).to_be_focused()  # the row that took its place
    update(page, recipe.name)
    assert ingredient_lines(page) == [
        "1½ cups of milk",
        "2 eggs",
        "1 pinch of salt",
    ]


def test_delete_asks_first_and_cancel_keeps_the_recipe(page: Page, quick, shot):
    name = unique("Leftover soup ")
    recipe_id = quick_recipe(quick, name, category="1")
    open_recipe(page, recipe_id, name)
    page.get_by_role("link", name="Delete recipe", exact=True).click()
    expect(page.get_by_role("heading", level=1, name="Delete this recipe?")).to_be_visible()
    expect(page).to_have_title("Delete this recipe? · Parsnip")
    expect(page.get_by_role("main")).to_contain_text(name)
    shot(page, "confirmation")
    page.get_by_role("link", name="Cancel", exact=True).click()
    expect(page).to_have_url(re.compile(f"/recipes/{recipe_id}$"))
    expect(page.get_by_role("heading", level=1)).to_have_text(name)

    # From the editor too.
    page.get_by_role("link", name="Edit recipe", exact=True).click()
    page.get_by_role("link", name="Delete this recipe", exact=True).click()
    expect(page.get_by_role("heading", level=1, name="Delete this recipe?")).to_be_visible()
    button(page, "Delete recipe").click()
    expect(page).to_have_url(re.compile(r"/recipes$"))
    expect(flash(page, f"Deleted {quoted(name)}")).to_be_visible()
    shot(page, "list-after-delete")
    open_recipes(page, f"q={name.split()[-1]}")
    expect(list_row(page, name)).to_have_count(0)
    # Its old address says it was deleted and is in the trash, with Restore.
    response = page.goto(f"/recipes/{recipe_id}")
    assert response is not None and response.status == 404
    expect(page.get_by_role("heading", level=1, name="This recipe was deleted")).to_be_visible()
    expect(page.get_by_text("It is in the trash, where it can be restored as it was.")).to_be_visible()
    shot(page, "deleted-recipe-address")
    button(page, "Restore it").click()
    expect(page.get_by_role("heading", level=1, name=name)).to_be_visible()


def test_enter_in_a_field_saves_rather_than_pressing_a_row_button(page: Page):
    open_new_recipe(page)
    name = unique("Enter key toast ")
    field_named(page, "Name").fill(name)
    field_named(page, "Category").select_option(label="Breakfast")
    quantity(page, 1).fill("2")
    description(page, 1).fill("slices of bread")
    description(page, 1).press("Enter")
    expect(page).to_have_url(re.compile(r"/recipes/[A-Za-z0-9]+$"))
    expect(flash(page, f"Added {quoted(name)} as a new recipe")).to_be_visible()
    recipe_id = recipe_id_of(page)

    # On the edit page Enter updates.
    open_editor(page, recipe_id, name)
    renamed = name.replace("toast", "soldiers")
    field_named(page, "Name").fill(renamed)
    field_named(page, "Name").press("Enter")
    expect(flash(page, f"Updated {quoted(renamed)}")).to_be_visible()
    assert recipe_id_of(page) == recipe_id


def test_reload_with_unsaved_edits_asks_first_and_discard_changes_loads_the_saved_recipe(page: Page, quick):
    name = unique("Overnight oats ")
    recipe_id = quick_recipe(
        quick, name, category="0", **{"ingredient-0-quantity": "1", "ingredient-0-description": "cup of oats"}
    )
    open_editor(page, recipe_id, name)
    field_named(page, "Name").fill("Something else entirely")
    button(page, "Add an ingredient").click()
    quantity(page, 2).fill("2")
    button(page, "Undo my changes").click()
    page.get_by_role("dialog").get_by_role("button", name="Discard changes", exact=True).click()
    expect(field_named(page, "Name")).to_have_value(name)
    assert values(all_descriptions(page))[:1] == ["cup of oats"]
    assert all(v == "" for v in values(all_quantities(page))[1:])


def test_updating_a_recipe_deleted_meanwhile_keeps_the_form_and_offers_save_as_new(page: Page, quick, shot):
    name = unique("Vanishing stew ")
    recipe_id = quick_recipe(quick, name, servings="3")
    open_editor(page, recipe_id, name)
    field_named(page, "Servings").fill("5")
    # Someone else deletes it meanwhile.
    assert quick.post(f"/recipes/{recipe_id}/delete", {}).status == 303
    submit_expecting(page, "Update recipe", 409)
    shot(page, "deleted-meanwhile")
    expect(page.get_by_role("alert")).to_contain_text(re.compile(r"Someone deleted this recipe at \d\d:\d\d while you were editing"))
    expect(page.get_by_role("button", name="Restore it with my changes")).to_be_visible()
    expect(field_named(page, "Servings")).to_have_value("5")
    expect(page.get_by_role("button", name="Update recipe")).to_have_count(0)
    new_id = save_as_new(page, name)
    assert new_id != recipe_id


def test_add_buttons_stop_at_the_stated_limit(page: Page):
    open_new_recipe(page)
    expect(page.get_by_text(re.compile(r"20 side options"))).to_be_visible()
    add = button(page, "Add a side option")
    add.click()
    expect(side(page, 2)).to_be_focused()  # ready to type into the new row
    while all_sides(page).count() < 20:
        expect(add).to_be_enabled()
        add.click()
    expect(all_sides(page)).to_have_count(20)
    expect(add).to_be_disabled()
    button(page, "Remove side option 20").click()
    expect(add).to_be_enabled()


def test_a_recipe_of_only_a_name_shows_dashes_and_no_empty_sections(page: Page, quick):
    name = unique("Mystery dish ")
    recipe_id = quick_recipe(quick, name)
    open_recipes(page, f"q={name.split()[-1]}")
    assert row_cells(list_row(page, name)) == [name, "Dinner", "\u2014", "\u2014", "No", "\u2014"]
    open_recipe(page, recipe_id, name)
    expect(page.get_by_role("main")).not_to_contain_text("undefined")
    open_editor(page, recipe_id, name)
    # One blank row in each empty section, ready to type into.
    expect(all_quantities(page)).to_have_count(1)
    expect(all_sides(page)).to_have_count(1)
    expect(quantity(page, 1)).to_have_value("")
    open_new_recipe(page)
    expect(all_quantities(page)).to_have_count(1)


def test_html_in_a_recipe_is_shown_as_text(page: Page, quick):
    name = unique("<b>bold</b> <script>window.pwned=1</script> ")
    recipe_id = quick_recipe(
        quick, name, **{"side-0": "<img src=x onerror=window.pwned=2>", "nutrition-0-name": "<i>x</i>",
                        "nutrition-0-value": "<u>y</u>"}
    )
    open_recipe(page, recipe_id, name)
    expect(page.get_by_role("main")).to_contain_text("<img src=x onerror=window.pwned=2>")
    open_recipes(page, f"q={name.split()[-1]}")
    expect(list_row(page, name)).to_have_count(1)
    open_editor(page, recipe_id, name)
    expect(side(page, 1)).to_have_value("<img src=x onerror=window.pwned=2>")
    assert page.evaluate("window.pwned === undefined")
    expect(page.locator("main b, main img, main i, main u")).to_have_count(0)


def test_unknown_recipes_show_the_not_found_page(page: Page):
    for path in ["/recipes/NoSuchOne1", "/recipes/NoSuchOne1/edit", "/recipes/NoSuchOne1/delete", "/recipes/a.b"]:
        response = page.goto(path)
        assert response is not None and response.status == 404, path
        expect(page.get_by_role("heading", level=1, name="Page not found")).to_be_visible()


def test_a_recipe_post_without_the_csrf_token_is_refused(page: Page, base_url: str):
    open_recipes(page)  # the browser now holds the CSRF cookie
    name = unique("Forged pie ")
    answer = page.context.request.post(
        base_url + "/recipes", form={"name": name, "category": "1"}, headers={"Origin": base_url}, max_redirects=0
    )
    assert answer.status == 403
    open_recipes(page, f"q={name.split()[-1]}")
    expect(list_row(page, name)).to_have_count(0)
