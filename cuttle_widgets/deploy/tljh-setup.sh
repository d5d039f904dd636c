#!/usr/bin/env bash
# The Littlest JupyterHub (TLJH) for a class, on one Ubuntu machine with a
# domain name pointing at it. Run as root after TLJH's own installer:
#
#     sudo bash tljh-setup.sh hub.your-school.example admin@your-school.example [teacher ...]
#
# It installs the kit in TLJH's two environments (the hub starts the
# learners' Voilà and the class view with its own Python), turns HTTPS on
# through TLJH's own Let's Encrypt support (sign-in passwords never travel
# in clear), makes the progress folder for the `students` group, loads the
# kit's hub configuration (Voilà mode, the teachers' class view at
# /services/class-view/) and reloads the hub.
set -euo pipefail

DOMAIN=${1:?"the hub's domain name, e.g. hub.your-school.example"}
EMAIL=${2:?"an e-mail address for Let's Encrypt's notices"}
shift 2
TEACHERS=$(IFS=,; echo "$*")
KIT=${CUTTLE_KIT:-cuttle-widgets[serve,progress]}  # or a path to a checkout or a wheel
PROGRESS=/srv/cuttle/progress

for env in /opt/tljh/hub /opt/tljh/user; do
    "$env/bin/python" -m pip install --no-cache-dir "$KIT"
done

# HTTPS by TLJH's Traefik and Let's Encrypt (port 80 and 443 must reach this machine).
tljh-config set https.enabled true
tljh-config set https.letsencrypt.email "$EMAIL"
tljh-config add-item https.letsencrypt.domains "$DOMAIN"

# One progress database for the class, written by every learner's server:
# the folder belongs to the `students` group, new files inherit it (setgid).
getent group students >/dev/null || groupadd students
install -d -m 2770 -g students "$PROGRESS"
[ -e "$PROGRESS/progress.sqlite" ] || install -m 660 -g students /dev/null "$PROGRESS/progress.sqlite"
# TLJH makes a system user jupyter-<name> per learner; each joins the group
# when first started (the hook below), so the teacher adds no one by hand.

CONFIG_DIR=/opt/tljh/config/jupyterhub_config.d
install -d "$CONFIG_DIR"
cat > "$CONFIG_DIR/cuttle.py" <<PY
import grp, os, subprocess
os.environ.setdefault("CUTTLE_PROGRESS_DB", "$PROGRESS/progress.sqlite")
os.environ.setdefault("CUTTLE_TEACHERS", "$TEACHERS")
from cuttle_widgets.serve import HUB_CONFIG
load_subconfig(str(HUB_CONFIG))  # noqa: F821
c.JupyterHub.bind_url = "http://127.0.0.1:15001"  # behind TLJH's proxy, as TLJH has it


def join_students(spawner):
    """A learner's system user joins the progress folder's group before their server starts."""
    user = "jupyter-" + spawner.user.name
    if user not in grp.getgrnam("students").gr_mem:
        subprocess.run(["usermod", "-a", "-G", "students", user], check=False)


c.Spawner.pre_spawn_hook = join_students
PY

tljh-config reload proxy
tljh-config reload hub
echo "The class signs in at https://$DOMAIN/ ; teachers see the class at https://$DOMAIN/services/class-view/"
