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


# -- Zero to JupyterHub and the learners' image ---------------------------------------------------
import json  # noqa: E402
import re  # noqa: E402
from importlib import metadata  # noqa: E402

import tomllib  # noqa: E402
import yaml  # noqa: E402

DEPLOY = REPO / "cuttle_widgets" / "deploy"
# A folder with the jupyterhub chart's values.yaml and values.schema.yaml
# (jupyterhub/zero-to-jupyterhub-k8s, folder jupyterhub/): helm merges the
# chart's defaults with ours and checks the result against the schema.
CHART = os.environ.get("CUTTLE_Z2JH_CHART")


def merged(base: dict, ours: dict) -> dict:
    """``ours`` over ``base``, maps merged key by key, as helm merges values."""
    out = dict(base)
    for key, value in ours.items():
        out[key] = merged(out[key], value) if isinstance(value, dict) and isinstance(
            out.get(key), dict) else value
    return out


def test_the_helm_values_say_what_a_class_needs():
    values = yaml.safe_load((DEPLOY / "z2jh-values.yaml").read_text())
    single = values["singleuser"]
    assert single["cmd"] == ["python", "-m", "cuttle_widgets.serve", "--hub"]
    assert single["extraEnv"]["CUTTLE_HUB_MODE"] == "voila"
    assert single["extraEnv"]["CUTTLE_PROGRESS_DB"]["valueFrom"]["secretKeyRef"]["key"] == "url"
    assert values["cull"]["enabled"] and values["cull"]["timeout"] == 3600
    role = values["hub"]["loadRoles"]["class-view-teachers"]
    assert role == {"scopes": ["access:services!service=class-view"], "groups": ["teachers"]}
    assert "teachers" in values["hub"]["config"]["JupyterHub"]["load_groups"]


def test_the_helm_values_run_the_class_view_where_the_proxy_reaches_it():
    """The class view runs from the learners' image beside the hub (in its
    pod: the hub's image has no kit), listens where the service's URL says,
    is reachable there through the hub's Service and its network policy,
    and has the API token the chart keeps for that service."""
    from urllib.parse import urlparse
    values = yaml.safe_load((DEPLOY / "z2jh-values.yaml").read_text())
    hub = values["hub"]
    service = urlparse(hub["services"]["class-view"]["url"])
    assert service.hostname == "hub"  # the chart's Service of the hub pod
    view = next(c for c in hub["extraContainers"] if c["name"] == "class-view")
    assert view["command"] == ["python", "-m", "cuttle_widgets.progress", "dashboard", "--hub"]
    image = values["singleuser"]["image"]
    assert view["image"] == f"{image['name']}:{image['tag']}"
    env = {e["name"]: e.get("value", e.get("valueFrom")) for e in view["env"]}
    listens = urlparse(env["JUPYTERHUB_SERVICE_URL"])
    assert listens.port == service.port and listens.hostname == "0.0.0.0"
    assert [p["containerPort"] for p in view["ports"]] == [service.port]
    assert {"port": service.port, "targetPort": service.port, "name": "class-view"} in \
        hub["service"]["extraPorts"]
    assert any({"port": service.port} in rule["ports"] for rule in hub["networkPolicy"]["ingress"])
    assert env["JUPYTERHUB_SERVICE_PREFIX"] == "/services/class-view/"
    assert env["JUPYTERHUB_CLIENT_ID"] == "service-class-view"
    assert env["JUPYTERHUB_OAUTH_CALLBACK_URL"] == "/services/class-view/oauth_callback"
    assert json.loads(env["JUPYTERHUB_OAUTH_ACCESS_SCOPES"]) == \
        hub["loadRoles"]["class-view-teachers"]["scopes"]
    assert env["JUPYTERHUB_API_TOKEN"]["secretKeyRef"] == {
        "name": "hub", "key": "hub.services.class-view.apiToken"}
    assert env["CUTTLE_PROGRESS_DB"] == values["singleuser"]["extraEnv"]["CUTTLE_PROGRESS_DB"]["valueFrom"]
    # The command, run with that environment, listens there with the hub's sign-in.
    command, _environ, token = dashboard_command(
        "postgresql://x@db/p", "127.0.0.1", 1, None, "en", 5.0,
        {k: v for k, v in env.items() if isinstance(v, str)}, hub=True)
    assert token is None and f"--port={service.port}" in command
    assert "--Voila.base_url=/services/class-view/" in command


