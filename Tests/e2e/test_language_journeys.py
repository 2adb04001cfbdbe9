"""Journeys in the household's language, with the words read from the catalogues themselves: a Japanese browser adds a
to-do with a due date typed in the year-first boxes and reads it back in Japanese; a Spanish browser saves a recipe
with "3,50" as its price and "1,5" as a quantity and sees them written the Spanish way; a Korean person chooses
한국어 on the page, signs in on another browser and gets Korean there too; and each language's to-do list, recipe
page, book form and error pages are photographed for a person to look at."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from playwright.sync_api import Browser, expect

from account_steps import set_up, sign_in, start_sign_in_server, stop_sign_in_server

LOCALES = Path(__file__).resolve().parents[2] / "Locales"
LANGUAGES = ("en", "es", "pt", "fr", "ko", "ja")
BROWSER_LOCALES = {"en": "en-GB", "es": "es-ES", "pt": "pt-BR", "fr": "fr-FR", "ko": "ko-KR", "ja": "ja-JP"}


@cache
def catalogue(language: str) -> dict[str, str]:
    texts: dict[str, str] = {}
    for path in sorted((LOCALES / language).glob("*.json")):
        texts.update(json.loads(path.read_text(encoding="utf-8")))
    return texts


def say(language: str, key: str) -> str:
    """An argument-free message of `language`, as the page shows it."""
    text = catalogue(language)[key]
    assert "{" not in text, f"{key} takes arguments: say it from the page instead"
    return text.replace("''", "'")


def test_a_japanese_browser_adds_a_to_do_with_a_due_date_and_reads_it_in_japanese(
    browser: Browser, browser_context_args, shot
):
    context = browser.new_context(**{**browser_context_args, "locale": "ja-JP"})
    page = context.new_page()
    page.goto("/todos/new")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    page.get_by_label(say("ja", "todos.field.title"), exact=True).fill("牛乳を買う")
    boxes = page.get_by_role("group", name=say("ja", "todos.field.dueDate"))
    # Year first, as Japanese writes a date.
    labels = boxes.locator(".date-input-item label").all_inner_texts()
    assert labels == [say("ja", "date.year"), say("ja", "date.month"), say("ja", "date.day")], labels
    # Beside the boxes, the day may be typed in Japanese words.
    expect(boxes.get_by_label(say("ja", "todos.field.dueWords"), exact=True)).to_be_visible()
    boxes.get_by_label(say("ja", "date.year"), exact=True).fill("2031")
    boxes.get_by_label(say("ja", "date.month"), exact=True).fill("3")
    boxes.get_by_label(say("ja", "date.day"), exact=True).fill("7")
    shot(page, "ja-due-date-typed")
    page.get_by_role("button", name=say("ja", "todos.add.button"), exact=True).click()
    expect(page).to_have_url(re.compile(r"/todos$"))
    row = page.locator("li, tr").filter(has_text="牛乳を買う").first
    expect(row).to_contain_text("3月7日")
    shot(page, "ja-to-do-listed")
    # The form shown again after a wrong day keeps what was typed, and says why in Japanese.
    page.goto("/todos/new")
    page.get_by_label(say("ja", "todos.field.title"), exact=True).fill("歯医者")
    boxes = page.get_by_role("group", name=say("ja", "todos.field.dueDate"))
    boxes.get_by_label(say("ja", "date.year"), exact=True).fill("2031")
    boxes.get_by_label(say("ja", "date.month"), exact=True).fill("13")
    boxes.get_by_label(say("ja", "date.day"), exact=True).fill("7")
    page.get_by_role("button", name=say("ja", "todos.add.button"), exact=True).click()
    expect(page.locator(".error-summary")).to_contain_text(say("ja", "form.problemHeading"))
    expect(boxes.get_by_label(say("ja", "date.month"), exact=True)).to_have_value("13")
    shot(page, "ja-due-date-wrong")
    context.close()


def test_a_spanish_browser_saves_a_recipe_with_decimal_commas(browser: Browser, browser_context_args, shot):
    context = browser.new_context(**{**browser_context_args, "locale": "es-ES"})
    page = context.new_page()
    page.goto("/recipes/new")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    page.locator("#name").fill("Tortilla de patatas")
    page.locator("#servings").fill("4")
    page.locator("#category").select_option(index=1)
    page.locator("#price").fill("3,50")
    page.locator("#ingredient-0-quantity").fill("1,5")
    page.locator("#ingredient-0-description").fill("kg de patatas")
    page.locator("main button.button", has_text=say("es", "recipes.editor.saveAsNew")).first.click()
    expect(page).to_have_url(re.compile(r"/recipes/[A-Za-z0-9]+$"))
    main = page.locator("main")
    expect(main).to_contain_text("Tortilla de patatas")
    expect(main).to_contain_text("3,50")
    # 1.5 is kept, and written as the cook reads it: one and a half.
    expect(main).to_contain_text("1½ kg de patatas")
    shot(page, "es-recipe-saved")
    # Opened again, the editor shows the numbers the Spanish way too.
    page.goto(page.url + "/edit")
    expect(page.locator("#price")).to_have_value(re.compile(r"^3,50?$"))
    expect(page.locator("#ingredient-0-quantity")).to_have_value(re.compile(r"^(1½|1,5)$"))
    context.close()


def test_a_korean_person_chooses_korean_and_gets_it_on_another_browser(browser: Browser, artifacts_dir, shot):
    server, folder = start_sign_in_server(artifacts_dir)
    try:
        first = browser.new_context(base_url=server.url, locale="en-GB")
        page = first.new_page()
        set_up(page, "Minji", "a long korean password")
        page.get_by_label(say("en", "language.label")).select_option(label="한국어")
        page.get_by_role("button", name=say("en", "language.choose")).click()
        expect(page.locator("html")).to_have_attribute("lang", "ko")
        first.close()
        # Another browser, set to English, with no cookie: after signing in the pages speak Korean.
        second = browser.new_context(base_url=server.url, locale="en-US")
        page = second.new_page()
        page.goto("/sign-in")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        sign_in(page, "Minji", "a long korean password")
        expect(page.locator("html")).to_have_attribute("lang", "ko")
        page.goto("/todos")
        expect(page.get_by_role("navigation").get_by_role("link", name=say("ko", "nav.todos"), exact=True)).to_be_visible()
        shot(page, "ko-on-another-browser")
        second.close()
    finally:
        stop_sign_in_server(server, folder)


def test_each_language_s_pages_are_photographed(browser: Browser, browser_context_args, quick, shot):
    quick.create("Comprar pan / パンを買う / 빵 사기")
    recipe = quick.post("/recipes", {
        "name": "Pancakes", "servings": "4", "price": "3.99", "isAvailable": "true", "category": "0",
        "ingredient-0-quantity": "1 1/2", "ingredient-0-description": "cups of flour", "side-0": "Maple syrup",
    })
    assert recipe.status == 303, recipe.text()[:300]
    recipe_path = recipe.headers["location"]
    for language in LANGUAGES:
        context = browser.new_context(**{**browser_context_args, "locale": BROWSER_LOCALES[language]})
        page = context.new_page()
        for path, name in (("/todos", "todo-list"), (recipe_path, "recipe"), ("/books/new", "book-form"),
                           ("/no-such-page", "error-404")):
            page.goto(path)
            expect(page.locator("html")).to_have_attribute("lang", language)
            shot(page, f"{language}-{name}")
        page.goto("/todos/new")
        page.get_by_role("button", name=say(language, "todos.add.button"), exact=True).click()
        expect(page.locator(".error-summary")).to_contain_text(say(language, "form.problemHeading"))
        shot(page, f"{language}-error-summary")
        context.close()
