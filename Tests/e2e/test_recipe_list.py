"""The recipe list: filters (category, availability, search), sort (name, release date), paging, the empty
states, and every recipe page on a phone without sideways scrolling."""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from conftest import ParsnipServer
from recipe_steps import (
    filter_list,
    list_row,
    listed_names,
    open_recipes,
    position,
    quick_recipe,
    row_cells,
)
from steps import unique
from test_phone_and_page_anatomy import PHONE, no_horizontal_scroll

COUNT_OF = re.compile(r"^[\d,]+ of [\d,]+ recipes match$")


def count_line(page: Page, matching: int) -> str:
    line = page.get_by_text(re.compile(rf"^{matching} of [\d,]+ recipes? match(es)?$"))
    expect(line).to_have_count(1)
    return line.inner_text()


@pytest.fixture
def five_recipes(quick):
    """Five recipes sharing a unique word, with categories, availability and May release dates that make every
    filter and sort order distinguishable. Names differ in case and accents on purpose."""
    word = unique("sortword")
    spec = [
        # name, category, available, release date, price
        (f"apple {word}", "0", True, "2021-05-01", "2.50"),
        (f"Banana {word}", "1", False, "2024-05-29", "3.99"),
        (f"cherry {word}", "1", True, "2023-05-15", "4.25"),
        (f"Élan {word}", "2", True, "", ""),
        (f"fig {word}", "1", True, "2024-05-29", "1.00"),
    ]
    for name, category, available, date, price in spec:
        fields = {"category": category, "releaseDate": date, "price": price, "servings": "2"}
        if available:
            fields["isAvailable"] = "true"
        quick_recipe(quick, name, **fields)
    return word


def test_filters_by_category_and_availability_and_sorts_by_name_and_date(page: Page, five_recipes: str, shot):
    word = five_recipes
    open_recipes(page)
    filter_list(page, search=word)
    expect(page.get_by_text(COUNT_OF)).to_have_text(re.compile(r"^5 of "))
    # Name A–Z ignores case and accents: "Élan" sorts with the e's, between "cherry" and "fig".
    assert listed_names(page, word) == [f"{n} {word}" for n in ["apple", "Banana", "cherry", "Élan", "fig"]]
    expect(page.get_by_role("link", name="Clear filters")).to_be_visible()
    shot(page, "search")

    filter_list(page, search=word, category="Lunch")
    count_line(page, 3)
    assert listed_names(page, word) == [f"{n} {word}" for n in ["Banana", "cherry", "fig"]]
    expect(page).to_have_url(re.compile(r"[?&]category=1(&|$)"))
    # The form shows the filters in use.
    expect(page.get_by_label("Category", exact=True)).to_have_value("1")
    expect(page.get_by_label("Search recipes", exact=True)).to_have_value(word)

    filter_list(page, search=word, category="Lunch", availability="Available")
    count_line(page, 2)
    assert listed_names(page, word) == [f"cherry {word}", f"fig {word}"]
    expect(page).to_have_url(re.compile(r"[?&]available=yes(&|$)"))
    shot(page, "lunch-available")

    filter_list(page, search=word, availability="Not available")
    count_line(page, 1)
    assert listed_names(page, word) == [f"Banana {word}"]
    assert row_cells(list_row(page, f"Banana {word}")) == [f"Banana {word}", "Lunch", "2", "3.99", "No", "29 May 2024"]

    # Release date, newest first; a tie goes by name; recipes without a date come last.
    filter_list(page, search=word, sort="Release date (newest first)")
    expect(page).to_have_url(re.compile(r"[?&]sort=date(&|$)"))
    assert listed_names(page, word) == [f"{n} {word}" for n in ["Banana", "fig", "cherry", "apple", "Élan"]]
    assert row_cells(list_row(page, f"Élan {word}"))[5] == "\u2014"
    shot(page, "by-date")

    filter_list(page, search=word, category="Breakfast", availability="Available", sort="Release date (newest first)")
    count_line(page, 1)
    assert listed_names(page, word) == [f"apple {word}"]

    # The URL alone reproduces a filtered list (a shared link works).
    open_recipes(page, f"q={word}&category=2&available=yes&sort=name")
    assert listed_names(page, word) == [f"Élan {word}"]

    page.get_by_role("link", name="Clear filters").click()
    expect(page).to_have_url(re.compile(r"/recipes(\?(sort=[a-z]+)?)?$"))
    expect(page.get_by_label("Search recipes", exact=True)).to_have_value("")
    expect(page.get_by_text(re.compile(r"^[\d,]+ recipes?$"))).to_have_count(1)
    expect(page.get_by_role("link", name="Clear filters")).to_have_count(0)

    open_recipes(page, "q=zzz-no-such-recipe-anywhere")
    expect(page.get_by_text("No recipes match these filters")).to_be_visible()
    shot(page, "nothing-matches")


