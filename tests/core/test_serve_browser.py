"""``assistant serve`` in a real browser (Debian's Chromium, driven by Selenium through
/usr/bin/chromedriver: no browser is downloaded).

A Roma set-up and a 7 Wonders turn played as a table would: the board open on the laptop, Ann's and Ben's phones
(390×844, each its own browser profile) join with their codes, each types its own hand of
named cards on its phone. Every page follows without a reload; no page but Ann's ever holds
Ann's cards (nor Ben's but Ben's); the phone pages do not scroll sideways. Skipped only where
Chromium is absent, and never in CI (``CI`` set): there it must run."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import tempfile
import time

import pytest

from cli_support import cli_command, run_cli

CHROMIUM, DRIVER = shutil.which("chromium") or "/usr/bin/chromium", shutil.which("chromedriver") or "/usr/bin/chromedriver"


def _missing() -> str | None:
    if not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)):
        return "Chromium and chromedriver are not installed (Debian: apt-get install chromium chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install '.[test]')"
    return None


@pytest.fixture
def browser_factory():
    reason = _missing()
    if reason is not None:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the browser tests: {reason}")
        pytest.skip(reason)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    drivers = []

    def open_browser(phone: bool):
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--disable-dev-shm-usage", f"--user-data-dir={tempfile.mkdtemp(prefix='chromium-')}"):
            options.add_argument(flag)
        if phone:
            options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 1}})
        else:
            options.add_argument("--window-size=1280,900")
        driver = webdriver.Chrome(service=Service(DRIVER), options=options)
        driver.set_page_load_timeout(20)
        drivers.append(driver)
        return driver

    yield open_browser
    for driver in drivers:
        driver.quit()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait(condition, what: str, timeout: float = 5.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"not within {timeout} s: {what}")


ANN = ("Legat", "Forum", "Turris")
BEN = ("Templum", "Essedum", "Velites", "Architectus")


def _serve(db_path, *seats: str):
    """``assistant serve 1`` in its own process; the server and each seat's code (read from
    the terminal's fallback list)."""
    port = _free_port()
    env = {**os.environ, "ASSISTANT_DB": str(db_path), "NO_COLOR": "1"}
    server = subprocess.Popen(cli_command("serve", "1", "--host", "127.0.0.1", "--port", str(port)), env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    codes: dict[str, str] = {}
    for line in server.stderr:  # type: ignore[union-attr]
        if line.startswith("  ") and "·" in line:
            codes = dict(re.findall(r"(\w+) ([A-Z0-9]{6})", line))
            break
    assert set(codes) == set(seats), codes
    return server, codes, f"http://127.0.0.1:{port}"


def _join(phone, url: str, code: str, seat: str, title: str) -> None:
    """Open the join page, type the code (in lower case, as people do) and tap Join."""
    from selenium.webdriver.common.by import By

    phone.get(url + "/join")
    phone.find_element(By.ID, "code").send_keys(code.lower())
    phone.find_element(By.CSS_SELECTOR, "form.join button").click()
    try:
        _wait(lambda: phone.current_url.endswith("/me"), f"{seat}'s phone on its page")
    except AssertionError:
        raise AssertionError(phone.current_url + phone.page_source[:3000])
    assert f"{title} · {seat}" in phone.title and code not in phone.current_url


def _enter(phone, text: str) -> None:
    """Type ``text`` and tap Enter, as a person does: if the page redraws its live part
    meanwhile (another entry), look for the box again (what was typed is kept). A box being
    swapped for its redrawn copy at that instant is stale or, in Chrome, not interactable."""
    from selenium.common.exceptions import ElementNotInteractableException, StaleElementReferenceException
    from selenium.webdriver.common.by import By

    for _ in range(5):
        try:
            box = phone.find_element(By.ID, "entry")
            if box.get_attribute("value") != text:
                box.clear()
                box.send_keys(text)
            phone.find_element(By.CSS_SELECTOR, "form.entry > button[type=submit]:last-child").click()
            return
        except (StaleElementReferenceException, ElementNotInteractableException):
            time.sleep(0.2)
    raise AssertionError(f"the entry box kept being redrawn: {text!r} not entered")


def _fits(phones: dict, tmp_path) -> None:
    """Each phone page at 390 px: a screenshot kept, and no horizontal overflow."""
    for seat, phone in phones.items():
        phone.save_screenshot(str(tmp_path / f"{seat}.png"))
        width, inner = phone.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
        assert inner == 390 and width <= inner, (seat, width, inner)


def _no_csp_errors(pages) -> None:
    logs = [entry for page in pages for entry in page.get_log("browser") if entry.get("level") == "SEVERE"]
    assert not [e for e in logs if "Content Security Policy" in e.get("message", "")], logs


def test_core_serve_browser_roma_hands_on_two_phones(db_path, tmp_path, browser_factory):
    assert run_cli("new", "roma", "-p", "Ann", "-p", "Ben", db=db_path).returncode == 0
    server, codes, url = _serve(db_path, "Ann", "Ben")
    try:
        board, ann, ben = browser_factory(False), browser_factory(True), browser_factory(True)
        board.get(url + "/")
        assert "Game 1 · Roma · Ann, Ben" in board.title
        for phone, seat in ((ann, "Ann"), (ben, "Ben")):
            _join(phone, url, codes[seat], seat, "Roma")
        _enter(ann, "hand Ann Legat Forum Forum Turris")
        _wait(lambda: "Legat, Forum, Forum, Turris" in ann.page_source, "Ann's hand on Ann's phone")
        started = time.monotonic()
        ann_line = '<li value="1">hand Ann ? ? ? ?</li>'  # the record's line, not the prompt's example
        _wait(lambda: ann_line in board.page_source, "the board following Ann's entry without a reload")
        _wait(lambda: ann_line in ben.page_source, "Ben's phone following Ann's entry")
        assert time.monotonic() - started < 3.0
        _enter(ben, "hand Ben Templum Essedum Velites Architectus")
        _wait(lambda: "Templum, Essedum, Velites, Architectus" in ben.page_source, "Ben's hand on Ben's phone")
        ben_line = '<li value="2">hand Ben ? ? ? ?</li>'
        _wait(lambda: ben_line in ann.page_source, "Ann's phone following Ben's entry")
        _wait(lambda: ben_line in board.page_source, "the board following Ben's entry")
        for name in ANN:
            assert name not in board.page_source and name not in ben.page_source, name
        for name in BEN:
            assert name not in board.page_source and name not in ann.page_source, name
        _fits({"Ann": ann, "Ben": ben}, tmp_path)
        _no_csp_errors([board, ann, ben])
    finally:
        server.terminate()
        server.communicate(timeout=20)
    stored = run_cli("log", "1", "--json", "--reveal", db=db_path).stdout
    assert "hand Ann Legat Forum Forum Turris" in stored and "hand Ben Templum Essedum Velites Architectus" in stored


SEVEN = {"Ada": "Ada build Lumber Yard", "Bob": "Bob sell Baths", "Cleo": "Cleo build Stone Pit"}


def test_core_serve_browser_7w_three_phones_choose_at_once(db_path, tmp_path, browser_factory):
    """A 7 Wonders turn (``7w.secrets.sealed``): the three phones have their pages open and
    type their choices one right after the other, none waiting for the others' pages; no page
    but the chooser's shows a choice before the last one is in, then every page shows the
    turn turned over together."""
    assert run_cli("new", "7w", "-p", "Ada", "-p", "Bob", "-p", "Cleo", "-o", "leaders=false",
                   "-o", "boards=Gizah A, Rhodes A, Babylon A", db=db_path).returncode == 0
    server, codes, url = _serve(db_path, *SEVEN)
    try:
        board = browser_factory(False)
        board.get(url + "/")
        phones = {seat: browser_factory(True) for seat in SEVEN}
        for seat, phone in phones.items():
            _join(phone, url, codes[seat], seat, "7 Wonders")
        pages = {"board": board, **phones}
        _enter(phones["Ada"], SEVEN["Ada"])
        _enter(phones["Bob"], SEVEN["Bob"])  # at once: Bob's page was drawn before Ada's choice came in
        for seat in ("Ada", "Bob"):
            _wait(lambda: f"{seat} chose" in board.page_source, f"the board saying {seat} chose")
        for name, page in pages.items():
            source = page.page_source
            for seat, choice in SEVEN.items():
                if name != seat:  # (Cleo's own page offers Cleo's choice as a button)
                    assert choice not in source, (name, choice)
                elif seat != "Cleo":
                    assert choice in source, (name, choice)
        _enter(phones["Cleo"], SEVEN["Cleo"])
        shown = "reveal Ada build Lumber Yard; Bob sell; Cleo build Stone Pit"
        for name, page in pages.items():
            _wait(lambda: shown in page.page_source, f"{name}'s page showing the turn turned over")
            assert "Bob sell Baths" not in page.page_source or name == "Bob", name
        _fits(phones, tmp_path)
        _no_csp_errors(list(pages.values()))
    finally:
        server.terminate()
        server.communicate(timeout=20)
    stored = run_cli("log", "1", "--json", "--reveal", db=db_path).stdout
    assert all(f"sealed {choice}" in stored for choice in SEVEN.values()), stored
