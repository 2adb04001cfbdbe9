"""Typed work is never lost: the recipe editor's Previous, Next and Reload ask first when there are changes not
saved (a page of its own without JavaScript, a dialog with it, and the browser's own warning on reload or close),
and the book form adds a name typed into "New author" when "Save book" is pressed instead of "Add author"."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from book_steps import entry_id, field_named as book_field, new_isbn13, open_new_book, quick_entry, related
from recipe_steps import (
    ingredient_lines,
    RecipeInput,
    button,
    description,
    expect_editor_holds,
    fact,
    field_named,
    open_editor,
    open_recipe,
    quantity,
    quick_recipe,
    section_lines,
)
from steps import flash, quoted, unique
from test_phone_and_page_anatomy import PHONE, no_horizontal_scroll, phone  # noqa: F401 (fixture)


@pytest.fixture
def page_without_js(new_context) -> Page:
    context = new_context(java_script_enabled=False)
    return context.new_page()


@pytest.fixture
def phone_without_js(browser, browser_context_args):
    context = browser.new_context(**{**browser_context_args, **PHONE, "java_script_enabled": False})
    yield context.new_page()
    context.close()


def two_recipes(quick) -> tuple[str, str, str, str]:
    """A soup and, saved right after it, pancakes: the soup's "Next recipe". Returns (soup id, name, pancakes id, name)."""
    soup = unique("Leek soup ")
    pancakes = unique("Buckwheat pancakes ")
    soup_id = quick_recipe(quick, soup, **{"ingredient-0-quantity": "2", "ingredient-0-description": "leeks"})
    pancakes_id = quick_recipe(quick, pancakes)
    return soup_id, soup, pancakes_id, pancakes


def expect_the_question(page: Page, name: str) -> None:
    expect(page.get_by_role("heading", level=1)).to_have_text(f"You have changes to {quoted(name)} that are not saved")
    for choice in ["Save changes", "Stay"]:
        expect(page.get_by_role("button", name=choice, exact=True)).to_be_visible()
    expect(page.get_by_role("link", name="Discard changes", exact=True)).to_be_visible()


def test_next_with_unsaved_changes_without_javascript_asks_stay_keeps_the_typing_and_save_changes_goes_on(
    page_without_js: Page, phone_without_js: Page, quick, shot
):
    page = page_without_js
    soup_id, soup, pancakes_id, pancakes = two_recipes(quick)
    open_editor(page, soup_id, soup)
    renamed = soup + " with potatoes"
    field_named(page, "Name").fill(renamed)
    with page.expect_response(lambda r: r.request.method == "POST"):
        button(page, "Add an ingredient").click()  # a round trip: the typed name must come back with it
    quantity(page, 2).fill("3")
    description(page, 2).fill("potatoes")
    typed = RecipeInput(name=renamed, category="Dinner", ingredients=[("2", "leeks"), ("3", "potatoes")])

    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        button(page, "Next recipe").click()
    assert answer.value.status == 200 and answer.value.url.endswith(f"/recipes/{soup_id}/leave")
    expect_the_question(page, soup)
    expect(page.get_by_text("You changed Name and Ingredients.")).to_be_visible()
    expect(page.get_by_text(f"saves them, then opens {quoted(pancakes)}.")).to_be_visible()
    expect(page).to_have_title("Changes not saved · Parsnip")
    shot(page, "question")

    button(page, "Stay").click()
    expect(page.get_by_role("heading", level=1, name="Edit recipe")).to_be_visible()
    expect_editor_holds(page, typed)
    shot(page, "stayed")

    button(page, "Next recipe").click()
    expect_the_question(page, soup)
    # The same question on a 375 px phone, for a look at how it reads there.
    phone = phone_without_js
    phone.goto(page.url.replace("/leave", "/edit"))
    phone.get_by_label("Name", exact=True).fill(renamed)
    phone.get_by_role("button", name="Next recipe", exact=True).click()
    expect_the_question(phone, soup)
    no_horizontal_scroll(phone)
    shot(phone, "question-on-a-phone")

    button(page, "Save changes").click()
    expect(page).to_have_url(re.compile(rf"/recipes/{pancakes_id}/edit$"))
    expect(page.get_by_role("heading", level=1, name="Edit recipe")).to_be_visible()
    expect(field_named(page, "Name")).to_have_value(pancakes)
    expect(flash(page, f"Updated {quoted(renamed)}")).to_be_visible()
    shot(page, "next-recipe-after-saving")

    open_recipe(page, soup_id, renamed)
    assert ingredient_lines(page) == [
        "2 leeks",
        "3 potatoes",
    ]


