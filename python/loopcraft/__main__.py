"""``python -m loopcraft``: the command line."""

from .cli import main

raise SystemExit(main())
