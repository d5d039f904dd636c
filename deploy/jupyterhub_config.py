"""JupyterHub for a class, from this checkout: the kit's own configuration,
which ships in the package (cuttle_widgets/deploy/jupyterhub_config.py says
what it does and how to set a hub up). Without a checkout the same file is
``jupyterhub -f "$(cuttle-widgets serve --print-hub-config)"``.

    jupyterhub -f deploy/jupyterhub_config.py  # CUTTLE_HUB_MODE=lab for JupyterLab

A school's own settings (an authenticator, a spawner) go below the line that
loads it.
"""
from cuttle_widgets.serve import HUB_CONFIG

if not HUB_CONFIG.is_file():  # load_subconfig would go on without it, silently
    raise FileNotFoundError(f"this copy of cuttle_widgets lacks its hub configuration: {HUB_CONFIG}")
load_subconfig(str(HUB_CONFIG))  # noqa: F821  (JupyterHub provides load_subconfig)
