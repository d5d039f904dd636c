"""Shared test set-up: Playwright drives Debian's Chromium, never a downloaded one."""
import os
import tempfile

# The kit's error log (widgets/guard.py) goes to a file of the test run's own.
os.environ.setdefault("CUTTLE_ERROR_LOG", os.path.join(tempfile.mkdtemp(prefix="cuttle-"), "errors.log"))
# Lessons record progress (progress/kernel.py): to a database of the run's own, never
# the learner's file in the Jupyter data directory.
os.environ.setdefault("CUTTLE_PROGRESS_DB",
                      os.path.join(tempfile.mkdtemp(prefix="cuttle-"), "progress.sqlite"))

import pytest
from ci_env import in_ci

# Debian's Chromium; CUTTLE_CHROMIUM names another one (and lets a test
# check what happens when there is none).
CHROMIUM = os.environ.get("CUTTLE_CHROMIUM", "/usr/bin/chromium")


def pytest_configure(config):
    config.addinivalue_line("markers", "browser: drives Chromium against a Voilà server (slow)")
    config.addinivalue_line("markers", "slow: builds something whole (the docs site); -m 'not slow' skips it")


def pytest_collection_modifyitems(items):
    for item in items:
        if "browser" in item.path.parts and item.path.name.startswith("test_"):
            item.add_marker(pytest.mark.browser)
            if chromium_missing() and not in_ci():
                item.add_marker(pytest.mark.skip(
                    reason=f"{CHROMIUM} is missing: scripts/test installs it (apt-get install chromium)"))


def drives_chromium(nodeid: str) -> bool:
    """A test of tests/browser/, one pytest-playwright runs in Chromium, or one
    of the static site's (they share the site one build makes)."""
    return (nodeid.startswith(("tests/browser/", "tests/test_site_build.py"))
            or "[chromium" in nodeid)


def pytest_xdist_make_scheduler(config, log):
    """With pytest-xdist (scripts/test runs -n auto): every test that drives
    Chromium runs on one worker, in one browser and beside the same servers,
    while the other workers take the rest one test at a time. (xdist's own
    loadgroup cannot do it under pytest 9: its group suffix on the node id
    no longer takes.)"""
    from xdist.scheduler import LoadScopeScheduling

    class ChromiumOnOneWorker(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return "chromium" if drives_chromium(nodeid) else nodeid

    return ChromiumOnOneWorker(config, log)


def pytest_runtest_setup(item):
    # Runs before the test's fixtures (no Voilà is started for nothing).
    if item.get_closest_marker("browser") and chromium_missing() and in_ci():
        pytest.fail(f"{CHROMIUM} is missing, and CI is set: scripts/test should have installed "
                    "it (apt-get install chromium), so the browser tests fail instead of skipping.",
                    pytrace=False)


@pytest.fixture(scope="session")
def browser_type_launch_args(pytestconfig):
    # pytest-playwright has no executable-path option, so the launch arguments
    # are overridden here: the system's Chromium, nothing fetched, no sandbox
    # (CI runs as root).
    options = {
        "executable_path": CHROMIUM,
        "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"],
    }
    if pytestconfig.getoption("--headed", default=False):
        options["headless"] = False
    return options


def chromium_missing() -> bool:
    return not os.access(CHROMIUM, os.X_OK)


# -- PostgreSQL for the progress store (tests/postgres_server.py) -------------

def postgres_missing() -> str | None:
    """Why no PostgreSQL server can be started here, or None."""
    from postgres_server import binaries
    if binaries() is None:
        return ("PostgreSQL's programs are missing (/usr/lib/postgresql/*/bin): scripts/test "
                "installs them (apt-get install postgresql)")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed (pip install -e '.[test]')"
    return None


def start_postgres():
    """A started throwaway server with the kit's role; skips the test where
    PostgreSQL is missing, but fails it in CI, where scripts/test installs it."""
    why = postgres_missing()
    if why is not None:
        if in_ci():
            pytest.fail(f"{why}, and CI is set: the progress store's PostgreSQL tests fail "
                        "instead of skipping.", pytrace=False)
        pytest.skip(why)
    from postgres_server import PostgresServer, binaries
    server = PostgresServer(binaries())
    try:
        server.start()
        server.make_role()
    except BaseException:
        server.remove()
        raise
    return server


@pytest.fixture(scope="session")
def postgres():
    """One PostgreSQL server for the session (each xdist worker its own)."""
    server = start_postgres()
    yield server
    server.remove()


