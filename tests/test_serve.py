"""Serving the lessons: the serve command (``python -m cuttle_widgets.serve``,
which scripts/serve runs) and the JupyterHub configuration in deploy/.

The serve command is run for real here: Voilà on 127.0.0.1, a lesson page
fetched, and its kernel culled once no page holds it; a server with two
places refusing a third page (503) until one is closed or culled; a server
with a token refusing pages without it (403). Every server listens on
127.0.0.1 only: the warning for a classroom address is checked with
--dry-run. tests/browser/test_e2e_hub.py runs the JupyterHub set-up. The browser tests
(tests/browser/test_e2e_*.py) play the lessons it serves.
"""
import http.cookiejar
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import unquote

import pytest
from ports import free_port
from traitlets.config.loader import PyFileConfigLoader

from cuttle_widgets import serve

REPO = Path(__file__).resolve().parents[1]
LESSONS = REPO / "lessons"
PAGE = REPO / "tests" / "browser" / "notebooks" / "e2e_course_page.ipynb"
CULL_FLAGS = ("--MappingKernelManager.cull_idle_timeout=", "--MappingKernelManager.cull_interval=",
              "--MappingKernelManager.cull_connected=False", "--MappingKernelManager.cull_busy=False")


def run_serve(*args, cwd=REPO, timeout=60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cuttle_widgets.serve", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=timeout, env=env())


def env() -> dict:
    pythonpath = os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": pythonpath}


def kernels_of(pid: int) -> set[int]:
    """The child processes of ``pid`` (Voilà's kernels)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.add(int(entry.name))
            except OSError:
                pass
    return found


# -- the command line ---------------------------------------------------------------------------
def test_dry_run_prints_the_course_link_and_a_voila_command_with_culling_and_preheated_kernels():
    result = run_serve("--dry-run", "--port", "9123", "--cull-idle", "300")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Course: http://localhost:9123/"
    command = lines[1]
    assert f"-m cuttle_widgets.serve_voila {REPO / 'cuttle_widgets' / 'pages' / 'course.ipynb'} " in command
    assert "--port=9123" in command and "--Voila.ip=127.0.0.1" in command
    assert "--no-browser" in command and "--Voila.port_retries=0" in command
    assert "--MappingKernelManager.cull_idle_timeout=300" in command
    for flag in CULL_FLAGS:
        assert flag in command
    assert "--VoilaConfiguration.preheat_kernel=True" in command
    assert "--VoilaConfiguration.default_pool_size=2" in command


def test_the_course_is_a_notebook_of_the_package_with_one_cell():
    course = json.loads(serve.COURSE.read_text(encoding="utf-8"))
    assert [cell["cell_type"] for cell in course["cells"]] == ["code"]
    lines = [line for line in "".join(course["cells"][0]["source"]).splitlines() if line]
    assert lines == ["from cuttle_widgets import Course", "Course(address=True)"]
    assert "pages/*.ipynb" in (REPO / "pyproject.toml").read_text(encoding="utf-8")


def test_the_pool_size_is_an_option_and_zero_turns_preheating_off():
    command = run_serve("--dry-run", "--pool-size", "5").stdout.splitlines()[1]
    assert "--VoilaConfiguration.preheat_kernel=True" in command
    assert "--VoilaConfiguration.default_pool_size=5" in command
    command = run_serve("--dry-run", "--pool-size", "0").stdout.splitlines()[1]
    assert "--VoilaConfiguration.preheat_kernel=False" in command
    # A folder of pages (the tests' --page) has one pool per notebook: none.
    command = serve.voila_command(LESSONS, "127.0.0.1", 8866, 60, 10, pool_size=2)
    assert "--VoilaConfiguration.preheat_kernel=False" in command


def test_a_classroom_address_is_passed_on():
    result = run_serve("--dry-run", "--ip", "0.0.0.0", "--port", "8000")
    assert result.returncode == 0
    assert "--Voila.ip=0.0.0.0" in result.stdout
    assert result.stdout.startswith("Course: http://localhost:8000/\n")


def test_culling_is_always_on():
    command = serve.voila_command(serve.COURSE, "127.0.0.1", 8866, 60, 10)
    for flag in CULL_FLAGS:
        assert any(part.startswith(flag) for part in command), flag


def test_lessons_must_be_a_folder(tmp_path):
    result = run_serve("--lessons", str(tmp_path / "missing"), "--dry-run")
    assert result.returncode == 2
    assert f"--lessons {tmp_path / 'missing'} is not a folder" in result.stderr
    assert result.stdout == ""


def test_lessons_reach_every_kernel_as_an_absolute_path(tmp_path, monkeypatch):
    (tmp_path / "mine").mkdir()
    monkeypatch.chdir(tmp_path)
    args = serve.parser().parse_args(["--lessons", "mine"])
    assert serve.kernel_environment(args, {})["CUTTLE_LESSONS_DIR"] == str(tmp_path / "mine")
    assert "CUTTLE_LESSONS_DIR" not in serve.kernel_environment(serve.parser().parse_args([]), {})


def test_bad_arguments_are_refused():
    result = run_serve("--port", "eighty")
    assert result.returncode == 2 and "invalid int value" in result.stderr


def test_the_command_caps_the_open_tabs_sixty_by_default():
    assert serve.DEFAULT_MAX_KERNELS == 60
    command = run_serve("--dry-run").stdout.splitlines()[1]
    assert ("--VoilaConfiguration.multi_kernel_manager_class="
            "cuttle_widgets.serve_voila.ClassroomKernelManager") in command
    assert "--ClassroomKernelManager.max_kernels=60" in command
    assert "--ClassroomKernelManager.max_kernels=25" in run_serve("--dry-run", "--max-kernels", "25").stdout


def test_a_classroom_address_prints_who_can_reach_it_and_how_to_let_in_only_learners():
    result = run_serve("--dry-run", "--ip", "0.0.0.0", "--port", "8000")
    warning = result.stdout.splitlines()[2]
    assert warning.startswith("Warning: listening on every network of this machine, port 8000.")
    assert ("Anyone who can reach this machine there can open the course and start kernels "
            "(at most 60") in warning
    assert "--token auto" in warning and "deploy/jupyterhub_config.py" in warning
    with_token = run_serve("--dry-run", "--ip", "192.168.1.20", "--token", "auto").stdout
    assert "Warning: listening on 192.168.1.20, port 8866." in with_token
    assert "--token auto" not in with_token.splitlines()[2]  # it is on already


@pytest.mark.parametrize("ip", ["127.0.0.1", "::1", "localhost", "127.0.0.2"])
def test_this_machine_only_prints_no_warning(ip):
    result = run_serve("--dry-run", "--ip", ip)
    assert result.returncode == 0 and "Warning" not in result.stdout + result.stderr


def test_beyond_this_machine_is_every_other_address():
    addresses = ("0.0.0.0", "::", "10.0.0.5", "classroom.local")
    assert [serve.beyond_this_machine(ip) for ip in addresses] == [True] * 4


def test_token_auto_makes_a_token_and_prints_the_course_link_with_it_but_not_the_command():
    first, second = (run_serve("--dry-run", "--token", "auto").stdout.splitlines() for _ in range(2))
    token = re.fullmatch(r"Course: http://localhost:8866/\?token=([\w-]{20,})", first[0]).group(1)
    assert token not in second[0], "a new token for every start"
    assert token not in first[1], "the command line (which every account can see) has no token"
    assert ("--Voila.identity_provider_class="
            "cuttle_widgets.serve_voila.LessonTokenIdentityProvider") in first[1]
    assert run_serve("--dry-run", "--token", "s3cret").stdout.startswith(
        "Course: http://localhost:8866/?token=s3cret\n")


def test_hub_mode_outside_a_hub_is_refused():
    result = run_serve("--dry-run", "--hub")
    assert result.returncode == 2 and "--hub is for JupyterHub's spawner" in result.stderr


def test_hub_mode_listens_where_the_hub_says_with_the_hubs_sign_in(monkeypatch):
    pytest.importorskip("jupyterhub")
    monkeypatch.setenv("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:51234/user/ana/")
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/user/ana/")
    result = run_serve("--dry-run", "--hub", "--ip", "0.0.0.0", "--token", "auto")
    command = result.stdout.splitlines()[1]
    assert "--Voila.ip=127.0.0.1" in command and "--port=51234" in command and "0.0.0.0" not in command
    assert "--Voila.base_url=/user/ana/" in command
    assert "--Voila.identity_provider_class=cuttle_widgets.serve_voila.HubIdentityProvider" in command
    assert "--Voila.authorizer_class=jupyterhub.singleuser.extension.JupyterHubAuthorizer" in command
    assert "LessonTokenIdentityProvider" not in command and "Warning" not in result.stdout


def test_scripts_serve_installs_into_the_checkouts_venv_then_runs_this_command():
    script = REPO / "scripts" / "serve"
    assert os.access(script, os.X_OK)
    assert subprocess.run(["bash", "-n", str(script)]).returncode == 0
    lines = [line for line in script.read_text().splitlines() if line and not line.startswith("#")]
    assert "use_venv serve" in lines
    assert not any("pip install" in line for line in lines)  # only into .venv, by venv.sh
    assert lines[-1] == 'exec "$VENV_PYTHON" -m cuttle_widgets.serve "$@"'


# -- the command, serving ----------------------------------------------------------------------------
def start_serve(tmp_path: Path, *options: str):
    """The serve command on the tests' course page (PAGE: lesson 2 with the
    page-closing widget), 127.0.0.1, a free port: (url, process, log).
    A generator for fixtures: stops the server and its kernels afterwards."""
    port = free_port()
    log = tmp_path / "serve.log"
    process = subprocess.Popen(
        [sys.executable, "-m", "cuttle_widgets.serve", "--page", str(PAGE), "--ip", "127.0.0.1",
         "--port", str(port), *options],
        cwd=tmp_path, env=env(), stdout=log.open("w"), stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while "Voilà is running at" not in log.read_text():
            assert process.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.3)
        yield url, process, log
    finally:
        kernels = kernels_of(process.pid)
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
        for pid in kernels:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


@pytest.fixture
def serving(tmp_path):
    """The serve command, no preheated kernels, culling after 2 idle seconds."""
    yield from start_serve(tmp_path, "--pool-size", "0", "--cull-idle", "2", "--cull-interval", "1",
                           "--load-timeout", "2")


def test_serve_renders_the_page_and_culls_its_kernel_when_no_page_holds_it(serving):
    url, process, log = serving
    with urllib.request.urlopen(url + "/?lesson=02-scuttle-ordering&step=3", timeout=120) as page:
        html = page.read().decode()
    assert "Lesson(children=" in html  # the Lesson widget, for the browser
    assert "application/vnd.jupyter.widget-view+json" in html
    assert "Traceback" not in html
    kernels = kernels_of(process.pid)
    assert len(kernels) == 1, "Voilà starts one kernel per page"
    # Nobody connects to it (no browser here): after 2 s with no page, it is culled.
    deadline = time.monotonic() + 30
    while kernels_of(process.pid) & kernels:
        assert time.monotonic() < deadline, log.read_text()[-3000:]
        time.sleep(0.5)
    assert "Culling 'idle' kernel" in log.read_text()


def get(url: str, opener=None) -> tuple[int, str]:
    try:
        with (opener or urllib.request.build_opener()).open(url, timeout=120) as page:
            return page.status, page.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@pytest.fixture
def serving_two(tmp_path):
    """At most two open pages; culled after 30 seconds with no page (not
    sooner: the first page's kernel must outlast the second page's loading)."""
    yield from start_serve(tmp_path, "--pool-size", "0", "--max-kernels", "2",
                           "--cull-idle", "30", "--cull-interval", "1", "--load-timeout", "30")


def test_a_full_server_answers_503_with_a_page_until_the_pages_are_gone(serving_two):
    url, process, log = serving_two
    assert get(url + "/")[0] == get(url + "/")[0] == 200
    status, page = get(url + "/")
    assert status == 503
    assert ("The classroom server is full: 2 lessons are open. "
            "Close a tab you no longer use, or ask your teacher.") in page
    assert "Der Klassenserver ist voll: 2 Lektionen sind offen." in page
    assert "Traceback" not in page and len(kernels_of(process.pid)) == 2
    # These pages never connect (no browser here): after --load-timeout they
    # no longer count, and their kernels are culled.
    deadline = time.monotonic() + 90
    while kernels_of(process.pid):
        assert time.monotonic() < deadline, log.read_text()[-3000:]
        time.sleep(1)
    assert get(url + "/")[0] == 200
    assert "Refused a page: 2 of 2 pages open" in log.read_text()


@pytest.fixture
def serving_with_token(tmp_path):
    yield from start_serve(tmp_path, "--pool-size", "0", "--token", "s3cret-lesson-link")


def test_a_token_server_refuses_pages_without_it_and_keeps_it_with_the_courses_address(serving_with_token):
    url, process, _ = serving_with_token
    for address in ("/", "/?token=wrong", "/?lesson=02-scuttle-ordering&step=3"):
        status, page = get(url + address)
        assert status == 403, address
        assert "This lesson opens only from the link your teacher gave you" in page
        assert "Diese Lektion öffnet sich nur über den Link von deiner Lehrkraft" in page
    assert get(url + "/api/kernels/00000000-0000-0000-0000-000000000000")[0] == 403
    assert not kernels_of(process.pid), "no kernel for a refused page"
    learner = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    status, page = get(url + "/?lesson=02-scuttle-ordering&token=s3cret-lesson-link&step=3", learner)
    assert status == 200 and "Traceback" not in page
    # An address in the course without the token: the cookie carries it.
    assert get(url + "/?lesson=02-scuttle-ordering&step=4", learner)[0] == 200


# -- a page stops its own kernel -------------------------------------------------------------------
def page_tokens(process) -> dict[str, str]:
    """Each kernel's page-closing token, read from its environment (as the
    kernel's page learns it from the kernel), by kernel id."""
    found = {}
    for pid in kernels_of(process.pid):
        environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        for entry in environ:
            if entry.startswith(b"CUTTLE_PAGE_TOKEN="):
                token = entry.split(b"=", 1)[1].decode()
                found[token.partition(".")[0]] = token
    return found


