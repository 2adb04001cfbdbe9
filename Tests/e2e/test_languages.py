"""The household's language: a browser set to Japanese gets the pages' frame in Japanese, a person who chooses
한국어 at the foot of the page keeps it (a cookie, no script needed), and every language fits a 375 px phone."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

# What the navigation's first link says in each language.
TODOS = {"en": "To-do list", "es": "Tareas", "pt": "Tarefas", "fr": "Tâches", "ko": "할 일", "ja": "やること"}
NAMES = {"en": "English", "es": "Español", "pt": "Português", "fr": "Français", "ko": "한국어", "ja": "日本語"}
PHONE = {"viewport": {"width": 375, "height": 740}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def test_a_japanese_browser_gets_japanese_and_a_chosen_language_is_kept(
    browser: Browser, browser_context_args, shot
):
    context = browser.new_context(**{**browser_context_args, "locale": "ja-JP"})
    page = context.new_page()
    page.goto("/todos")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.get_by_role("navigation").get_by_role("link", name="やること")).to_have_count(1)
    expect(page.get_by_label("言語")).to_have_value("ja")
    # Chosen at the foot of the page, with script off as much as on: the same page comes back in Korean.
    page.get_by_label("言語").select_option(label="한국어")
    page.get_by_role("button", name="変更").click()
    expect(page).to_have_url(page.url.split("/todos")[0] + "/todos")
    expect(page.locator("html")).to_have_attribute("lang", "ko")
    expect(page.get_by_role("navigation").get_by_role("link", name="할 일")).to_have_count(1)
    page.goto("/recipes")
    expect(page.locator("html")).to_have_attribute("lang", "ko")
    shot(page, "korean-chosen")
    context.close()


def test_every_language_frames_the_page_and_fits_a_phone(browser: Browser, browser_context_args, shot):
    for code, todos in TODOS.items():
        context = browser.new_context(**{**browser_context_args, **PHONE, "locale": code})
        page = context.new_page()
        page.goto("/todos")
        expect(page.locator("html")).to_have_attribute("lang", code)
        expect(page.get_by_role("navigation").get_by_role("link", name=todos, exact=True)).to_have_count(1)
        expect(page.locator(f'option[value="{code}"]')).to_have_text(NAMES[code])
        widths = page.evaluate(
            "() => ({client: document.documentElement.clientWidth,"
            " scroll: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)})"
        )
        assert widths["scroll"] <= widths["client"], f"{code}: the page scrolls sideways on a phone: {widths}"
        shot(page, f"todos-375-{code}")
        context.close()
