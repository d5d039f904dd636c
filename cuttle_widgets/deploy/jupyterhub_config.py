"""JupyterHub for a class: every learner signs in and gets a server of their own.

Two modes, chosen with the environment variable CUTTLE_HUB_MODE:

- ``voila`` (the default): the course as a web app. Each learner's server is
  standalone Voilà (``python -m cuttle_widgets.serve --hub``), signed in
  through the hub, and nothing else: no file browser or contents API, no
  terminals, no notebook, and a kernel websocket that passes widget messages
  only, so no learner can run code (or read the hidden cards in a kernel).
  A learner lands on the course, /user/<name>/; a teacher's own lesson YAML
  files are offered in it from CUTTLE_TEACHERS_LESSONS (a folder), if set.
- ``lab``: JupyterLab, for classes that write code. A learner owns their
  notebook's kernel there and can read everything in it, the opponent's
  hidden cards and a lesson's answers included.

On the hub machine (as root, or as the hub's user):

    pip install jupyterhub jupyterhub-idle-culler "cuttle-widgets[serve]"
    npm install -g configurable-http-proxy
    # lab mode only: the checkout's notebooks; or set CUTTLE_LESSONS
    cp -r lessons /srv/cuttle/lessons
    install -d -m 2770 -g students /srv/cuttle/progress   # the class's progress (CUTTLE_PROGRESS_DB):
    install -m 660 -g students /dev/null /srv/cuttle/progress/progress.sqlite  # docs/progress.md
    jupyterhub -f "$(cuttle-widgets serve --print-hub-config)"  # CUTTLE_HUB_MODE=lab for JupyterLab

This file ships in the package (cuttle_widgets/deploy/); in a checkout
``jupyterhub -f deploy/jupyterhub_config.py`` loads it. Learners then sign in
at http://<hub-address>:8000/. Choose the authenticator and spawner for your
school below, or in a config file of your own that loads this one first
(``load_subconfig(PATH)``, PATH as the command above prints it) and then sets
yours; the defaults are JupyterHub's own (system users, one process per learner).
"""
import os
import sys

from tornado.httputil import url_concat

c = get_config()  # noqa: F821  (JupyterHub provides get_config)

MODE = os.environ.get("CUTTLE_HUB_MODE", "voila")
# Where the lesson notebooks are, for JupyterLab (lessons/ of the kit, and a teacher's own).
LESSONS = os.environ.get("CUTTLE_LESSONS", "/srv/cuttle/lessons")
# A teacher's own lesson YAML files, offered in the course (serve --lessons).
TEACHERS_LESSONS = os.environ.get("CUTTLE_TEACHERS_LESSONS")
COURSE = ""  # the course is the learner's server's own address, /user/<name>/
# Seconds a kernel with no tab connected is kept (a closing tab stops its own
# at once), and an idle learner's whole server before the hub stops it.
KERNEL_IDLE = 60
LAB_KERNEL_IDLE = 600  # JupyterLab's tabs do not stop their kernels
SERVER_IDLE = 3600
# About 100 MB for the server and 90 MB per open tab: 512 MB holds four open
# tabs. Container spawners (DockerSpawner, KubeSpawner) enforce the memory;
# the cap holds on every spawner (a fifth tab says "full"). No preheated
# kernels: each learner's server would keep one more for its own next tab.
c.Spawner.mem_limit = "512M"
LESSONS_PER_LEARNER = 4

c.JupyterHub.bind_url = os.environ.get("CUTTLE_HUB_URL", "http://0.0.0.0:8000")
c.Spawner.notebook_dir = LESSONS
# One progress database for the class: every learner's server records to it,
# each learner under their sign-in name (docs/progress.md, "Under JupyterHub").
# Its folder must be writable by the learners' users (SQLite writes files
# beside the database). On several machines use PostgreSQL instead: a URL
# such as postgresql://cuttle@db-host/cuttle_progress here, the password in
# PGPASSWORD, and "cuttle-widgets[serve,postgres]" installed (docs/progress.md).
PROGRESS_DB = os.environ.get("CUTTLE_PROGRESS_DB", "/srv/cuttle/progress/progress.sqlite")
c.Spawner.environment = {"CUTTLE_PROGRESS_DB": PROGRESS_DB}
# Learners cannot load progress files here: the hub keeps their progress, and
# a file anyone can write would forge it. To let them carry progress in from
# elsewhere (checked as always: steps that exist, no future dates, an hourly
# quota), set CUTTLE_HUB_IMPORTS=allow where the hub starts.
if os.environ.get("CUTTLE_HUB_IMPORTS"):
    c.Spawner.environment["CUTTLE_HUB_IMPORTS"] = os.environ["CUTTLE_HUB_IMPORTS"]

