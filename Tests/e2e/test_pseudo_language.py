"""The pseudo-language run: Parsnip started with --pseudo-language shows every catalogue message lengthened by 40%
and wrapped in ⟦ ⟧. Every page a signed-in owner can reach by its links — and the forms' error pages — is opened at
375 px and 1280 px: nothing overflows sideways (scrollWidth equals the viewport), and no word shows outside the
brackets (a word outside them did not come from the catalogue). The data typed here is bracketed too, so only numbers,
days, prices and the language names may stand outside."""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from conftest import ParsnipServer

WIDTHS = (375, 1280)
# What may stand outside the brackets: the brand, the language chooser's names, months and weekdays of days written
# by the formatters, currency and unit signs, and the person's own name.
ALLOWED_WORDS = {
    "Parsnip", "English", "Español", "Português", "Français", "한국어", "日本語", "Ana",
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December", "Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Nov", "Dec",
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
    "am", "pm", "AM", "PM", "at", "KB", "MB", "GB", "bytes", "kcal", "ISBN",
}

# Text outside the brackets on the page: text nodes and the attributes people hear or see.
OUTSIDE_BRACKETS = """
() => {
  // Brackets are followed across text nodes: a message cut around a name in <strong> or a link is still one.
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let node, depth = 0;
  while ((node = walker.nextNode())) {
    const parent = node.parentElement;
    if (!parent || parent.closest("script, style, template, noscript")) continue;
    // Code, addresses and keys shown to copy are data, not words.
    const isData = parent.closest("code, pre, kbd, samp");
    let rest = "";
    for (const ch of node.textContent) {
      if (ch === "⟦") { depth++; continue; }
      if (ch === "⟧") { depth = Math.max(0, depth - 1); continue; }
      if (depth === 0) rest += ch;
    }
    rest = rest.trim();
    if (rest && !isData) found.push({where: parent.tagName.toLowerCase() + (parent.className ? "." + parent.className : ""), text: rest});
  }
  // Nested brackets count too: a title such as "⟦Merge “⟦Harper⟧” into another publisher⟧" is all catalogue.
  const strip = (text) => {
    let depth = 0, rest = "";
    for (const ch of text) {
      if (ch === "⟦") { depth++; continue; }
      if (ch === "⟧") { depth = Math.max(0, depth - 1); continue; }
      if (depth === 0) rest += ch;
    }
    return rest.trim();
  };
  for (const element of document.querySelectorAll("[aria-label], [title], [placeholder], [alt], input[type=submit][value]")) {
    for (const name of ["aria-label", "title", "placeholder", "alt", "value"]) {
      if (name === "value" && element.type !== "submit") continue;
      const value = element.getAttribute(name);
      if (value && strip(value)) found.push({where: element.tagName.toLowerCase() + "@" + name, text: strip(value)});
    }
  }
  found.push({where: "title", text: strip(document.title)});
  return found.filter((item) => item.text);
}
"""

WIDTHS_JS = (
    "() => ({client: document.documentElement.clientWidth,"
    " scroll: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)})"
)


def words_outside(items: list[dict]) -> list[str]:
    """The words among `items` that are neither numbers and signs nor allowed names."""
    problems = []
    for item in items:
        # Tokens with digits are numbers, days, ISBNs; what is left must be letters the catalogue gave.
        tokens = [token for token in item["text"].split() if not any(ch.isdigit() for ch in token)]
        for word in re.findall(r"[^\W\d_]+", " ".join(tokens)):
            if word.isalpha() and word not in ALLOWED_WORDS:
                problems.append(f"{item['where']}: {item['text']!r}")
                break
    return problems


@pytest.fixture(scope="module")
def pseudo_server(artifacts_dir: Path):
    folder = Path(tempfile.mkdtemp(prefix="parsnip-e2e-pseudo-"))
    server = ParsnipServer(folder / "pseudo.sqlite", artifacts_dir / "server-pseudo.log", ("--pseudo-language",))
    server.log_path.write_text("")
    server.start()
    yield server
    server.stop()
    shutil.rmtree(folder, ignore_errors=True)


