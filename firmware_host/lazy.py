"""Packages that import their modules on first use (start-up time on a Pi Zero 2 W).

Example, in a package's ``__init__.py``::

    _EXPORTS = {"AudioService": "service", "AlsaSink": "sinks"}
    __getattr__ = lazy_exports(__name__, _EXPORTS)
"""

from __future__ import annotations

import importlib
import sys
from typing import Any, Callable


def lazy_exports(package: str, exports: dict[str, str]) -> Callable[[str], Any]:
    """A module-level ``__getattr__`` for ``package`` (PEP 562).

    :param package: the package's ``__name__``.
    :param exports: public name -> the submodule (relative name) that defines it.
    :returns: ``__getattr__(name)``, which imports the submodule on first use, caches the
        value in the package's namespace and returns it.
    :raises AttributeError: (from the returned function) a name not in ``exports``.
    """

    def __getattr__(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
