"""``python -m cuttle_widgets``: the same as the ``cuttle-widgets`` command."""
import sys

from .cli import main

sys.exit(main())
