"""``python -m foraccio``: the ``foraccio`` command."""

import sys

from foraccio.cli.main import main

# Guarded: the lab's worker processes are spawned, and a spawned process imports the
# parent's main module again (as ``__mp_main__``), which must not run the command anew.
if __name__ == "__main__":
    sys.exit(main())