def set_up_and_fill(page: Page, url: str) -> None:
    """Sets up the owner Ana through the setup form (by field names: the labels are pseudo) and adds one of each."""
    page.goto(url + "/setup")
    page.locator('input[name="username"]').fill("Ana")
    page.locator('input[name="password"]').fill("correct horse battery")
    page.locator('input[name="passwordAgain"]').fill("correct horse battery")
    page.locator('form[action="/setup"] button[type="submit"]').click()
    page.wait_for_load_state()
    token = page.context.cookies(url)
    csrf = next(cookie["value"] for cookie in token if cookie["name"] == "parsnip_csrf")

    def post(path: str, fields: list[tuple[str, str]]) -> str:
        response = page.context.request.post(
            url + path, form={**dict(fields), "_csrf": csrf}, headers={"Origin": url}, max_redirects=0
        )
        summary = re.search(r'<div class="error-summary[\s\S]*?</div>', response.text())
        assert response.status == 303, f"POST {path} answered {response.status}: {summary and summary.group(0)}"
        return response.headers["location"]

    post("/todos", [("title", "⟦Buy oat milk⟧"), ("description", "⟦From the corner shop⟧"), ("dueDate", "2026-03-03")])
    post("/recipes", [
        ("name", "⟦Pancakes⟧"), ("servings", "4"), ("price", "3.99"), ("isAvailable", "true"), ("category", "0"),
        ("releaseDate", "2024-05-03"), ("ingredient-0-quantity", "1 1/2"),
        ("ingredient-0-description", "⟦cups of flour⟧"), ("side-0", "⟦Maple syrup⟧"),
        ("nutrition-0-name", "⟦Calories⟧"), ("nutrition-0-value", "320 kcal"),
    ])
    def entry(path: str, name: str) -> str:
        post(path, [("name", name)])
        listing = page.context.request.get(url + path).text()
        match = re.search(rf'href="{path}/([A-Za-z0-9]+)"', listing)
        assert match, f"{path} lists no entry after adding {name}"
        return match.group(1)

    genre = entry("/genres", "⟦Science fiction⟧")
    author = entry("/authors", "⟦Ursula K. Le Guin⟧")
    publisher = entry("/publishers", "⟦Harper⟧")
    post("/books/new", [
        ("title", "⟦The Dispossessed⟧"), ("isbn", "9780060512750"), ("genre", genre), ("publishingYear", "1974"),
        ("author", author), ("publisher", publisher),
    ])


def reachable_pages(page: Page, url: str, limit: int = 80) -> list[str]:
    """Every page of this site reachable by links from the home page, leaving out what signs out, changes the
    language, downloads, or lists the same page again with a query."""
    seen: list[str] = []
    queue = ["/"]
    skip = re.compile(r"^/(sign-out|language|health|parse)|/download|/export|\.zip$|\.json$|/photo")
    while queue and len(seen) < limit:
        path = queue.pop(0)
        if path in seen:
            continue
        seen.append(path)
        page.goto(url + path)
        for href in page.eval_on_selector_all("a[href^='/']", "links => links.map(a => a.getAttribute('href'))"):
            target = href.split("#")[0].split("?")[0]
            if target and target not in seen and target not in queue and not skip.search(target):
                queue.append(target)
    return seen


def test_every_page_in_the_pseudo_language_fits_and_says_nothing_outside_the_catalogue(
    browser: Browser, pseudo_server: ParsnipServer, shot
):
    url = pseudo_server.url
    context = browser.new_context(base_url=url, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    set_up_and_fill(page, url)
    pages = reachable_pages(page, url)
    assert len(pages) >= 20, f"the walk reached only {pages}"
    problems: list[str] = []
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        for path in pages + ["/no-such-page"]:
            page.goto(url + path)
            widths = page.evaluate(WIDTHS_JS)
            if widths["scroll"] > widths["client"]:
                problems.append(f"{width}px {path}: scrolls sideways ({widths})")
                shot(page, f"overflow-{width}-{path.strip('/').replace('/', '-') or 'home'}")
            if width == 1280:
                for problem in words_outside(page.evaluate(OUTSIDE_BRACKETS)):
                    problems.append(f"{path}: outside the catalogue: {problem}")
        # The forms' error pages: each "new" form sent empty.
        for form in ("/todos/new", "/recipes/new", "/books/new"):
            page.goto(url + form)
            page.locator("main form[method=post] button[type=submit]:not(.visually-hidden)").first.click()
            page.wait_for_load_state()
            widths = page.evaluate(WIDTHS_JS)
            if widths["scroll"] > widths["client"]:
                problems.append(f"{width}px {form} sent empty: scrolls sideways ({widths})")
            if width == 1280:
                for problem in words_outside(page.evaluate(OUTSIDE_BRACKETS)):
                    problems.append(f"{form} sent empty: outside the catalogue: {problem}")
            shot(page, f"error-{width}-{form.strip('/').replace('/', '-')}")
    page.set_viewport_size({"width": 375, "height": 900})
    page.goto(url + "/todos")
    shot(page, "todos-375")
    context.close()
    assert not problems, "\n".join(problems)
