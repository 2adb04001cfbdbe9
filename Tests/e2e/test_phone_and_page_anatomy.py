"""Every page on a 375 px phone: no sideways scrolling, and the parts every page has (title, skip link, nav)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from steps import quoted, unique

PHONE = {"viewport": {"width": 375, "height": 740}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


@pytest.fixture
def phone(browser, browser_context_args, artifacts_dir):
    # pytest-playwright's new_context cannot override the session's viewport, so build this context here.
    context = browser.new_context(**{**browser_context_args, **PHONE})
    yield context.new_page()
    context.close()


def no_horizontal_scroll(page: Page) -> None:
    widths = page.evaluate(
        "() => ({client: document.documentElement.clientWidth,"
        " scroll: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)})"
    )
    # A page without <meta name=viewport> is laid out 980 px wide and shrunk: unreadable on a phone.
    assert widths["client"] == 375, f"{page.url} is laid out {widths['client']} px wide on a 375 px phone"
    assert widths["scroll"] <= widths["client"], f"{page.url} scrolls sideways on a phone: {widths}"


def page_anatomy(page: Page) -> None:
    expect(page).to_have_title(re.compile(r"(^| · )Parsnip$"))
    expect(page.get_by_role("link", name="Skip to main content")).to_have_count(1)
    expect(page.get_by_role("banner").get_by_role("link", name="Parsnip")).to_have_attribute("href", "/")
    expect(page.get_by_role("navigation").get_by_role("link", name="To-do list")).to_have_count(1)
    expect(page.locator("h1")).to_have_count(1)
    expect(page.get_by_role("main")).to_have_count(1)


def test_every_page_fits_a_375px_phone_without_sideways_scrolling(phone: Page, quick, shot):
    page = phone
    title = unique("Pick up the parcel ")
    # Long unbroken text (a pasted link) is what usually pushes a page wider than a phone.
    long_word = "https://example.org/track/" + "A1B2C3D4E5" * 8
    quick.create(title, f"Tracking: {long_word} at the depot on Mill Lane, open until six.")
    quick.create(unique("x") * 20, "")  # a 180-character title without a space

    page.goto("/")
    pages = {"home": "/", "list": "/todos", "new": "/todos/new", "search": f"/todos?q={title.split()[-1]}"}
    for name, path in pages.items():
        page.goto(path)
        page_anatomy(page)
        no_horizontal_scroll(page)
        shot(page, name)

    # On a phone a row is its tick button and its title; the title opens the to-do's page, which has Edit.
    page.goto(pages["search"])
    page.get_by_role("link", name=title, exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(title)
    page_anatomy(page)
    no_horizontal_scroll(page)
    shot(page, "todo-page")
    page.get_by_role("link", name="Edit", exact=True).click()
    expect(page.get_by_role("heading", level=1, name="Edit to-do")).to_be_visible()
    page_anatomy(page)
    no_horizontal_scroll(page)
    shot(page, "edit")

    page.get_by_role("link", name="Delete this to-do").click()
    expect(page.get_by_role("heading", level=1, name="Delete this to-do?")).to_be_visible()
    page_anatomy(page)
    no_horizontal_scroll(page)
    shot(page, "delete-confirmation")

    page.goto("/todos/new")
    page.get_by_label("Description", exact=True).fill("typed on a phone")
    page.get_by_label("Title", exact=True).evaluate("field => { field.form.noValidate = true }")
    page.get_by_role("button", name="Add to-do", exact=True).click()
    expect(page.get_by_role("alert")).to_contain_text("There is a problem")
    no_horizontal_scroll(page)
    shot(page, "validation-error")

    page.goto("/todos/NoSuchItem/edit")
    expect(page.get_by_role("heading", level=1, name="Page not found")).to_be_visible()
    page_anatomy(page)
    no_horizontal_scroll(page)
    shot(page, "not-found")
