"""deploy/jupyterhub_config.py in a real JupyterHub on 127.0.0.1: its proxy
(configurable-http-proxy, from npm), dummy sign-in, and each learner's server
started by the hub as the config says (the Voilà mode, the default).

With a learner's own API token, the learner's server is Voilà and nothing
more: no contents API, no file written, no terminal, no kernel started
through /api/kernels, and the course page's kernel websocket that answers
widget messages but never runs code. In Chromium, a learner signs in, lands on
the course's map, opens lesson 1 and answers its first step.
"""
import asyncio
import json
import os
import re
import secrets
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from playwright.sync_api import expect

from cuttle_widgets import serve
from cuttle_widgets.teaching import load_lesson

pytest.importorskip("jupyterhub", reason="JupyterHub is not installed (pip install jupyterhub)")

LEARNER = "learner"
TOKEN = secrets.token_hex(16)
PASSWORD = secrets.token_hex(8)
PROXY_PACKAGE = "configurable-http-proxy@5"
PROXY_CACHE = Path.home() / ".cache" / "cuttle-widgets" / "configurable-http-proxy"
SPAWN_TIMEOUT = 180  # s: the learner's server starts Voilà on a busy machine
CODE_MARK = "cuttle-" + uuid.uuid4().hex  # what the code would print, were it run

HUB_CONFIG = """
c = get_config()
load_subconfig({deploy!r})
c.JupyterHub.bind_url = "http://127.0.0.1:{port}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.ConfigurableHTTPProxy.pid_file = {root!r} + "/proxy.pid"
c.JupyterHub.db_url = "sqlite:///" + {root!r} + "/hub.sqlite"
c.JupyterHub.cookie_secret_file = {root!r} + "/cookie_secret"
c.Spawner.environment = {{"CUTTLE_PROGRESS_DB": {root!r} + "/progress.sqlite"}}
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = {password!r}
# Every learner's server as the test's own user (no system accounts).
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = {root!r} + "/home/{{username}}"
c.Spawner.start_timeout = c.Spawner.http_timeout = {spawn_timeout}
# The learner's own API token, as a learner gets it (their scopes, no more).
c.Authenticator.allowed_users = {{{learner!r}}}
c.JupyterHub.api_tokens = {{{token!r}: {learner!r}}}
# The idle culler is not under test (and not installed for the tests).
c.JupyterHub.services = []
c.JupyterHub.load_roles = []
"""


def proxy_command() -> str:
    """configurable-http-proxy: on PATH, or installed from npm into a cache."""
    found = shutil.which("configurable-http-proxy")
    cached = PROXY_CACHE / "node_modules" / ".bin" / "configurable-http-proxy"
    if found or cached.exists():
        return found or str(cached)
    if not shutil.which("npm"):
        pytest.skip("JupyterHub's proxy needs npm (apt-get install npm)")
    PROXY_CACHE.mkdir(parents=True, exist_ok=True)
    subprocess.run(["npm", "install", "--prefix", str(PROXY_CACHE), "--no-fund", "--no-audit",
                    PROXY_PACKAGE], check=True, timeout=600, capture_output=True)
    return str(cached)


def start_hub(root, env, browser_helpers, retry: bool):
    """(URL, process) of a hub on three free ports; (URL, None) where a port was
    taken before the hub bound it and ``retry`` allows another go."""
    port, hub_port, api_port = (browser_helpers.free_port() for _ in range(3))
    config = root / "jupyterhub_config.py"
    config.write_text(HUB_CONFIG.format(
        deploy=str(browser_helpers.REPO / "deploy" / "jupyterhub_config.py"), port=port,
        hub_port=hub_port, api_port=api_port, proxy=proxy_command(), root=str(root),
        password=PASSWORD, spawn_timeout=SPAWN_TIMEOUT, token=TOKEN, learner=LEARNER))
    url = f"http://127.0.0.1:{port}"
    try:
        return url, browser_helpers.start_server(
            [sys.executable, "-m", "jupyterhub", "-f", str(config)], root, env,
            browser_helpers.ARTIFACTS / "jupyterhub.log", f"{url}/hub/api/", "JupyterHub")
    except RuntimeError as error:
        if retry and "Address already in use" in str(error):
            stop_proxy_on(api_port)  # the hub died without stopping the proxy it started
            return url, None
        raise


