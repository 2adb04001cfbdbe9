"""What a person does on the recipe pages, by visible labels and button names (notes/recipe-contract.md).

Every helper works the same with JavaScript on or off: a row button either acts in the page at once or posts
the form and comes back with the next page, and the helpers wait for the outcome a person would see.
"""

from __future__ import annotations

import re
import stored_data
import time
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from steps import flash, quoted

CATEGORIES = {"Breakfast": "0", "Lunch": "1", "Dinner": "2"}
SECTION_HEADINGS = ["Ingredients", "Method", "Side options", "Nutritional information", "Notes"]
RECIPE_URL = re.compile(r"/recipes/([A-Za-z0-9]+)$")


@dataclass
class RecipeInput:
    """What a person types into the editor. Empty text means "leave it empty"."""

    name: str
    servings: str = ""
    price: str = ""
    available: bool = False
    category: str = "Dinner"  # the option's visible text
    release_date: str = ""  # YYYY-MM-DD, typed into the Day, Month and Year boxes
    ingredients: list[tuple[str, str]] = field(default_factory=list)  # (quantity, description)
    sides: list[str] = field(default_factory=list)
    nutrition: list[tuple[str, str]] = field(default_factory=list)  # (name, value)


# ---- finding things ---------------------------------------------------------------------------------------


def button(page: Page, name: str) -> Locator:
    """The button a person sees with this name.

    The editor's form starts with a visually hidden copy of its primary button (so Enter in a field saves). It
    is hidden from assistive technology too, so it is not found here; should it ever be exposed, the visible
    button comes after it, so the last button with the name is still the one on screen.
    """
    return page.get_by_role("button", name=name, exact=True).last


def field_named(page: Page, label: str) -> Locator:
    return page.get_by_label(label, exact=True)


def release_date_box(page: Page, part: str) -> Locator:
    """One of the release date's three boxes: "Day", "Month" or "Year", inside the group named by its legend."""
    return page.get_by_role("group", name="Release date", exact=True).get_by_label(part, exact=True)


def release_date_parts(iso: str) -> dict[str, str]:
    """ "2024-05-03" as a person types it into the boxes ({"Day": "3", "Month": "5", "Year": "2024"}); empty boxes
    for no date."""
    if not iso:
        return {"Day": "", "Month": "", "Year": ""}
    year, month, day = iso.split("-")
    return {"Day": str(int(day)), "Month": str(int(month)), "Year": year}


def fill_release_date(page: Page, iso: str) -> None:
    for part, value in release_date_parts(iso).items():
        release_date_box(page, part).fill(value)


def expect_release_date(page: Page, iso: str) -> None:
    for part, value in release_date_parts(iso).items():
        expect(release_date_box(page, part)).to_have_value(value)


def quantity(page: Page, n: int) -> Locator:
    return field_named(page, f"Quantity of ingredient {n}")


def description(page: Page, n: int) -> Locator:
    return field_named(page, f"Description of ingredient {n}")


def side(page: Page, n: int) -> Locator:
    return field_named(page, f"Side option {n}")


def nutrition_name(page: Page, n: int) -> Locator:
    return field_named(page, f"Name of nutrition entry {n}")


def nutrition_value(page: Page, n: int) -> Locator:
    return field_named(page, f"Value of nutrition entry {n}")


def all_quantities(page: Page) -> Locator:
    return page.get_by_label(re.compile(r"^Quantity of ingredient \d+$"))


def all_descriptions(page: Page) -> Locator:
    return page.get_by_label(re.compile(r"^Description of ingredient \d+$"))


def all_sides(page: Page) -> Locator:
    return page.get_by_label(re.compile(r"^Side option \d+$"))


def all_nutrition_names(page: Page) -> Locator:
    return page.get_by_label(re.compile(r"^Name of nutrition entry \d+$"))


def values(rows: Locator) -> list[str]:
    """The current values of a set of inputs, in page order."""
    return rows.evaluate_all("fields => fields.map(f => f.value)")


# ---- pages ------------------------------------------------------------------------------------------------


def open_recipes(page: Page, query: str = "") -> None:
    page.goto("/recipes" + (f"?{query}" if query else ""))
    expect(page.get_by_role("heading", level=1, name="Recipes", exact=True)).to_be_visible()