def test_paging_fifty_a_page_keeps_the_filters(page: Page, quick, shot):
    word = unique("pagedish")
    names = [f"{word} {n:02d}" for n in range(1, 53)]
    for name in names:
        quick_recipe(quick, name, category="1", isAvailable="true")
    open_recipes(page)
    filter_list(page, search=word, category="Lunch")
    count_line(page, 52)
    expect(page.get_by_text("Page 1 of 2", exact=True)).to_be_visible()
    assert listed_names(page, word) == names[:50]
    expect(page.get_by_role("link", name="Previous page")).to_have_count(0)
    shot(page, "page-1")

    page.get_by_role("link", name="Next page").click()
    expect(page).to_have_url(re.compile(r"[?&]page=2(&|$)"))
    expect(page).to_have_url(re.compile(rf"[?&]q={word}(&|$)"))
    expect(page).to_have_url(re.compile(r"[?&]category=1(&|$)"))
    expect(page.get_by_text("Page 2 of 2", exact=True)).to_be_visible()
    assert listed_names(page, word) == names[50:]
    expect(page.get_by_role("link", name="Next page")).to_have_count(0)

    page.get_by_role("link", name="Previous page").click()
    expect(page.get_by_text("Page 1 of 2", exact=True)).to_be_visible()
    assert listed_names(page, word) == names[:50]


@pytest.fixture
def empty_server(artifacts_dir: Path):
    """A second Parsnip with a database of its own, so the empty states can be seen."""
    folder = Path(tempfile.mkdtemp(prefix="parsnip-e2e-empty-"))
    srv = ParsnipServer(folder / "empty.sqlite", artifacts_dir / "server-empty.log")
    srv.log_path.write_text("")
    srv.start()
    yield srv
    srv.stop()
    shutil.rmtree(folder, ignore_errors=True)


def test_an_empty_recipe_book_invites_the_first_recipe_and_one_recipe_has_no_neighbours(
    browser, browser_context_args, empty_server: ParsnipServer, shot
):
    context = browser.new_context(**{**browser_context_args, "base_url": empty_server.url})
    page = context.new_page()
    open_recipes(page)
    expect(page.get_by_text("No recipes yet")).to_be_visible()
    expect(page.get_by_role("table")).to_have_count(0)
    shot(page, "empty")
    page.get_by_role("link", name="Add your first recipe").click()
    expect(page.get_by_role("heading", level=1, name="Add a recipe")).to_be_visible()
    page.get_by_label("Name", exact=True).fill("Only toast")
    page.get_by_label("Category", exact=True).select_option(label="Breakfast")
    page.get_by_role("button", name="Save as new recipe", exact=True).last.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Only toast")
    assert position(page) == (1, 1)
    expect(page.get_by_role("link", name="Previous recipe")).to_have_count(0)
    expect(page.get_by_role("link", name="Next recipe")).to_have_count(0)
    open_recipes(page)
    expect(page.get_by_text("1 recipe", exact=True)).to_be_visible()
    open_recipes(page, "category=2")
    expect(page.get_by_text("No recipes match these filters")).to_be_visible()
    context.close()