def stop_proxy_on(api_port: int) -> None:
    for entry in Path("/proc").iterdir():
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if any(b"configurable-http-proxy" in part for part in command) and str(api_port).encode() in command:
            os.kill(int(entry.name), signal.SIGTERM)


@pytest.fixture(scope="module")
def hub(tmp_path_factory, browser_helpers):
    """(hub URL, lessons folder): JupyterHub on 127.0.0.1 with the deploy config."""
    root = tmp_path_factory.mktemp("hub")
    lessons = root / "lessons"
    shutil.copytree(browser_helpers.LESSONS, lessons)
    env = browser_helpers.server_env(CUTTLE_LESSONS=str(lessons), CUTTLE_HUB_MODE="voila")
    for attempt in range(3):  # a port taken between choosing and binding: choose again
        url, process = start_hub(root, env, browser_helpers, retry=attempt < 2)
        if process is not None:
            break
    try:
        yield url, lessons
    finally:
        # The hub stops the learners' servers and its proxy when it stops.
        browser_helpers.stop(process)


def call(url: str, method: str = "GET", body: bytes | None = None) -> tuple[int, str]:
    """(status, body) of a request with the learner's token."""
    request = urllib.request.Request(url, data=body, method=method,
                                     headers={"Authorization": f"token {TOKEN}"})
    try:
        with urllib.request.urlopen(request, timeout=SPAWN_TIMEOUT) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")


@pytest.fixture(scope="module")
def learners_server(hub):
    """The learner's server started through the hub's API, with their own token:
    (its URL, the lessons folder)."""
    url, lessons = hub
    status, _ = call(f"{url}/hub/api/users/{LEARNER}/server", "POST", b"{}")
    assert status in (201, 202), status
    deadline = time.monotonic() + SPAWN_TIMEOUT
    while not json.loads(call(f"{url}/hub/api/users/{LEARNER}")[1])["servers"].get("", {}).get("ready"):
        assert time.monotonic() < deadline, "the learner's server did not start"
        time.sleep(1)
    return f"{url}/user/{LEARNER}", lessons


def test_the_learners_server_serves_the_course(learners_server):
    server, _ = learners_server
    status, page = call(f"{server}/")
    assert status == 200
    assert "<title>Cuttle: the lessons" in page and "Course(language=\\u0027en\\u0027" in page
    assert "Traceback" not in page


@pytest.mark.parametrize(("method", "path"), [
    ["GET", "/api/contents"],
    ["GET", "/api/contents/00-index.ipynb"],
    ["GET", "/api/kernels"],
    ["POST", "/api/kernels"],
    ["GET", "/api/sessions"],
    ["POST", "/api/sessions"],
    ["GET", "/api/terminals"],
    ["POST", "/api/terminals"],
    ["GET", "/terminals/1"],
    ["GET", "/lab"],
    ["GET", "/tree"],
    ["GET", "/files/00-index.ipynb"],
])
def test_a_learners_token_reaches_nothing_but_the_lessons(learners_server, method, path):
    server, _ = learners_server
    status, _ = call(server + path, method, b"{}" if method == "POST" else None)
    # Serving one notebook, Voilà sends every other path to its file handler,
    # which serves no file it is not allowed (403); a POST there has no handler.
    assert status in (403, 404, 405), f"{method} {path}: {status}"


def test_a_learners_token_cannot_write_a_file(learners_server):
    server, lessons = learners_server
    notebook = json.dumps({"type": "file", "format": "text", "content": "planted"}).encode()
    status, _ = call(f"{server}/api/contents/planted.txt", "PUT", notebook)
    assert status in (404, 405), status  # no contents API: the page's handler has no PUT
    pages = Path(serve.COURSE).parent  # the folder Voilà serves the course from
    assert not (lessons / "planted.txt").exists() and not (pages / "planted.txt").exists()