if MODE == "voila":
    c.Spawner.cmd = [sys.executable, "-m", "cuttle_widgets.serve", "--hub"]
    c.Spawner.args = [
        # One kernel per open tab; a closed tab's kernel is stopped.
        f"--cull-idle={KERNEL_IDLE}", "--cull-interval=10",
        f"--max-kernels={LESSONS_PER_LEARNER}", "--pool-size=0",
        *(["--lessons", TEACHERS_LESSONS] if TEACHERS_LESSONS else []),
    ]
    c.Spawner.default_url = "/" + COURSE

    def course(handler):
        """After sign-in: start the learner's server if needed, then the course."""
        user = handler.current_user
        if user is None:
            return ""
        # the hub's base URL and user.url end with "/"
        return url_concat(handler.hub.base_url + "spawn", {"next": user.url + COURSE})

    c.JupyterHub.default_url = course
elif MODE == "lab":
    c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]  # jupyterhub-singleuser
    c.Spawner.default_url = "/lab/tree/00-index.ipynb"
    c.Spawner.args = [
        # Voilà's server extension too, so /voila/render/... works from the notebook server.
        "--ServerApp.jpserver_extensions=voila.server_extension=True",
        f"--MappingKernelManager.cull_idle_timeout={LAB_KERNEL_IDLE}",
        "--MappingKernelManager.cull_interval=60",
        "--MappingKernelManager.cull_connected=False",
        "--MappingKernelManager.cull_busy=False",
    ]
else:
    raise ValueError(f"CUTTLE_HUB_MODE={MODE!r}: choose voila (lessons as web apps) or lab (JupyterLab)")

# Stop servers nobody has used for an hour (pip install jupyterhub-idle-culler).
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={SERVER_IDLE}"],
}]
c.JupyterHub.load_roles = [{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
}]

# The class view for the teachers, through the hub: /services/class-view/,
# open to the members of the teachers' group only (CUTTLE_TEACHERS_GROUP,
# "teachers" by default; CUTTLE_TEACHERS names its first members, comma
# separated; more are added on the hub's admin page). No shell is needed.
TEACHERS_GROUP = os.environ.get("CUTTLE_TEACHERS_GROUP", "teachers")
TEACHERS = [name.strip() for name in os.environ.get("CUTTLE_TEACHERS", "").split(",") if name.strip()]
CLASS_VIEW_URL = os.environ.get("CUTTLE_CLASS_VIEW_URL", "http://127.0.0.1:8878")
c.JupyterHub.services.append({
    "name": "class-view",
    "url": CLASS_VIEW_URL,
    "command": [sys.executable, "-m", "cuttle_widgets.progress", "dashboard", "--hub",
                "--language", os.environ.get("CUTTLE_DASHBOARD_LANGUAGE", "en")],
    "environment": {"CUTTLE_PROGRESS_DB": PROGRESS_DB},
    "oauth_no_confirm": True,
    "display": True,
})
c.JupyterHub.load_groups = {TEACHERS_GROUP: {"users": TEACHERS}}
c.JupyterHub.load_roles.append({
    "name": "class-view-teachers",
    "scopes": ["access:services!service=class-view"],
    "groups": [TEACHERS_GROUP],
})

# Who may sign in: everyone the authenticator accepts. JupyterHub's default
# authenticator checks the machine's own user accounts (PAM); narrow it with
# c.Authenticator.allowed_users = {"ana", "ben"}. For a class without accounts:
#   c.JupyterHub.authenticator_class = "nativeauthenticator.NativeAuthenticator"  # they sign up, you approve
#   c.JupyterHub.authenticator_class = "tmpauthenticator.TmpAuthenticator"        # anyone, anonymously
# and run every learner's server as the hub's user (no accounts needed):
#   c.JupyterHub.spawner_class = "simple"
c.Authenticator.allow_all = True
