"""Changing your own password: from your name in the header, the current one first; the Show button shows what
was typed; the new password signs in afterwards."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, expect

from account_steps import set_up, sign_in, sign_out, start_sign_in_server, stop_sign_in_server


def test_the_owner_changes_their_password_from_their_name_and_signs_in_with_the_new_one(
    browser: Browser, artifacts_dir: Path, shot
):
    server, folder = start_sign_in_server(artifacts_dir)
    context = browser.new_context(base_url=server.url, viewport={"width": 375, "height": 800}, locale="en-GB")
    page = context.new_page()
    try:
        set_up(page, "Ana", "correct horse battery")
        page.get_by_role("link", name=re.compile(r"^Ana\b.*change your password$")).click()
        expect(page.get_by_role("heading", level=1, name="Change your password")).to_be_visible()
        page.get_by_label("Your current password", exact=True).fill("correct horse battery")
        new = page.get_by_label("New password", exact=True)
        new.fill("staple battery horse")
        show = page.get_by_role("button", name="Show new password", exact=True)
        show.click()
        expect(new).to_have_attribute("type", "text")
        expect(show).to_have_attribute("aria-pressed", "true")
        shot(page, "own-password-showing")
        page.get_by_label("New password again", exact=True).fill("staple battery horse")
        page.get_by_role("button", name="Change password", exact=True).click()
        expect(page.get_by_role("status")).to_contain_text("Your password is changed")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 375, width

        sign_out(page)
        page.goto("/sign-in")
        sign_in(page, "Ana", "staple battery horse")
        expect(page).to_have_url(re.compile(r"/$"))
    finally:
        context.close()
        stop_sign_in_server(server, folder)
