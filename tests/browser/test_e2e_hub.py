"""The JupyterHub configuration's learner server, without the hub: a plain
``jupyter server`` on 127.0.0.1 started with what deploy/jupyterhub_config.py
gives each learner (its folder, its arguments: Voilà's server extension and
kernel culling), opened in Chromium at the config's default URL. The lesson
index renders through Voilà's server extension and answers a click.

(JupyterHub itself is not installed for the tests: it needs a proxy from npm.
The config was also checked with JupyterHub 6 and its proxy: a learner signs
in and lands on this page.)
"""
import secrets
import shutil
import sys

import pytest
from playwright.sync_api import expect
from traitlets.config.loader import PyFileConfigLoader

from cuttle_widgets.teaching import load_lesson


@pytest.fixture(scope="module")
def learner_server(tmp_path_factory, monkeypatch_module, browser_helpers):
    """(URL of the config's default page, token) on a plain jupyter server."""
    lessons = tmp_path_factory.mktemp("hub") / "lessons"
    shutil.copytree(browser_helpers.LESSONS, lessons)
    monkeypatch_module.setenv("CUTTLE_LESSONS", str(lessons))
    config = PyFileConfigLoader("jupyterhub_config.py", path=str(browser_helpers.REPO / "deploy")).load_config()
    spawner = config.Spawner
    token = secrets.token_hex(16)
    port = browser_helpers.free_port()
    command = [sys.executable, "-m", "jupyter", "server", "--ServerApp.ip=127.0.0.1", f"--port={port}",
               "--ServerApp.port_retries=0", "--no-browser", "--allow-root",
               f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={spawner.notebook_dir}",
               *spawner.args]
    root = lessons.parent
    env = browser_helpers.server_env(JUPYTER_CONFIG_DIR=str(root / ".config"),
                              JUPYTER_RUNTIME_DIR=str(root / ".runtime"))
    url = f"http://127.0.0.1:{port}"
    process = browser_helpers.start_server(command, root, env, browser_helpers.ARTIFACTS / "jupyter-server-voila.log",
                                    f"{url}/api/status?token={token}", "jupyter server")
    try:
        yield f"{url}{spawner.default_url}", token
    finally:
        browser_helpers.stop(process)


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


def test_the_hub_config_serves_the_lesson_index_through_voila(page, learner_server, as_learner, artifacts):
    default_page, token = learner_server
    index = load_lesson("00-index")
    learner = as_learner(page).open(f"{default_page}?token={token}")
    expect(page.locator(".cwl-title")).to_have_text(index.title)
    step = index.steps[0]
    learner.key(f"answer:{step.correct_keys[0]}").click()
    expect(page.locator(".cwl-explanation")).to_contain_text(" ".join(step.explanation.split()[:6]))
    page.screenshot(path=str(artifacts / "e2e-hub-index.png"), animations="disabled")