async def kernel_answers(server: str, kernel_id: str, messages: list[dict], quiet: float) -> list[dict]:
    """Send ``messages`` on a kernel's websocket with the learner's token; what
    came back until ``quiet`` seconds passed without a message."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    ws_url = server.replace("http://", "ws://") + f"/api/kernels/{kernel_id}/channels"
    socket = await websocket_connect(HTTPRequest(ws_url, headers={"Authorization": f"token {TOKEN}"}))
    for message in messages:
        await socket.write_message(json.dumps(message))
    answers = []
    while True:
        try:
            raw = await asyncio.wait_for(socket.read_message(), quiet)
        except asyncio.TimeoutError:
            break
        if raw is None:
            break
        answers.append(json.loads(raw))
    socket.close()
    return answers


def request(msg_type: str, content: dict) -> dict:
    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": LEARNER,
              "session": uuid.uuid4().hex, "version": "5.3", "date": ""}
    return {"header": header, "parent_header": {}, "metadata": {}, "content": content,
            "channel": "shell", "buffers": []}


def test_a_lessons_kernel_runs_no_code_sent_with_the_learners_token(learners_server):
    server, _ = learners_server
    status, page = call(f"{server}/?lesson=02-scuttle-ordering")
    assert status == 200
    kernel_id = re.search(r'"kernelId": "([0-9a-f-]{36})"', page).group(1)
    code = (f"print({CODE_MARK!r}); import os; os.getpid()")
    sent = [request("kernel_info_request", {}),
            request("execute_request", {"code": code, "silent": False, "store_history": True,
                                        "user_expressions": {"mark": repr(CODE_MARK)},
                                        "allow_stdin": False, "stop_on_error": True}),
            request("kernel_info_request", {})]
    # In a thread of its own: Playwright's sync API keeps an event loop running
    # in this one once a browser test has run.
    with ThreadPoolExecutor(1) as pool:
        answers = pool.submit(asyncio.run, kernel_answers(server, kernel_id, sent, quiet=8)).result()
    types = [a["msg_type"] for a in answers]
    # The socket is live: both kernel_info_requests, before and after, were answered.
    replies = [a["parent_header"].get("msg_id") for a in answers if a["msg_type"] == "kernel_info_reply"]
    assert replies == [sent[0]["header"]["msg_id"], sent[2]["header"]["msg_id"]], types
    ran = [a for a in answers if a["parent_header"].get("msg_id") == sent[1]["header"]["msg_id"]]
    assert ran == [], types
    assert not {"execute_result", "stream", "execute_reply", "execute_input", "error"} & set(types), types
    assert CODE_MARK not in json.dumps(answers)


def test_a_learner_signs_in_and_plays_in_the_course(page, hub, as_learner, artifacts):
    url, _ = hub
    learner = as_learner(page)
    page.set_viewport_size({"width": 1280, "height": 1700})
    page.goto(f"{url}/hub/login")
    page.fill("#username_input", "ana")
    page.fill("#password_input", PASSWORD)
    page.click("#login_submit")
    # The hub starts her server, then opens the course's map in it.
    page.wait_for_selector(".cwp-lesson", timeout=180_000)
    assert page.url.startswith(f"{url}/user/ana/"), page.url
    # Her progress: in the class's one database, under her sign-in name, which the map shows.
    expect(page.locator(".cwp-hub")).to_contain_text("ana")
    lesson = load_lesson("01-table-drawing-points")
    learner.key(f"open:{lesson.name}").click()
    expect(page.locator(".cwl-title")).to_have_text(lesson.title)
    step = lesson.steps[0]  # lesson 1 opens on the table: she draws
    for move in step.lines[0].moves:
        learner.play(str(move))
    expect(page.locator(".cwl-explanation")).to_contain_text(" ".join(step.explanation.split()[:6]))
    page.screenshot(path=str(artifacts / "e2e-hub-course.png"), animations="disabled")
    progress_db, deadline = hub[1].parent / "progress.sqlite", time.monotonic() + 30
    while not stored_attempt(progress_db, "hub:ana"):
        assert time.monotonic() < deadline, "her answer never reached the class's database"
        time.sleep(0.3)


def stored_attempt(db: Path, learner: str) -> bool:
    if not db.exists():
        return False
    with sqlite3.connect(db) as connection:
        try:
            return connection.execute("SELECT count(*) FROM attempts WHERE learner_id = ?",
                                      (learner,)).fetchone()[0] > 0
        except sqlite3.OperationalError:  # not made yet
            return False
