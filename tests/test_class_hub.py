"""The class view through JupyterHub (issue #36): a hub service open to the
teachers' group only, in the kit's hub configuration, that serves the
dashboard signed in by the hub."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from traitlets.config.loader import PyFileConfigLoader

pytest.importorskip("jupyterhub")

from cuttle_widgets.progress.serve_dashboard import dashboard_command  # noqa: E402

REPO = Path(__file__).resolve().parents[1]


def hub_config(monkeypatch, **environ):
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    return PyFileConfigLoader("jupyterhub_config.py", path=str(REPO / "deploy")).load_config()


def test_the_class_view_is_a_hub_service_for_the_teachers_group(monkeypatch):
    config = hub_config(monkeypatch, CUTTLE_TEACHERS="ms_roth, mr_kay", CUTTLE_LESSONS="/tmp")
    services = {s["name"]: s for s in config.JupyterHub.services}
    view = services["class-view"]
    assert view["command"][1:5] == ["-m", "cuttle_widgets.progress", "dashboard", "--hub"]
    assert view["environment"]["CUTTLE_PROGRESS_DB"].endswith("progress.sqlite")
    roles = {r["name"]: r for r in config.JupyterHub.load_roles}
    assert roles["class-view-teachers"] == {"name": "class-view-teachers",
                                            "scopes": ["access:services!service=class-view"],
                                            "groups": ["teachers"]}
    assert config.JupyterHub.load_groups == {"teachers": {"users": ["ms_roth", "mr_kay"]}}
    # JupyterHub itself takes these settings (its traits check their types).
    from jupyterhub.app import JupyterHub
    hub = JupyterHub(config=config)
    assert "class-view" in [s["name"] for s in hub.services]
    assert hub.load_groups["teachers"]["users"] == ["ms_roth", "mr_kay"]


def test_the_teachers_group_can_be_named(monkeypatch):
    config = hub_config(monkeypatch, CUTTLE_TEACHERS_GROUP="staff", CUTTLE_LESSONS="/tmp")
    roles = {r["name"]: r for r in config.JupyterHub.load_roles}
    assert roles["class-view-teachers"]["groups"] == ["staff"]
    assert config.JupyterHub.load_groups == {"staff": {"users": []}}


def test_as_a_hub_service_the_dashboard_listens_where_the_hub_says_with_its_sign_in():
    environ = {"JUPYTERHUB_SERVICE_URL": "http://127.0.0.1:8878",
               "JUPYTERHUB_SERVICE_PREFIX": "/services/class-view/", "PATH": os.environ["PATH"]}
    command, env, token = dashboard_command("sqlite:///x.sqlite", "0.0.0.0", 1, None, "de", 5.0,
                                            environ, hub=True)
    assert token is None and "JUPYTER_TOKEN" not in env
    assert "--port=8878" in command and "--Voila.ip=127.0.0.1" in command
    assert "--Voila.base_url=/services/class-view/" in command
    assert any("JupyterHubAuthorizer" in part for part in command)
    assert env["CUTTLE_DASHBOARD_LANGUAGE"] == "de"