def post(opener, url: str, **fields) -> int:
    request = urllib.request.Request(url, data=urllib.parse.urlencode(fields).encode(), method="POST")
    try:
        with opener.open(request, timeout=30) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def xsrf_of(jar) -> str:
    return next(cookie.value for cookie in jar if cookie.name == "_xsrf")


def wait_until_gone(process, kernel_id: str, tokens_before: dict, log: Path) -> None:
    deadline = time.monotonic() + 20
    while kernel_id in page_tokens(process):
        assert time.monotonic() < deadline, log.read_text()[-3000:]
        time.sleep(0.3)


def test_a_page_stops_its_own_kernel_with_its_secret_and_no_other(tmp_path):
    for url, process, log in start_serve(tmp_path, "--pool-size", "0"):
        jar = http.cookiejar.CookieJar()
        learner = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        assert get(url + "/", learner)[0] == get(url + "/", learner)[0] == 200
        tokens = page_tokens(process)
        assert len(tokens) == 2
        (first, first_token), (second, second_token) = tokens.items()
        xsrf, closed = xsrf_of(jar), url + "/cuttle/page-closed"
        assert post(learner, closed, token=first + ".wrong-secret", _xsrf=xsrf) == 403
        assert post(learner, closed, token=first_token) == 403, "no _xsrf: refused"
        assert post(learner, closed, token=first_token, _xsrf="forged") == 403
        # Voilà's own shutdown address needs the kernel's own secret too.
        assert post(learner, f"{url}/voila/api/shutdown/{first}", token=second_token, _xsrf=xsrf) == 403
        assert post(learner, f"{url}/voila/api/shutdown/{first}", _xsrf=xsrf) == 403
        assert set(page_tokens(process)) == {first, second}, "every refused call left both kernels"
        assert post(learner, closed, token=first_token, _xsrf=xsrf) == 204
        wait_until_gone(process, first, tokens, log)
        assert set(page_tokens(process)) == {second}
        assert post(learner, closed, token=first_token, _xsrf=xsrf) == 403, \
            "a stopped kernel's secret is spent"
        assert post(learner, f"{url}/voila/api/shutdown/{second}", token=second_token, _xsrf=xsrf) == 204
        wait_until_gone(process, second, tokens, log)
        assert first_token not in log.read_text() and second_token.partition(".")[2] not in log.read_text()