def open_new_recipe(page: Page) -> None:
    """From the list: the "Add recipe" link to the empty editor."""
    open_recipes(page)
    page.get_by_role("link", name=re.compile(r"^Add (your first )?recipe$")).click()
    expect(page.get_by_role("heading", level=1, name="Add a recipe")).to_be_visible()


def open_recipe(page: Page, recipe_id: str, name: str | None = None) -> None:
    page.goto(f"/recipes/{recipe_id}")
    if name is not None:
        expect(page.get_by_role("heading", level=1)).to_have_text(name)


def open_editor(page: Page, recipe_id: str, name: str) -> None:
    """From the recipe page: the "Edit recipe" link."""
    open_recipe(page, recipe_id, name)
    page.get_by_role("link", name="Edit recipe", exact=True).click()
    expect(page.get_by_role("heading", level=1, name="Edit recipe")).to_be_visible()
    expect(field_named(page, "Name")).to_have_value(name)
    # The heading can show before the page's script has run (it is deferred to the end of parsing): a button
    # pressed in between would not be the script's. Wait for it, as a person's first tap does in practice.
    page.wait_for_load_state("domcontentloaded")


def recipe_id_of(page: Page) -> str:
    match = RECIPE_URL.search(page.url)
    assert match, f"not on a recipe page: {page.url}"
    return match.group(1)


# ---- filling the editor -----------------------------------------------------------------------------------


def ensure_rows(page: Page, rows: Locator, wanted: int, add_button: str, first_cell) -> None:
    """Clicks the section's add button until the section shows `wanted` rows (JavaScript on or off)."""
    while rows.count() < wanted:
        have = rows.count()
        button(page, add_button).click()
        # With JavaScript the row appears at once; without, the form comes back from the server with it.
        expect(first_cell(page, have + 1)).to_be_visible()


def fill_overview(page: Page, recipe: RecipeInput) -> None:
    field_named(page, "Name").fill(recipe.name)
    field_named(page, "Servings").fill(recipe.servings)
    field_named(page, "Price").fill(recipe.price)
    field_named(page, "Available").set_checked(recipe.available)
    field_named(page, "Category").select_option(label=recipe.category)
    fill_release_date(page, recipe.release_date)


def fill_rows(page: Page, recipe: RecipeInput) -> None:
    """Fills every row, adding rows with the sections' add buttons as a person would, one at a time."""
    for i, (amount, what) in enumerate(recipe.ingredients, start=1):
        ensure_rows(page, all_quantities(page), i, "Add an ingredient", quantity)
        quantity(page, i).fill(amount)
        description(page, i).fill(what)
    for i, text in enumerate(recipe.sides, start=1):
        ensure_rows(page, all_sides(page), i, "Add a side option", side)
        side(page, i).fill(text)
    for i, (name, value) in enumerate(recipe.nutrition, start=1):
        ensure_rows(page, all_nutrition_names(page), i, "Add a nutrition entry", nutrition_name)
        nutrition_name(page, i).fill(name)
        nutrition_value(page, i).fill(value)


def fill_editor(page: Page, recipe: RecipeInput) -> None:
    """The whole form. Rows are filled before the overview so a no-JavaScript round trip cannot lose it."""
    fill_rows(page, recipe)
    fill_overview(page, recipe)


def expect_editor_holds(page: Page, recipe: RecipeInput, *, blank_rows_ok: bool = True) -> None:
    """The editor shows exactly what `recipe` says (empty trailing rows allowed when `blank_rows_ok`)."""
    expect(field_named(page, "Name")).to_have_value(recipe.name)
    expect(field_named(page, "Servings")).to_have_value(recipe.servings)
    expect(field_named(page, "Price")).to_have_value(recipe.price)
    if recipe.available:
        expect(field_named(page, "Available")).to_be_checked()
    else:
        expect(field_named(page, "Available")).not_to_be_checked()
    expect(field_named(page, "Category")).to_have_value(CATEGORIES[recipe.category])
    expect_release_date(page, recipe.release_date)

    def rows_match(shown: list[str], wanted: list[str], what: str) -> None:
        extra = shown[len(wanted) :]
        assert shown[: len(wanted)] == wanted, f"{what}: the editor shows {shown}, expected {wanted}"
        assert (blank_rows_ok and all(v == "" for v in extra)) or not extra, f"{what}: unexpected rows {extra}"

    rows_match(values(all_quantities(page)), [q for q, _ in recipe.ingredients], "ingredient quantities")
    rows_match(values(all_descriptions(page)), [d for _, d in recipe.ingredients], "ingredient descriptions")
    rows_match(values(all_sides(page)), recipe.sides, "side options")
    rows_match(values(all_nutrition_names(page)), [n for n, _ in recipe.nutrition], "nutrition names")
    shown_values = values(page.get_by_label(re.compile(r"^Value of nutrition entry \d+$")))
    rows_match(shown_values, [v for _, v in recipe.nutrition], "nutrition values")


