"""A game's own timers at the table: something the game does later (a narration's next step
when a step's time has run, an answer held until its hold time, a window's time limit), run
on the service thread and forgotten together when the table stops (a pause, another game,
the service stopping: :meth:`BoardAdapter.shutdown`), so nothing of a stopped game fires.

Example::

    timers = Timers(service)
    timers.after(5.0, say_the_answer, "held")   # on the service thread, 5 clock seconds on
    timers.pending("held")                        # True until it has run or was cancelled
    timers.cancel("held")                         # those of one name; cancel() every one
"""

from __future__ import annotations

from typing import Any, Callable

__all__ = ["Timers"]


class Timers:
    """A game's timers by name (see the module docstring).

    :param service: the :class:`~firmware_host.service.core.BoardService` (its ``clock``'s
        ``call_later(seconds, fn)`` and ``post(fn)``).
    """

    def __init__(self, service: Any) -> None:
        self.service = service
        self._by_name: dict[str, list[Any]] = {}

    def after(self, seconds: float, then: Callable[[], Any], name: str = "") -> Any:
        """Run ``then()`` on the service thread ``seconds`` (clock seconds) from now, unless
        it is cancelled first (even once its time has come and it waits for the thread).

        :returns: the clock's timer."""
        box: list[Any] = []

        def fire() -> None:
            timers = self._by_name.get(name, [])
            if box and box[0] in timers:          # neither run nor cancelled since
                timers.remove(box[0])
                then()
        box.append(self.service.clock.call_later(max(0.0, seconds), lambda: self.service.post(fire)))
        self._by_name.setdefault(name, []).append(box[0])
        return box[0]

    def pending(self, name: str = "") -> bool:
        """True while a timer of ``name`` has neither run nor been cancelled."""
        return bool(self._by_name.get(name))

    def cancel(self, name: str | None = None) -> None:
        """Cancel the timers of ``name``, or every timer (None)."""
        for key in ([name] if name is not None else list(self._by_name)):
            for timer in self._by_name.pop(key, []):
                timer.cancel()