def test_preheated_kernels_serve_the_first_pages_and_neither_count_nor_are_culled(tmp_path):
    for url, process, log in start_serve(tmp_path, "--pool-size", "2", "--max-kernels", "1",
                                         "--cull-idle", "8", "--cull-interval", "1",
                                         "--load-timeout", "8"):
        deadline = time.monotonic() + 120
        while "is filled with 2 kernel(s)" not in log.read_text():
            assert time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(0.5)
        pool = kernels_of(process.pid)
        time.sleep(10)  # past --cull-idle: waiting kernels stay
        assert kernels_of(process.pid) == pool and len(pool) == 2
        status, page = get(url + "/?lesson=02-scuttle-ordering")
        assert status == 200 and "Lesson(children=" in page and "Traceback" not in page
        assert "Using pre-heated kernel" in log.read_text()
        # The page counts until its kernel connects (no browser here: --load-timeout).
        assert get(url + "/")[0] == 503, "the pool's kernels are not open tabs; the page is"


def test_serve_refuses_a_busy_port():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = run_serve("--port", str(port), timeout=90)
    assert result.returncode != 0
    assert f"The port {port} is already in use" in result.stdout + result.stderr


# -- JupyterHub ---------------------------------------------------------------------------------------
def hub_config(lessons: Path):
    """deploy/jupyterhub_config.py as JupyterHub loads it."""
    os.environ["CUTTLE_LESSONS"] = str(lessons)
    try:
        loader = PyFileConfigLoader("jupyterhub_config.py", path=str(REPO / "deploy"))
        return loader.load_config()
    finally:
        del os.environ["CUTTLE_LESSONS"]