# ---- saving -----------------------------------------------------------------------------------------------


def save_as_new(page: Page, name: str) -> str:
    """Clicks "Save as new recipe"; expects the new recipe's page with the saved banner; returns its id."""
    button(page, "Save as new recipe").click()
    expect(page).to_have_url(RECIPE_URL)
    expect(flash(page, f"Added {quoted(name)} as a new recipe")).to_be_visible()
    expect(page.get_by_role("heading", level=1)).to_have_text(name)
    return recipe_id_of(page)


def update(page: Page, name: str) -> str:
    """Clicks "Update recipe"; expects the recipe's page with the updated banner; returns its id."""
    button(page, "Update recipe").click()
    expect(page).to_have_url(RECIPE_URL)
    expect(flash(page, f"Updated {quoted(name)}")).to_be_visible()
    expect(page.get_by_role("heading", level=1)).to_have_text(name)
    return recipe_id_of(page)


def create_through_editor(page: Page, recipe: RecipeInput) -> str:
    open_new_recipe(page)
    fill_editor(page, recipe)
    return save_as_new(page, recipe.name)


def submit_expecting(page: Page, button_name: str, status: int) -> None:
    """Clicks a submit button and checks the status of the POST it sends (422 for a refused form)."""
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        button(page, button_name).click()
    assert answer.value.status == status, f"{button_name} answered {answer.value.status}, expected {status}"
    page.wait_for_load_state()


# ---- the recipe page --------------------------------------------------------------------------------------


def main_lines(page: Page) -> list[str]:
    return [line.strip() for line in page.get_by_role("main").inner_text().splitlines() if line.strip()]


def section_lines(page: Page, heading: str) -> list[str]:
    """The lines of text between the recipe page's h2 `heading` and the next one (or the page's end)."""
    expect(page.get_by_role("heading", level=2, name=heading, exact=True)).to_be_visible()
    lines = main_lines(page)
    start = lines.index(heading) + 1
    end = next((i for i in range(start, len(lines)) if lines[i] in SECTION_HEADINGS), len(lines))
    return lines[start:end]


def ingredient_lines(page: Page) -> list[str]:
    """The recipe page's ingredients as they read ("1½ cups of milk"), in order."""
    return [" ".join(text.split()) for text in page.locator(".ingredient-list li").all_inner_texts()]


def ingredient_line(amount: str, what: str) -> str:
    return f"{amount} {what}"


def expect_in_order(lines: list[str], wanted: list[str], what: str) -> None:
    """Each wanted text is on its own line (or inside one), in this order."""
    position = 0
    for text in wanted:
        found = next((i for i in range(position, len(lines)) if text in lines[i]), None)
        assert found is not None, f"{what}: {text!r} not found (in this order) in {lines}"
        position = found + 1


def fact(page: Page, label: str, value: str) -> None:
    """The recipe page states `label` … `value` (e.g. Price 3.99): the servings in its Servings box, the rest in
    the small line under the name ("Dinner · 3.99 · Available · Released 3 May 2024")."""
    if label == "Servings":
        expect(page.locator("#servings-wanted")).to_have_value(value.replace(",", ""))
        return
    expect(page.locator(".recipe-details")).to_contain_text(value)


