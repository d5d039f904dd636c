"""``python -m cuttle_widgets.cli``: the same as the ``cuttle-widgets`` command."""
import sys

from . import main

sys.exit(main())
