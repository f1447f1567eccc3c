"""End-to-end fixtures: the app served on a free loopback port, Debian's Chromium driven by Playwright.

Chromium is ``/usr/bin/chromium`` (``make test`` installs it with tests/browser/install_chromium.sh);
Playwright only drives it, so nothing is downloaded at run time. Screenshots of the main states go to
artifacts/screenshots/ (ignored by git).
"""

from __future__ import annotations

import os
import pathlib
import threading

import pytest
from werkzeug.serving import WSGIRequestHandler, make_server

from service import create_app

CHROMIUM = os.environ.get("MUGGINS_CHROMIUM", "/usr/bin/chromium")
SCREENSHOTS = pathlib.Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
PHONE = {"width": 360, "height": 780}
DESKTOP = {"width": 1280, "height": 900}


class QuietHandler(WSGIRequestHandler):
    def log(self, *args):  # keep the test output to the tests
        pass


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """Base URL of the app, served by werkzeug in a thread on 127.0.0.1 and a free port."""
    database = tmp_path_factory.mktemp("live") / "test.sqlite3"
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{database}", "RATELIMIT_ENABLED": False})
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)


@pytest.fixture(scope="session")
def chromium():
    """One headless Chromium for the whole run."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium "
                    "(tests/browser/install_chromium.sh)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=["--disable-gpu", "--disable-dev-shm-usage"])
        yield browser
        browser.close()


def _pages(chromium, live_server, viewport, mobile):
    """A fresh context and page at ``/``, closed afterwards; JavaScript errors fail the test."""
    context = chromium.new_context(viewport=viewport, device_scale_factor=2 if mobile else 1,
                                   is_mobile=mobile, has_touch=mobile, base_url=live_server)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # Console errors too (a Content-Security-Policy violation is one); an API's 4xx answer is not.
    page.on("console", lambda message: message.type == "error"
            and not message.text.startswith("Failed to load resource") and errors.append(message.text))
    page.goto("/")
    page.wait_for_selector("body[data-ready='true']")
    yield page
    context.close()
    assert errors == [], "the page logged errors"


@pytest.fixture()
def phone(chromium, live_server):
    """The page on a 360-px-wide touch screen."""
    yield from _pages(chromium, live_server, PHONE, mobile=True)


@pytest.fixture()
def desktop(chromium, live_server):
    """The page in a 1280-px-wide desktop window."""
    yield from _pages(chromium, live_server, DESKTOP, mobile=False)


@pytest.fixture()
def screenshot():
    """``screenshot(page, "name")`` saves artifacts/screenshots/name.png (the whole page)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def save(page, name, full_page=True):
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return save
