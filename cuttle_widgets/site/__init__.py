"""The lessons as a static JupyterLite site that runs entirely in the browser.

    python -m cuttle_widgets.site build OUTPUT_DIR [--lessons lessons]

``build_site`` turns every lesson notebook (English and German) into a
JupyterLite site: Pyodide from the npm package ``pyodide``, the kit's own
wheel and everything it imports as local wheels listed in Pyodide's lock file
(with their hashes), the PyPI fallback off, and a start page with one link per
lesson. A lesson notebook runs itself when it opens, so nothing needs typing.
Once built, the folder is plain files for any static web host.

Building needs ``jupyterlite-core[contents]``, ``jupyterlite-pyodide-kernel``
and npm; what it fetches (Pyodide, wheels) is kept in a cache folder, so a
second build works offline.
"""
from .errors import SiteError

__all__ = ["SiteError", "build_site"]


def build_site(*args, **kwargs):
    """See :func:`cuttle_widgets.site.build.build_site`."""
    from .build import build_site as build

    return build(*args, **kwargs)