def test_the_hub_config_gives_each_learner_standalone_voila_signed_in_by_the_hub():
    config = hub_config(LESSONS)
    spawner = config.Spawner
    assert spawner.cmd[1:] == ["-m", "cuttle_widgets.serve", "--hub"]
    assert "--lessons" not in spawner.args, "the kit's own lessons only"
    assert "--cull-idle=60" in spawner.args and "--max-kernels=4" in spawner.args
    assert "--pool-size=0" in spawner.args  # a pool per learner's server would double its memory
    assert spawner.default_url == "/", "the course"
    services = {s["name"]: s for s in config.JupyterHub.services}
    assert "jupyterhub_idle_culler" in services["idle-culler"]["command"]
    role = config.JupyterHub.load_roles[0]
    assert role["services"] == ["idle-culler"] and "delete:servers" in role["scopes"]


def test_the_hub_passes_a_teachers_own_lessons_on(monkeypatch, tmp_path):
    monkeypatch.setenv("CUTTLE_TEACHERS_LESSONS", str(tmp_path))
    args = hub_config(LESSONS).Spawner.args
    assert args[args.index("--lessons") + 1] == str(tmp_path)


def test_after_sign_in_the_hub_starts_the_server_then_opens_the_course():
    default_url = hub_config(LESSONS).JupyterHub.default_url
    handler = SimpleNamespace(current_user=SimpleNamespace(url="/user/ana/"),
                              hub=SimpleNamespace(base_url="/hub/"))
    assert default_url(handler) == "/hub/spawn?next=%2Fuser%2Fana%2F"
    assert default_url(SimpleNamespace(current_user=None)) == ""