def test_next_with_unsaved_changes_with_javascript_asks_in_a_dialog_and_the_browser_warns_before_reload(
    page: Page, phone: Page, quick, shot
):
    soup_id, soup, pancakes_id, pancakes = two_recipes(quick)
    open_editor(page, soup_id, soup)
    dialog = page.get_by_role("dialog")

    # Nothing changed: Next goes straight on, no question.
    button(page, "Next recipe").click()
    expect(page).to_have_url(re.compile(rf"/recipes/{pancakes_id}/edit$"))
    expect(field_named(page, "Name")).to_have_value(pancakes)

    open_editor(page, soup_id, soup)
    field_named(page, "Servings").fill("6")
    button(page, "Next recipe").click()
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading")).to_have_text(f"You have changes to {quoted(soup)} that are not saved")
    shot(page, "dialog")
    dialog.get_by_role("button", name="Stay", exact=True).click()
    expect(dialog).to_be_hidden()
    assert page.url.endswith(f"/recipes/{soup_id}/edit"), "Stay stays"
    expect(field_named(page, "Servings")).to_have_value("6")
    expect(button(page, "Next recipe")).to_be_focused()

    # The browser's own reload or close warns while there are changes; answering "stay" keeps them.
    warnings: list[str] = []

    def stay_on_the_page(browser_dialog) -> None:
        warnings.append(browser_dialog.type)
        browser_dialog.dismiss()

    page.on("dialog", stay_on_the_page)
    page.close(run_before_unload=True)
    expect(field_named(page, "Servings")).to_have_value("6")
    assert warnings == ["beforeunload"], warnings
    page.remove_listener("dialog", stay_on_the_page)

    # Discard goes on without a second warning; Save changes saves, then goes on.
    button(page, "Undo my changes").click()
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Discard changes", exact=True).click()
    expect(field_named(page, "Servings")).to_have_value("")
    field_named(page, "Servings").fill("8")
    button(page, "Next recipe").click()
    dialog.get_by_role("button", name="Save changes", exact=True).click()
    expect(flash(page, f"Updated {quoted(soup)}")).to_be_visible()
    expect(page).to_have_url(re.compile(rf"/recipes/{pancakes_id}/edit$"))
    expect(field_named(page, "Name")).to_have_value(pancakes)
    open_recipe(page, soup_id, soup)
    fact(page, "Servings", "8")

    # The dialog on a 375 px phone, for a look at how it reads there.
    open_editor(phone, pancakes_id, pancakes)
    field_named(phone, "Price").fill("2.50")
    button(phone, "Previous recipe").click()
    expect(phone.get_by_role("dialog")).to_be_visible()
    no_horizontal_scroll(phone)
    phone.screenshot(path=str(shot.folder / f"{shot.prefix}--dialog-on-a-phone.png"))


def test_save_book_adds_the_author_typed_but_not_added(page: Page, phone_without_js: Page, server, quick, shot):
    db = server.database
    genre = unique("Desert planets ")
    quick_entry(quick, db, "genre", genre)
    author = unique("Frank Herbert ")
    title = unique("Dune ")

    open_new_book(page)
    book_field(page, "Title").fill(title)
    book_field(page, "ISBN").fill(new_isbn13())
    book_field(page, "Genre").select_option(label=genre)
    book_field(page, "Publishing year").fill("1965")
    book_field(page, "New author").fill(author)  # typed, but "Add author" is never pressed
    button(page, "Save book").click()
    expect(flash(page, f"Added {quoted(title)}. Added the new author {quoted(author)}.")).to_be_visible()
    expect(page.get_by_role("main").get_by_role("link", name=author, exact=True)).to_be_visible()
    shot(page, "saved-with-the-typed-author")
    book_id = page.url.rsplit("/", 1)[-1]
    author_id = entry_id(db, "author", author)  # exactly one stored author of that name
    assert related(db, "authors", "Book", book_id) == {author_id}

    # The same name typed again, differently spelled, is linked: no second author.
    phone = phone_without_js
    second = unique("Dune Messiah ")
    phone.goto("/books/new")
    phone.get_by_label("Title", exact=True).fill(second)
    phone.get_by_label("ISBN", exact=True).fill(new_isbn13())
    phone.get_by_label("Genre", exact=True).select_option(label=genre)
    phone.get_by_label("Publishing year", exact=True).fill("1969")
    phone.get_by_label("New author", exact=True).fill(f"  {author.upper()} ")
    phone.get_by_role("button", name="Save book", exact=True).last.click()
    expect(flash(phone, f"The author {quoted(author)} was already in the catalogue")).to_be_visible()
    no_horizontal_scroll(phone)
    shot(phone, "linked-on-a-phone")
    assert entry_id(db, "author", author) == author_id
    assert related(db, "authors", "Book", phone.url.rsplit("/", 1)[-1]) == {author_id}
