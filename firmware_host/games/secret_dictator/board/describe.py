"""Input events and actions for INFO log lines, without secrets."""

from __future__ import annotations

from typing import Any

from firmware_host.games.secret_dictator import Action


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


def describe_input(event: Any) -> str:
    """An input event for an INFO log line, without secrets (no ballot, law party or role)."""
    name = type(event).__name__
    if name == "ButtonGesture":
        return f"seat {event.seat} button {event.gesture}"
    if name == "TileRead":
        return {"ballot": f"ballot tile of seat {event.seat}", "law": "law tile at the discard tray",
                "role": "role tile"}.get(event.kind, f"a tile at the {event.reader} reader")
    if name == "SlotChanged":
        return f"{event.track} slot {event.slot} {'filled' if event.filled else 'emptied'}"
    if name == "PegMoved":
        return f"tracker pin {'out of its hole' if event.position is None else f'in hole {event.position}'}"
    if name == "GameMasterKey":
        return f"game-master key {event.gesture}"
    if name == "ReaderState":
        return f"{event.reader} reader {'connected' if event.connected else 'disconnected'}"
    if name == "Fault":
        return f"fault {event.source}: {event.reason}"
    return name