def expect_recipe_page(page: Page, recipe: RecipeInput, *, shown_quantities: list[str] | None = None) -> None:
    """The recipe page shows everything `recipe` holds, rows in order (quantities as the page writes them)."""
    expect(page.get_by_role("heading", level=1)).to_have_text(recipe.name)
    expect(page).to_have_title(f"{recipe.name} · Parsnip")
    details = page.locator(".recipe-details")
    expect(details).to_contain_text(recipe.category)
    expect(details).to_contain_text("Available" if recipe.available else "Not available")
    if recipe.servings:
        expect(page.locator("#servings-wanted")).to_have_value(recipe.servings.strip().replace(",", ""))
    if recipe.price:
        expect(details).to_contain_text(recipe.price.strip().replace(",", "."))
    quantities = shown_quantities or [q for q, _ in recipe.ingredients]
    expect_in_order(
        section_lines(page, "Ingredients"),
        [ingredient_line(q, d) for q, (_, d) in zip(quantities, recipe.ingredients)],
        "Ingredients",
    )
    # Empty sections are left out of the page.
    if any(side.strip() for side in recipe.sides):
        expect_in_order(section_lines(page, "Side options"), recipe.sides, "Side options")
    else:
        expect(page.get_by_role("heading", level=2, name="Side options", exact=True)).to_have_count(0)
    wanted = [text for pair in recipe.nutrition for text in pair]
    if any(text.strip() for text in wanted):
        expect_in_order(section_lines(page, "Nutritional information"), wanted, "Nutritional information")


def position(page: Page) -> tuple[int, int]:
    """(3, 12) from "Recipe 3 of 12"."""
    line = page.get_by_text(re.compile(r"^Recipe [\d,]+ of [\d,]+$"))
    expect(line).to_have_count(1)
    match = re.match(r"Recipe ([\d,]+) of ([\d,]+)", line.inner_text().strip())
    assert match
    return int(match.group(1).replace(",", "")), int(match.group(2).replace(",", ""))


# ---- the list ---------------------------------------------------------------------------------------------


def list_row(page: Page, name: str) -> Locator:
    """The list table's row whose name link is `name`."""
    return page.get_by_role("row").filter(has=page.get_by_role("link", name=name, exact=True))


def row_cells(row: Locator) -> list[str]:
    return [text.strip() for text in row.locator("th, td").all_inner_texts()]


def listed_names(page: Page, containing: str) -> list[str]:
    """The names in the list table, top to bottom, that contain `containing`."""
    table = page.get_by_role("table")
    names = [t.strip() for t in table.get_by_role("link").all_inner_texts()]
    return [n for n in names if containing in n]


def filter_list(page: Page, *, search: str = "", category: str = "All categories", availability: str = "Any",
                sort: str = "Name (A–Z)") -> None:
    page.get_by_label("Search recipes", exact=True).fill(search)
    page.get_by_label("Category", exact=True).select_option(label=category)
    page.get_by_label("Availability", exact=True).select_option(label=availability)
    page.get_by_label("Sort by", exact=True).select_option(label=sort)
    page.get_by_role("button", name="Show recipes", exact=True).click()
    expect(page).to_have_url(re.compile(r"/recipes\?"))


# ---- quick setup without the browser, and the stored data -------------------------------------------------


def quick_recipe(quick, name: str, **fields: str) -> str:
    """Saves a recipe with one POST /recipes (the editor's form fields) and returns its id.

    `fields` are form fields such as category="1", price="3.99", isAvailable="true",
    **{"ingredient-0-quantity": "2", "ingredient-0-description": "eggs"}; category defaults to Dinner.
    """
    response = quick.post("/recipes", {"name": name, "category": "2", **fields})
    assert response.status == 303, f"saving {name!r} answered {response.status}: {response.text()[:500]}"
    location = response.headers["location"]
    match = RECIPE_URL.search(location)
    assert match, f"save as new went to {location}"
    # Stepping order is createdAt (millisecond precision) then objectId: keep quick saves in distinct
    # milliseconds so "the next recipe" is the one saved next.
    time.sleep(0.003)
    return match.group(1)


def stored_recipe(database: Path, recipe_id: str) -> dict:
    """The stored row of one recipe, read (read-only) as the Parse columns hold it."""
    with stored_data.connect(database) as db:
        row = db.execute('SELECT * FROM "Recipe" WHERE "objectId" = ?', (recipe_id,)).fetchone()
        assert row is not None, f"no stored recipe {recipe_id}"
        return dict(row)


def schema_types(database: Path, class_name: str = "Recipe") -> dict[str, str]:
    """Field name → Parse type, as the store's _SCHEMA row for the class says."""
    import json

    with stored_data.connect(database) as db:
        (text,) = db.execute('SELECT "schema" FROM "_SCHEMA" WHERE "className" = ?', (class_name,)).fetchone()
    return {name: spec["type"] for name, spec in json.loads(text)["fields"].items()}
