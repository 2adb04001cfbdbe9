"""Prices in the household's currency: `--currency EUR` shows €3.99 on the list and the recipe page while the editor
keeps the plain number; a code that is no currency stops Parsnip before it starts, saying what it takes."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from playwright.sync_api import expect

from conftest import BINARY, ParsnipServer, REPO
from recipe_steps import RecipeInput, create_through_editor, field_named, list_row, open_editor, open_recipes, row_cells


def test_prices_show_the_currency_named_on_the_command_line(browser, artifacts_dir, shot):
    folder = Path(tempfile.mkdtemp(prefix="parsnip-e2e-currency-"))
    server = ParsnipServer(folder / "money.sqlite", artifacts_dir / "server-currency.log", ("--currency", "EUR"))
    server.log_path.write_text("")
    server.start()
    context = browser.new_context(base_url=server.url, viewport={"width": 1024, "height": 800})
    try:
        page = context.new_page()
        recipe_id = create_through_editor(page, RecipeInput(name="Crêpes", servings="4", price="3.99",
                                                            category="Breakfast"))
        expect(page.locator(".recipe-details")).to_contain_text("€3.99")
        shot(page, "recipe-page-in-euros")
        open_recipes(page)
        assert row_cells(list_row(page, "Crêpes"))[3] == "€3.99"
        open_editor(page, recipe_id, "Crêpes")
        expect(field_named(page, "Price")).to_have_value("3.99")
        expect(page.get_by_text("In EUR, e.g. 3.99")).to_be_visible()
    finally:
        context.close()
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def test_a_code_that_is_no_currency_is_refused_before_starting(tmp_path: Path):
    run = subprocess.run(
        [str(BINARY), "--database", str(tmp_path / "never.sqlite"), "--currency", "EURO"],
        cwd=REPO, capture_output=True, text=True, timeout=30)
    assert run.returncode != 0
    assert '--currency takes a three-letter code such as EUR, GBP or USD, not "EURO".' in run.stderr + run.stdout
    assert not (tmp_path / "never.sqlite").exists()