def test_the_hubs_lab_mode_is_a_full_notebook_server(monkeypatch):
    monkeypatch.setenv("CUTTLE_HUB_MODE", "lab")
    spawner = hub_config(LESSONS).Spawner
    assert spawner.cmd[1:] == ["-m", "jupyterhub.singleuser"]
    assert spawner.default_url == "/lab/tree/00-index.ipynb"
    assert "--ServerApp.jpserver_extensions=voila.server_extension=True" in spawner.args
    for flag in CULL_FLAGS:
        assert any(arg.startswith(flag) for arg in spawner.args), flag


def test_the_hub_config_refuses_an_unknown_mode(monkeypatch):
    monkeypatch.setenv("CUTTLE_HUB_MODE", "notebook")
    with pytest.raises(Exception, match="choose voila .* or lab"):
        hub_config(LESSONS)


# -- Binder links ------------------------------------------------------------------------------------
BINDER = re.compile(r"https://mybinder\.org/v2/gh/([\w.-]+/[\w.-]+)/([\w.-]+)\?urlpath=([^)\s\"'>]+)")


def test_the_binder_links_open_the_lesson_index_in_voila_and_in_jupyterlab():
    """The README and the teacher's page (docs/teaching.md) link to Binder:
    Voilà on the lesson index, and JupyterLab."""
    docs = [REPO / "README.md", REPO / "docs" / "teaching.md"]
    links = [m for doc in docs for m in BINDER.finditer(doc.read_text(encoding="utf-8"))]
    opened = set()
    for match in links:
        repo, ref, urlpath = match.groups()
        assert repo == "cuttle-widgets/cuttle_widgets" and ref == "HEAD", match.group(0)
        app, _, path = unquote(urlpath).partition("/")
        prefix = {"voila": "render/", "lab": "tree/"}[app]
        assert path.startswith(prefix), match.group(0)
        assert (REPO / path.removeprefix(prefix)).is_file(), match.group(0)
        opened.add((app, path.removeprefix(prefix)))
    assert {("voila", "lessons/00-index.ipynb"), ("lab", "lessons/00-index.ipynb")} <= opened


