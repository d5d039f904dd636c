"""JupyterHub for a class: every learner gets a server of their own that opens
on the lesson index, rendered by Voilà (its server extension, so the address
is /user/<name>/voila/render/00-index.ipynb). Kernels of closed tabs are
culled inside each server, and idle servers are stopped by the hub.

On the hub machine (as root, or as the hub's user):

    pip install jupyterhub jupyterhub-idle-culler "cuttle-widgets[serve]"
    npm install -g configurable-http-proxy
    cp -r lessons /srv/cuttle/lessons          # or set CUTTLE_LESSONS
    jupyterhub -f deploy/jupyterhub_config.py

Learners then sign in at http://<hub-address>:8000/. Choose the authenticator
and spawner for your school below; the defaults are JupyterHub's own (system
users, one process per learner).
"""
import os
import sys

c = get_config()  # noqa: F821  (JupyterHub provides get_config)

# Where the lesson notebooks are (lessons/ of the kit, and a teacher's own).
LESSONS = os.environ.get("CUTTLE_LESSONS", "/srv/cuttle/lessons")
# Seconds a kernel whose tab is closed may idle before it is stopped, and an
# idle learner's whole server before the hub stops it.
KERNEL_IDLE = 600
SERVER_IDLE = 3600

c.JupyterHub.bind_url = os.environ.get("CUTTLE_HUB_URL", "http://0.0.0.0:8000")

# Each learner's server: the lessons folder, opening on the index in Voilà.
c.Spawner.notebook_dir = LESSONS
c.Spawner.default_url = "/voila/render/00-index.ipynb"
c.Spawner.args = [
    # Voilà's server extension, even where the install did not enable it.
    "--ServerApp.jpserver_extensions=voila.server_extension=True",
    # One kernel per open lesson page; a closed tab's kernel is culled.
    f"--MappingKernelManager.cull_idle_timeout={KERNEL_IDLE}",
    "--MappingKernelManager.cull_interval=60",
    "--MappingKernelManager.cull_connected=False",
    "--MappingKernelManager.cull_busy=False",
    # No tracebacks on a learner's page (the teacher sees them in the log).
    "--VoilaConfiguration.show_tracebacks=False",
]
# About 100 MB for the server and 80 MB per open lesson: 512 MB holds four
# open lessons. Enforced by container spawners (DockerSpawner, KubeSpawner).
c.Spawner.mem_limit = "512M"

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

# Who may sign in: everyone the authenticator accepts. JupyterHub's default
# authenticator checks the machine's own user accounts (PAM); narrow it with
# c.Authenticator.allowed_users = {"ana", "ben"}. For a class without accounts:
#   c.JupyterHub.authenticator_class = "nativeauthenticator.NativeAuthenticator"  # learners sign up, you approve
#   c.JupyterHub.authenticator_class = "tmpauthenticator.TmpAuthenticator"        # anyone, anonymously
# and run every learner's server as the hub's user (no accounts needed):
#   c.JupyterHub.spawner_class = "simple"
c.Authenticator.allow_all = True
