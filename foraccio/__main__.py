"""``python -m foraccio``: the ``foraccio`` command."""

import sys

from foraccio.cli.main import main

sys.exit(main())