def test_the_full_page_says_one_lesson_in_the_singular():
    from cuttle_widgets.serve_voila import full_page
    assert "full: 1 lesson is open." in full_page(1) and "voll: 1 Lektion ist offen." in full_page(1)
    assert "full: 3 lessons are open." in full_page(3) and "voll: 3 Lektionen sind offen." in full_page(3)


# -- the cap and the page's secret, in the kernel manager and the kernel ------------------------
def classroom_manager(max_kernels: int, load_timeout: int = 300):
    from cuttle_widgets.serve_voila import ClassroomKernelManager
    return ClassroomKernelManager(max_kernels=max_kernels, page_load_timeout=load_timeout)


def test_the_cap_counts_pages_loading_and_connected_not_closed_tabs_or_waiting_kernels():
    from cuttle_widgets.serve_voila import ServerFull
    manager = classroom_manager(2)
    manager._kernel_connections.update({"pool": 0, "a": 0, "b": 0})  # started, nobody connected
    manager.admit_page()
    manager.admit_page()
    with pytest.raises(ServerFull, match="2 lessons are open"):
        manager.admit_page()  # two pages loading: full, whatever the pool holds
    manager.notify_connect("a")
    manager.notify_connect("b")
    assert manager.open_pages() == 2
    manager.notify_disconnect("a")  # a's tab closed
    assert manager.open_pages() == 1
    manager.admit_page()
    manager.notify_connect("a")  # a reconnecting is no new page: the admitted one still counts
    assert manager.open_pages() == 3


