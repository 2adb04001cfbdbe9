"""A file an editor keeps through the Parse API never runs as script on Parsnip's origin, in a real browser.

The owner is signed in; an editor's app uploads an HTML page, an SVG drawing and a JavaScript file, each declared
as the type that would run, and each carrying a script that marks the page and tries to add an owner. Opening the
files' addresses, showing them as images and loading them as scripts inside a Parsnip page must run none of them.
"""

from __future__ import annotations

import json
import urllib.request

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Browser, expect

from account_steps import add_person, set_up, start_sign_in_server, stop_sign_in_server

SCRIPT = "window.parent.taken = 'yes'; document.title = 'taken'; " \
    "fetch('/people', {method: 'POST', body: 'username=Mallory&password=mallory+password&role=owner'});"

FILES = {
    "page.html": ("text/html", f"<!doctype html><title>x</title><script>{SCRIPT}</script>"),
    "drawing.svg": ("image/svg+xml",
                    f'<svg xmlns="http://www.w3.org/2000/svg"><script>{SCRIPT}</script></svg>'),
    "code.js": ("application/javascript", SCRIPT),
}


def api(url: str, path: str, body: bytes, headers: dict[str, str]) -> dict:
    request = urllib.request.Request(url + path, data=body, method="POST",
                                     headers={"X-Parse-Application-Id": "parsnip", **headers})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def test_uploaded_pages_drawings_and_scripts_never_run_on_parsnips_origin(browser: Browser, artifacts_dir, shot):
    server, folder = start_sign_in_server(artifacts_dir)
    context = browser.new_context(base_url=server.url, viewport={"width": 1024, "height": 800}, locale="en-GB",
                                  accept_downloads=True)
    try:
        page = context.new_page()
        page.set_default_navigation_timeout(10_000)
        base = server.url
        set_up(page, "Ana", "owner password 1")
        add_person(page, "Ed", "editor password 1", "Editor")
        session = api(base, "/parse/login", json.dumps({"username": "Ed", "password": "editor password 1"}).encode(),
                      {"Content-Type": "application/json"})["sessionToken"]
        names = {}
        for filename, (declared, text) in FILES.items():
            kept = api(base, f"/parse/files/{filename}", text.encode(),
                       {"Content-Type": declared, "X-Parse-Session-Token": session})
            names[filename] = kept["name"]

        for filename, name in names.items():
            for path in (f"/photos/{name}", f"/parse/files/parsnip/{name}"):
                # Served as a download: the browser saves it instead of showing it as a page.
                try:
                    with page.expect_download(timeout=5_000) as download:
                        try:
                            page.goto(base + path)
                        except PlaywrightError:
                            pass  # "Download is starting": the navigation became a download.
                    assert download.value.suggested_filename
                except PlaywrightError as error:
                    raise AssertionError(f"{path} ({filename}) was not a download: {error}") from error

        page.goto(base + "/todos")
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        # Inside one of Parsnip's own pages: as images, in a frame, and as scripts. None may run.
        page.evaluate("""(names) => {
            for (const name of names) {
                for (const src of ['/photos/' + name, '/parse/files/parsnip/' + name]) {
                    const img = document.createElement('img'); img.src = src; document.body.append(img);
                    const frame = document.createElement('iframe'); frame.src = src; document.body.append(frame);
                    const script = document.createElement('script'); script.src = src; document.body.append(script);
                }
            }
        }""", list(names.values()))
        page.wait_for_timeout(1_500)
        assert page.evaluate("window.taken") is None
        assert page.title() != "taken"
        shot(page, "todos-after-loading-the-files")

        page.goto(base + "/people")
        expect(page.get_by_role("heading", level=2, name="Mallory")).to_have_count(0)
    finally:
        context.close()
        stop_sign_in_server(server, folder)