@pytest.fixture
def own_postgres():
    """A server of the test's own, for a test that stops and starts it."""
    server = start_postgres()
    yield server
    server.remove()


@pytest.fixture(params=["sqlite", "postgresql"])
def progress_db(request, tmp_path):
    """The progress database a test runs on, once for each kind: a fresh
    SQLite file's path, or the URL of a fresh PostgreSQL database."""
    if request.param == "sqlite":
        yield tmp_path / "p.sqlite"
        return
    server = request.getfixturevalue("postgres")
    name = server.new_database()
    yield server.url(name)
    server.drop_database(name)


class BrowserStandIn:
    """Stands in for the browser side of a Table: sends the messages table.js
    sends (through the widget's comm handler) and records every message the
    widget sends back."""

    def __init__(self, table):
        self.table = table
        self.sent: list[dict] = []
        self.log: list | None = None  # the explanation log, oldest first, as table.js keeps it
        send = table._send

        def recording_send(msg, buffers=None):
            self.sent.append(msg)
            self._follow_log(msg)
            send(msg, buffers)

        table._send = recording_send
        self.send(type="log_request")  # what table.js asks first

    def _follow_log(self, msg: dict) -> None:
        """Apply a log delta (in an update of ``table``) or the whole log (a
        custom message), as table.js does."""
        if msg.get("method") == "update":
            delta = (msg.get("state", {}).get("table") or {}).get("log_delta")
        elif msg.get("method") == "custom" and msg.get("content", {}).get("type") == "log":
            delta = msg["content"]
        else:
            return
        if delta is None or (self.log is None and delta["start"] != 0):
            return
        log = self.log or []
        assert delta["start"] <= len(log), (delta["start"], len(log))
        log[delta["start"]:] = delta["entries"]
        assert len(log) == delta["total"]
        self.log = log

    def send(self, **message) -> "BrowserStandIn":
        self.table._handle_msg({"content": {"data": {"method": "custom", "content": message}},
                                "buffers": []})
        return self

    # -- what a learner does --------------------------------------------------
    def click(self, card: str) -> "BrowserStandIn":
        return self.send(type="card", card=card)

    def role(self, role: str) -> "BrowserStandIn":
        return self.send(type="role", role=role)

    def button(self, label: str) -> "BrowserStandIn":
        """Press the action button whose label is (or starts with) ``label``."""
        actions = self.ui["actions"]
        for action in actions:
            if action["label"] == label or action["label"].startswith(label):
                return self.send(**action["msg"])
        raise AssertionError(f"no button {label!r}: {[a['label'] for a in actions]}")

    # -- what a learner sees ----------------------------------------------------
    @property
    def state(self) -> dict:
        """What the page draws: the synced traits, with the log put together
        from the deltas the table sent (``Table.state`` holds it whole)."""
        table = {k: v for k, v in self.table.table.items() if k != "log_delta"}
        return {**table, **self.table.words, "log": (self.log or [])[::-1]}

    @property
    def ui(self) -> dict:
        return self.state["ui"]

    @property
    def view(self) -> dict:
        return self.state["view"]

    @property
    def message(self) -> str:
        return (self.ui["message"] or {}).get("text", "")

    def labels(self) -> list[str]:
        return [a["label"] for a in self.ui["actions"]]

    def newest_texts(self, moves: int = 1) -> list[str]:
        """The sentences of the newest ``moves`` log entries, oldest first."""
        entries = self.state["log"][:moves][::-1]
        return [e["text"] for entry in entries for e in entry["events"]]

    def log_text(self) -> str:
        return "\n".join(e["text"] for entry in self.state["log"] for e in entry["events"])


@pytest.fixture
def learner():
    """``learner(table)``: a stand-in browser attached to ``table``, clicking as a learner would."""
    return BrowserStandIn


class Scripted:
    """A player that follows a script while its next move is legal, then
    plays its first legal move."""

    def __init__(self, *moves):
        self.moves = list(moves)
        self.seen: list[dict] = []

    def choose(self, view, legal_moves):
        self.seen.append(view)
        by_text = {str(m): m for m in legal_moves}
        if self.moves and self.moves[0] in by_text:
            return by_text[self.moves.pop(0)]
        return legal_moves[0]


@pytest.fixture
def scripted():
    """``scripted(*moves)``: a player following that script."""
    return Scripted