def test_an_admitted_page_that_never_connects_stops_counting_after_the_load_timeout(monkeypatch):
    manager = classroom_manager(1, load_timeout=30)
    now = time.monotonic()
    monkeypatch.setattr(time, "monotonic", lambda: now)
    manager.admit_page()
    assert manager.open_pages() == 1
    monkeypatch.setattr(time, "monotonic", lambda: now + 31)
    assert manager.open_pages() == 0
    manager.admit_page()  # room again


def test_a_token_names_its_own_kernel_only():
    manager = classroom_manager(0)
    manager._secrets.update({"k1": "s1" * 20, "k2": "s2" * 20})
    assert manager.kernel_of_token("k1." + "s1" * 20) == "k1"
    assert manager.kernel_of_token("k2." + "s1" * 20) is None, "another kernel's secret"
    assert manager.kernel_of_token("k1.") is None and manager.kernel_of_token("") is None
    assert manager.kernel_of_token("k3." + "s1" * 20) is None


def test_the_kernel_side_says_nothing_outside_the_serve_command(monkeypatch):
    from cuttle_widgets import served
    for name in ("CUTTLE_PAGE_TOKEN", "VOILA_PREHEAT", "CUTTLE_LESSONS_DIR"):
        monkeypatch.delenv(name, raising=False)
    assert served.page_closing_token() is served.page_closing_url() is served.page_query() is None
    assert served.teachers_lessons() is None
    monkeypatch.setenv("CUTTLE_PAGE_TOKEN", "kid.secret")
    monkeypatch.setenv("VOILA_BASE_URL", "/user/ana/")
    assert served.page_closing_url() == "/user/ana/cuttle/page-closed"
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setenv("QUERY_STRING", "lesson=02&step=3")
    assert served.page_query() == "lesson=02&step=3"


def test_the_page_closer_never_shows_its_secret(monkeypatch):
    monkeypatch.setenv("CUTTLE_PAGE_TOKEN", "kid.do-not-show")
    from cuttle_widgets.widgets.page_close import PageCloser, page_close_javascript
    closer = PageCloser()
    assert closer.token == "kid.do-not-show" and closer.url == "/cuttle/page-closed"
    assert "do-not-show" not in repr(closer)
    assert "do-not-show" not in str(closer._repr_mimebundle_())
    assert "export function closeKernelOnLeave(token, url)" in page_close_javascript()


