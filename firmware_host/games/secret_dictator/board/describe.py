"""Actions for INFO log lines, without secrets (input events: the table's
:func:`~firmware_host.table.describe_input`)."""

from __future__ import annotations

from firmware_host.games.secret_dictator import Action
from firmware_host.table import describe_input

__all__ = ["describe_action", "describe_input"]


def describe_action(action: Action) -> str:
    """The action for an INFO log line, without secrets (no ballot before the reveal, no
    discarded party, no reshuffle order)."""
    kind = action.kind
    if kind == "vote":
        return f"vote by seat {action.seat}"
    if kind == "discard":
        return f"discard by seat {action.seat}"
    if kind == "reshuffle":
        return f"reshuffle of {len(action.order or ())} laws"
    parts = [kind]
    if action.seat is not None:
        parts.append(f"seat {action.seat}")
    if action.target is not None:
        parts.append(f"target {action.target}")
    if kind in ("enact", "chaos_law"):
        parts.append(str(action.party))
    if action.accept is not None:
        parts.append("accept" if action.accept else "refuse")
    return " ".join(parts)