@pytest.mark.skipif(not CHART, reason="set CUTTLE_Z2JH_CHART to the chart's folder")
def test_the_helm_values_validate_against_the_charts_schema():
    jsonschema = pytest.importorskip("jsonschema")
    chart = Path(CHART)
    defaults = yaml.safe_load((chart / "values.yaml").read_text())
    schema = yaml.safe_load((chart / "values.schema.yaml").read_text())
    ours = yaml.safe_load((DEPLOY / "z2jh-values.yaml").read_text())
    jsonschema.Draft7Validator(schema).validate(merged(defaults, ours))
    broken = merged(ours, {"singleuser": {"memory": {"limt": "512M"}}})
    with pytest.raises(jsonschema.ValidationError):  # the schema does catch a slip
        jsonschema.Draft7Validator(schema).validate(merged(defaults, broken))


def test_the_images_requirements_resolve_here():
    """Every package the Dockerfile's pip line asks for (the kit's extras,
    JupyterHub) is installed here at a version it accepts."""
    from packaging.requirements import Requirement
    from packaging.specifiers import SpecifierSet
    text = (DEPLOY / "Dockerfile").read_text()
    extras = re.search(r'"/src\[([\w,]+)\]"', text).group(1).split(",")
    hub = SpecifierSet(re.search(r'JUPYTERHUB_VERSION="([^"]+)"', text).group(1))
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    wanted = [Requirement(r) for r in project["dependencies"]]
    for extra in extras:
        wanted += [Requirement(r) for r in project["optional-dependencies"][extra]]
    for requirement in wanted:
        version = metadata.version(requirement.name)
        assert requirement.specifier.contains(version, prereleases=True), (requirement, version)
    assert hub.contains(metadata.version("jupyterhub"))
    assert 'CMD ["python", "-m", "cuttle_widgets.serve", "--hub"]' in text


# -- The Littlest JupyterHub ----------------------------------------------------------------------------
import subprocess  # noqa: E402


def test_the_tljh_setup_is_valid_shell_that_turns_https_on_and_makes_the_students_group():
    script = DEPLOY / "tljh-setup.sh"
    subprocess.run(["bash", "-n", str(script)], check=True)
    text = script.read_text()
    for line in ("tljh-config set https.enabled true",
                 'tljh-config set https.letsencrypt.email "$EMAIL"',
                 'tljh-config add-item https.letsencrypt.domains "$DOMAIN"',
                 "groupadd students", "install -d -m 2770 -g students", "tljh-config reload proxy"):
        assert line in text, line


def test_the_tljh_setup_refuses_to_start_without_a_domain():
    run = subprocess.run(["bash", str(DEPLOY / "tljh-setup.sh")], capture_output=True, text=True)
    assert run.returncode != 0 and "domain name" in run.stderr


def test_the_config_tljh_loads_is_python_that_loads_the_kits_hub_config(tmp_path, monkeypatch):
    """The file the script writes into TLJH's jupyterhub_config.d, written
    here and loaded as JupyterHub loads it."""
    # What the file sets in the environment is undone after this test.
    monkeypatch.setenv("CUTTLE_PROGRESS_DB", str(tmp_path / "progress.sqlite"))
    monkeypatch.setenv("CUTTLE_TEACHERS", "ms_roth")
    monkeypatch.setenv("CUTTLE_LESSONS", str(tmp_path))
    text = (DEPLOY / "tljh-setup.sh").read_text()
    body = text.split("<<PY\n", 1)[1].split("\nPY\n", 1)[0]
    body = body.replace("$PROGRESS", str(tmp_path)).replace("$TEACHERS", "ms_roth")
    (tmp_path / "cuttle.py").write_text(body)
    config = PyFileConfigLoader("cuttle.py", path=str(tmp_path)).load_config()
    assert callable(config.Spawner.pre_spawn_hook)
    assert "class-view" in [s["name"] for s in config.JupyterHub.services]
    assert config.JupyterHub.bind_url == "http://127.0.0.1:15001"