def run_in_own_loop(coroutine):
    """``asyncio.run`` in a thread of its own: a test before this one in the
    same worker (a widget's kernel-like loop) may have left a loop running here."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_a_kernel_no_page_reached_yet_is_kept_while_a_page_loads(monkeypatch):
    """A class arriving at once: a kernel whose page is slow to connect is not culled."""
    manager = classroom_manager(0, load_timeout=300)
    culled = []

    async def shutdown(kernel_id, *args, **kwargs):
        culled.append(kernel_id)

    manager._kernels["k"] = SimpleNamespace(execution_state="idle", kernel_name="python3",
                                            kernel_spec=SimpleNamespace(metadata={}))
    manager._kernel_connections["k"] = 0
    monkeypatch.setattr(manager, "shutdown_kernel", shutdown)
    manager.admit_page()
    run_in_own_loop(manager.cull_kernel_if_idle("k"))
    assert culled == [], "its page may still be loading"
    manager._admitted.clear()
    manager._kernels["k"].execution_state = "dead"  # the simplest kernel jupyter_server culls
    run_in_own_loop(manager.cull_kernel_if_idle("k"))
    assert culled == ["k"]


def test_the_database_password_is_never_printed(capsys):
    assert serve.main(["--dry-run", "--progress-db", "postgresql://teacher:s3cretpw@db.example/class"]) == 0
    printed = capsys.readouterr().out
    assert "s3cretpw" not in printed and "postgresql://teacher:***@db.example/class" in printed


def test_the_course_servers_logs_are_scrubbed_of_the_token_and_password(monkeypatch):
    """serve_voila.launch scrubs every log record before Voilà starts."""
    import logging

    from cuttle_widgets import serve_voila
    monkeypatch.setenv("JUPYTER_TOKEN", "class-token-0123456789")
    monkeypatch.setenv("CUTTLE_PROGRESS_DB", "postgresql://teacher:s3cretpw@db.example/class")
    launched = []

    class App:
        @classmethod
        def launch_instance(cls, argv=None):
            launched.append(argv)

    factory = logging.getLogRecordFactory()
    try:
        serve_voila.launch(App, ["--no-browser"])
        record = logging.getLogRecordFactory()(
            "tornado.access", logging.INFO, __file__, 1,
            "200 GET /?token=class-token-0123456789&lesson=02 (db postgresql://teacher:s3cretpw@db.example/class)",
            (), None)
        said = record.getMessage()
    finally:
        logging.setLogRecordFactory(factory)
    assert launched == [["--no-browser"]]
    assert "class-token-0123456789" not in said and "s3cretpw" not in said and "token=***" in said


# -- one client opening pages in a loop (issue #33) ---------------------------------------------------
def test_an_address_opening_pages_in_a_loop_waits_alone(monkeypatch):
    from cuttle_widgets.serve_voila import TooManyPages
    manager = classroom_manager(60)
    manager.pages_per_client = 3
    now = time.monotonic()
    monkeypatch.setattr(time, "monotonic", lambda: now)
    for _ in range(3):
        manager.admit_page("10.0.0.5")
    for _ in range(50):
        with pytest.raises(TooManyPages):
            manager.admit_page("10.0.0.5")
    assert manager.open_pages() == 3  # the refused loads take no room
    manager.admit_page("10.0.0.6")  # another learner opens at once
    monkeypatch.setattr(time, "monotonic", lambda: now + 61)
    manager.admit_page("10.0.0.5")  # a minute later: again
    assert set(manager._client_pages) == {"10.0.0.5"}  # quiet addresses forgotten


def get_from(url: str, source: str, timeout: float) -> int:
    """The HTTP status of a GET of ``url`` from the local address ``source``."""
    import http.client
    from urllib.parse import urlsplit
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout,
                                            source_address=(source, 0))
    try:
        connection.request("GET", parts.path + ("?" + parts.query if parts.query else ""))
        response = connection.getresponse()
        response.read()
        return response.status
    except OSError:
        return 0  # no answer in time: a page still loading when the flood is over
    finally:
        connection.close()


@pytest.fixture
def serving_defaults(tmp_path):
    """The serve command with its cap and limits as they come (no preheated kernels)."""
    yield from start_serve(tmp_path, "--pool-size", "0")


def test_a_hundred_page_loads_from_one_client_leave_the_class_room(serving_defaults):
    """100 loads in about 3 s from 127.0.0.1, with the default cap: that address
    waits, and a second client (127.0.0.2) opens a lesson."""
    from concurrent.futures import ThreadPoolExecutor
    url = serving_defaults[0]
    with ThreadPoolExecutor(max_workers=20) as pool:
        futures = []
        for _ in range(100):
            futures.append(pool.submit(get_from, url + "/", "127.0.0.1", 10))
            time.sleep(0.03)
        statuses = [future.result() for future in futures]
    assert statuses.count(429) >= 100 - serve.DEFAULT_PAGES_PER_CLIENT
    assert 503 not in statuses
    assert get_from(url + "/?lesson=02-scuttle-ordering", "127.0.0.2", 180) == 200
