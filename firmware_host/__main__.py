"""``python -m firmware_host`` — the same as the ``firmware-host`` console script."""

from firmware_host.cli import main

raise SystemExit(main())
