"""A recipe's photo in a real browser: chosen in the editor (the page's script makes the list's small version), shown
on the recipe page and in the list, still there byte for byte after a restart; without the script a file that is no
photo is refused in words, and a photo chosen before a row button is kept until the recipe is saved."""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from recipe_steps import (RecipeInput, button, field_named, fill_editor, open_new_recipe, save_as_new, stored_recipe,
                          submit_expecting)
from steps import unique


def png(width: int, height: int) -> bytes:
    """A real PNG (a colour gradient) a browser can draw."""
    rows = b"".join(
        b"\x00" + b"".join(bytes((x * 255 // width, y * 255 // height, 120)) for x in range(width))
        for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


@pytest.fixture
def photo_file(tmp_path: Path) -> Path:
    path = tmp_path / "Sunday roast.png"
    path.write_bytes(png(480, 320))
    return path


@pytest.fixture
def page_without_js(new_context) -> Page:
    return new_context(java_script_enabled=False).new_page()


def wait_until(page: Page, check: str, arg=None) -> None:
    """Polls `check` (a function run in the page) until it is true; the page's own script policy forbids
    Playwright's eval-based waiting."""
    for _ in range(100):
        if page.evaluate(check, arg):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"never true: {check}")


def natural_width(page: Page, image) -> int:
    """The drawn width of an image (a selector or a locator), once the browser has loaded it."""
    image = (page.locator(image) if isinstance(image, str) else image).first
    image.scroll_into_view_if_needed()
    expect(image).to_be_visible()
    wait_until(page, "(img) => img.complete && img.naturalWidth > 0", image.element_handle())
    return image.evaluate("(img) => img.naturalWidth")


def test_a_photo_is_shown_on_the_recipe_and_small_in_the_list_and_survives_a_restart(page: Page, server,
                                                                                     photo_file: Path, shot):
    name = unique("Sunday roast ")
    open_new_recipe(page)
    fill_editor(page, RecipeInput(name=name, servings="6", ingredients=[("2", "kg potatoes")]))
    field_named(page, "Choose a photo").set_input_files(photo_file)
    # The page's script makes a 160 px square for the list and sends it beside the photo.
    wait_until(page, "() => document.querySelector('[data-photo-preview]').files.length === 1")
    shot(page, "editor-photo-chosen")
    recipe_id = save_as_new(page, name)

    assert natural_width(page, ".recipe-photo img") == 480
    expect(page.get_by_role("img", name=f"Photo of {name}")).to_be_visible()
    shot(page, "recipe-page-photo")
    src = page.locator(".recipe-photo img").get_attribute("src")
    served = page.request.get(src)
    assert served.headers["content-type"] == "image/png"
    assert "immutable" in served.headers["cache-control"]
    assert served.body() == photo_file.read_bytes()
    stored = json.loads(stored_recipe(server.database, recipe_id)["photo"])
    assert stored["__type"] == "File" and src.endswith(stored["name"])

    page.goto(f"/recipes?q={name}")
    thumb = page.get_by_role("row").filter(has=page.get_by_role("link", name=name, exact=True)).locator(".recipe-thumb")
    assert natural_width(page, f'.recipe-thumb[src="{src}/small"]') == 160
    box = thumb.bounding_box()
    assert box and box["width"] == pytest.approx(40, abs=1), "the list shows it small"
    shot(page, "list-with-photo")

    assert server.restart() == 0
    page.goto(f"/recipes/{recipe_id}")
    assert natural_width(page, ".recipe-photo img") == 480
    assert page.request.get(src).body() == photo_file.read_bytes(), "the bytes are in the database file"


def test_without_javascript_a_file_that_is_no_photo_is_refused_and_a_chosen_photo_outlives_a_row_button(
        page_without_js: Page, photo_file: Path, tmp_path: Path, shot):
    page = page_without_js
    name = unique("Leek pie ")
    open_new_recipe(page)
    fill_editor(page, RecipeInput(name=name, servings="4", ingredients=[("3", "leeks")]))
    menu = tmp_path / "menu.txt"
    menu.write_text("Leek pie, 4 people")
    field_named(page, "Choose a photo").set_input_files(menu)
    submit_expecting(page, "Save as new recipe", 422)
    expect(page.get_by_text("“menu.txt” is not a photo Parsnip can show: choose a JPEG, PNG or WebP image").first
           ).to_be_visible()
    expect(field_named(page, "Name")).to_have_value(name)
    shot(page, "photo-refused")

    field_named(page, "Choose a photo").set_input_files(photo_file)
    button(page, "Add a step").click()
    expect(page.get_by_text("The photo now: Sunday_roast.png")).to_be_visible()
    page.locator(".editor-photo").scroll_into_view_if_needed()
    shot(page, "editor-photo-kept")
    field_named(page, "Step 1").fill("Bake for 40 minutes.")
    save_as_new(page, name)
    assert natural_width(page, ".recipe-photo img") == 480
    # No script, no small version: the list shows the photo itself, scaled down.
    page.goto(f"/recipes?q={name}")
    row = page.get_by_role("row").filter(has=page.get_by_role("link", name=name, exact=True))
    expect(row.locator(".recipe-thumb")).to_have_count(1)
    assert natural_width(page, row.locator(".recipe-thumb")) == 480
