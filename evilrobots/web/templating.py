"""The app's Jinja environment: each template's globals as one plain dictionary.

Jinja gives each template a ``ChainMap`` of its own globals over the environment's, and every
render starts by copying it into the render's context (``dict(globals, **vars)``), which for a
``ChainMap`` walks its keys and looks each up again in Python: some 70 µs a render with the
app's 65 globals (partly the languages' words), against 6 µs from a dictionary. A power
called renders a part for each table in each process, and a page renders a dozen.

Jinja asks that globals not change once a template is loaded; here they are all set while the
app is built (``factory.create_app``), and a template loaded before one was set is loaded again
(``Globals`` empties the templates' cache when one is set), so no template misses one.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

from flask import Flask
from flask.templating import Environment


class Globals(dict):
    """The environment's globals: any change forgets the templates loaded so far, which
    copied the globals as they were."""

    environment: Environment | None = None

    def _changed(self) -> None:
        if self.environment is not None and self.environment.cache is not None:
            self.environment.cache.clear()

    def __setitem__(self, key: str, value: Any) -> None:
        super().__setitem__(key, value)
        self._changed()

    def __delitem__(self, key: str) -> None:
        super().__delitem__(key)
        self._changed()

    def __ior__(self, other: Any) -> Globals:
        self.update(other)
        return self

    def update(self, *args: Any, **kwargs: Any) -> None:
        super().update(*args, **kwargs)
        self._changed()

    def setdefault(self, key: str, default: Any = None) -> Any:
        if key not in self:
            self[key] = default
        return self[key]

    def pop(self, key: str, *default: Any) -> Any:
        found = super().pop(key, *default)
        self._changed()
        return found

    def popitem(self) -> tuple[str, Any]:
        found = super().popitem()
        self._changed()
        return found

    def clear(self) -> None:
        super().clear()
        self._changed()


class Templates(Environment):
    """Flask's environment, each template's globals a plain dictionary."""

    def __init__(self, app: Flask, **options: Any) -> None:
        super().__init__(app, **options)
        globals_ = Globals(self.globals)
        globals_.environment = self
        self.globals = globals_

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        """The template's own globals (``d``) over the environment's, copied into one
        dictionary."""
        return {**self.globals, **(d or {})}