@pytest.mark.parametrize("width", [375, 320])
def test_every_recipe_page_fits_a_phone_without_sideways_scrolling(browser, browser_context_args, quick, width, shot):
    context = browser.new_context(**{**browser_context_args, **PHONE, "viewport": {"width": width, "height": 740}})
    page = context.new_page()
    try:
        long_word = "Supercalifragilistic" * 4  # 80 characters without a space
        name = unique("Phone-sized lasagne with a rather long name ")
        recipe_id = quick_recipe(
            quick,
            name,
            servings="8",
            price="1234.56",
            isAvailable="true",
            releaseDate="2024-05-03",
            **{
                "ingredient-0-quantity": "1 1/2",
                "ingredient-0-description": "sheets of " + long_word,
                "side-0": "A side with " + long_word,
                "nutrition-0-name": "Calories",
                "nutrition-0-value": "720 kcal",
            },
        )
        quick_recipe(quick, unique("x") * 20)  # a long name without a space
        pages = {
            "list": "/recipes",
            "filtered": "/recipes?category=2&available=yes&sort=date",
            "recipe": f"/recipes/{recipe_id}",
            "new": "/recipes/new",
            "edit": f"/recipes/{recipe_id}/edit",
            "delete": f"/recipes/{recipe_id}/delete",
        }
        for label, path in pages.items():
            page.goto(path)
            expect(page.locator("h1")).to_have_count(1)
            widths = page.evaluate("() => document.documentElement.clientWidth")
            assert widths == width
            scroll = page.evaluate(
                "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
            )
            assert scroll <= width, f"{path} scrolls sideways at {width} px: {scroll} px wide"
            if width == 375:
                no_horizontal_scroll(page)
            shot(page, f"{width}-{label}")
        # The editor's refused form too (messages make rows wider).
        page.goto("/recipes/new")
        page.get_by_label("Description of ingredient 1", exact=True).fill("flour")
        page.get_by_label("Name", exact=True).evaluate("field => { field.form.noValidate = true }")
        page.get_by_role("button", name="Save as new recipe", exact=True).last.click()
        expect(page.get_by_role("alert")).to_contain_text("There is a problem")
        scroll = page.evaluate("() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
        assert scroll <= width, f"the refused editor scrolls sideways at {width} px: {scroll} px wide"
        shot(page, f"{width}-refused")
    finally:
        context.close()


def test_previous_and_next_step_through_the_filtered_list_the_person_came_from(page: Page, quick, shot):
    word = unique("stepword")
    # Added in this order; by name the Lunch ones are Apple, Beetroot, Cabbage, and Dinner sits among them.
    cabbage = quick_recipe(quick, f"Cabbage {word}", category="1")
    quick_recipe(quick, f"Broth {word}", category="2")
    apple = quick_recipe(quick, f"Apple {word}", category="1")
    beetroot = quick_recipe(quick, f"Beetroot {word}", category="1")

    open_recipes(page)
    filter_list(page, search=word, category="Lunch")
    page.get_by_role("link", name=f"Apple {word}", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Apple {word}")
    expect(page.get_by_text("Recipe 1 of 3 that match")).to_be_visible()
    page.get_by_role("link", name="Next recipe").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Beetroot {word}")
    assert f"/recipes/{beetroot}?" in page.url
    page.get_by_role("link", name="Next recipe").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Cabbage {word}")
    expect(page.get_by_text("Recipe 3 of 3 that match")).to_be_visible()
    expect(page.get_by_role("link", name="Next recipe")).to_have_count(0)
    shot(page, "last-of-the-filtered-list")

    # Editing keeps the list: Update recipe comes back to the recipe, still in it.
    page.get_by_role("link", name="Edit recipe", exact=True).click()
    page.get_by_role("button", name="Update recipe", exact=True).last.click()
    expect(page.get_by_text("Recipe 3 of 3 that match")).to_be_visible()
    assert f"/recipes/{cabbage}?" in page.url

    page.get_by_role("link", name="Back to the list").click()
    assert listed_names(page, word) == [f"Apple {word}", f"Beetroot {word}", f"Cabbage {word}"]
    expect(page.get_by_label("Category", exact=True)).to_have_value("1")

    # The plain address still steps in the order recipes were added.
    page.goto(f"/recipes/{apple}")
    page.get_by_role("link", name="Next recipe").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Beetroot {word}")
