"""A second, literal reading of RULES.md and REPLAY.md, played side by side with the engine.

:class:`Reference` is written from the spec text alone (not from the engine): it takes the
actions the engine accepted in random games and must produce the same events, in the same
order, and the same final ``state`` object after every action (REPLAY.md "Output"): phases,
the chancellor's null cases, the presidency during view-discard and after special elections,
R7's ineligible seats, the tracker in both variants, R12 reshuffles, chaos, untracked decks.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from firmware_host.games.secret_dictator import Action, Game, Setup, deal, state_json
from firmware_host.games.secret_dictator.playout import play_randomly


class Reference:
    """The rules as a plain state machine over accepted actions (no validation)."""

    def __init__(self, setup: Setup) -> None:
        self.n = setup.players
        self.roles = list(setup.roles)
        self.tracked = setup.deck != "untracked"
        self.draw = list(setup.deck) if self.tracked else None
        self.draw_count = 17
        self.discard = []  # tracked: parties; untracked: count only via discard_count
        self.discard_count = 0
        self.hand = []
        self.powers = list(setup.powers)
        self.reset_on_election = setup.tracker_reset_on_election
        self.phase = "nomination"
        self.president = setup.first_president
        self.chancellor = None
        self.nominee = None
        self.tracker = 0
        self.laws = {"democratic": 0, "fascist": 0}
        self.alive = set(range(self.n))
        self.gov = None  # (president, chancellor) of the last elected government
        self.votes = {}
        self.winner = self.reason = None
        self.caller = None  # who called a special election
        self.power = None
        self.veto_pending = False
        self.due = None  # "session" or "chaos": what a due reshuffle resumes
        self.pending_power = None
        self.events = []

    # -------------------------------------------------------------- state
    def state(self) -> dict:
        inel = set()
        if self.gov is not None:
            inel.add(self.gov[1])
            if len(self.alive) > 5:
                inel.add(self.gov[0])
        inel = sorted(s for s in inel if s in self.alive and s != self.president)
        return {"phase": self.phase, "winner": self.winner, "reason": self.reason,
                "democratic_laws": self.laws["democratic"],
                "fascist_laws": self.laws["fascist"], "election_tracker": self.tracker,
                "president": self.president, "chancellor": self.chancellor,
                "alive": sorted(self.alive), "ineligible": inel,
                "draw_pile": self.draw_count, "discard_pile": self.discard_count}

    def emit(self, kind: str, **data) -> None:
        self.events.append({"event": kind, **data})

    # -------------------------------------------------------------- rules
    def next_clockwise(self, after: int) -> int:
        seat = (after + 1) % self.n
        while seat not in self.alive:
            seat = (seat + 1) % self.n
        return seat

    def pass_presidency(self) -> None:  # R14, R13 special election
        base = self.president if self.caller is None else self.caller
        self.caller = None
        self.president = self.next_clockwise(base)
        self.emit("president", seat=self.president)

    def new_round(self) -> None:
        self.phase = "nomination"
        self.chancellor = None
        self.power = None
        self.pass_presidency()

    def end(self, winner: str, reason: str) -> None:
        self.phase = "game_over"
        self.winner, self.reason = winner, reason
        self.emit("game_over", winner=winner, reason=reason, roles=list(self.roles))

    def enact(self, party: str, by: str) -> bool:
        self.laws[party] += 1
        self.emit("law_enacted", party=party, by=by)
        if self.tracker != 0:
            self.tracker = 0
            self.emit("tracker", position=0)
        if self.laws["democratic"] == 5:
            self.end("democrats", "democratic_laws")
        elif self.laws["fascist"] == 6:
            self.end("fascists", "fascist_laws")
        return self.phase == "game_over"

    def reshuffle_due(self, resume: str) -> bool:
        """R12; True when a tracked reshuffle now waits for its order."""
        if self.draw_count >= 3:
            return False
        if self.tracked:
            self.due = resume
            return True
        aside = 1 if resume == "session" and self.pending_power == "view_discard" else 0
        self.draw_count += self.discard_count - aside
        self.discard_count = aside
        self.emit("reshuffled", draw_pile=self.draw_count)
        return False

    def chaos(self) -> None:
        self.emit("chaos")
        self.chancellor = None
        self.gov = None
        if self.tracked:
            self.phase = "nomination"
            self.draw_count -= 1
            self.place_chaos_law(self.draw.pop(0))
        else:
            self.phase = "chaos"

    def place_chaos_law(self, party: str) -> None:
        if self.enact(party, "chaos"):
            return
        if self.reshuffle_due("chaos"):
            return
        self.new_round()

    def after_session(self) -> None:
        # REPLAY.md: win check (done) -> R12 -> chaos if the tracker reached 3 -> power
        if self.reshuffle_due("session"):
            return
        self.after_reshuffle()

    def after_reshuffle(self) -> None:
        power, self.pending_power = self.pending_power, None
        if self.tracker == 3:
            self.chaos()
        elif power is None:
            self.new_round()
        else:
            self.phase = "power"
            self.power = power
            if power == "view_discard":
                self.chancellor = None
                self.pass_presidency()
            self.emit("power", power=power, seat=self.president)

    # -------------------------------------------------------------- actions
    def apply(self, a: Action) -> list[dict]:
        self.events = []
        getattr(self, "do_" + a.kind)(a)
        return self.events

    def do_nominate(self, a):
        self.nominee = a.target
        self.phase = "election"
        self.votes = {}
        self.emit("nominated", seat=a.seat, target=a.target)

    def do_vote(self, a):
        self.votes[a.seat] = a.ballot
        if len(self.votes) < len(self.alive):
            return
        ja = sum(1 for b in self.votes.values() if b == "ja")
        nein = len(self.votes) - ja
        self.emit("election", elected=ja > nein, ja=ja, nein=nein,
                  ballots={str(s): self.votes[s] for s in sorted(self.votes)})
        nominee, self.nominee = self.nominee, None
        if ja > nein:
            self.chancellor = nominee
            self.gov = (self.president, nominee)
            if self.reset_on_election and self.tracker != 0:
                self.tracker = 0
                self.emit("tracker", position=0)
            if self.laws["fascist"] >= 3 and self.roles[nominee] == "dictator":
                self.end("fascists", "dictator_elected")
                return
            if self.tracked:
                self.hand, self.draw = self.draw[:3], self.draw[3:]
            self.draw_count -= 3
            self.veto_used = False
            self.phase = "legislative_president"
            return
        self.tracker += 1
        self.emit("tracker", position=self.tracker)
        if self.tracker == 3:
            self.chaos()
        else:
            self.new_round()

    def do_discard(self, a):
        if self.tracked:
            self.hand.remove(a.party)
            self.discard.append(a.party)
        self.discard_count += 1
        self.phase = "legislative_chancellor"

    def do_enact(self, a):
        if self.tracked:
            self.hand.remove(a.party)
            self.last_discard = self.hand.pop()
            self.discard.append(self.last_discard)
        self.discard_count += 1
        if self.enact(a.party, "government"):
            return
        self.pending_power = (self.powers[self.laws["fascist"] - 1]
                              if a.party == "fascist" else None)
        self.after_session()

    def do_veto(self, a):
        self.veto_pending = True
        self.veto_used = True

    def do_veto_reply(self, a):
        self.veto_pending = False
        if not a.accept:
            return
        if self.tracked:
            self.discard += self.hand
            self.hand = []
        self.discard_count += 2
        self.tracker += 1
        self.emit("tracker", position=self.tracker)
        self.pending_power = None
        self.after_session()

    def do_acknowledge(self, a):
        if self.power == "view_discard":
            self.phase = "nomination"
            self.power = None
        else:
            self.new_round()

    def do_special_election(self, a):
        self.caller = self.president
        self.president = a.target
        self.chancellor = None
        self.power = None
        self.phase = "nomination"
        self.emit("president", seat=a.target)

    def do_execute(self, a):
        self.alive.discard(a.target)
        self.emit("executed", target=a.target)
        if self.roles[a.target] == "dictator":
            self.end("democrats", "dictator_executed")
        else:
            self.new_round()

    def do_investigate(self, a):
        self.new_round()

    def do_reshuffle(self, a):
        self.draw = list(a.order)
        self.discard = []
        self.draw_count = len(a.order)
        self.discard_count = 0
        resume, self.due = self.due, None
        self.emit("reshuffled", draw_pile=self.draw_count)
        if resume == "session":
            self.after_reshuffle()
        else:
            self.new_round()

    def do_chaos_law(self, a):
        self.draw_count -= 1
        self.place_chaos_law(a.party)


def play_side_by_side(setup: Setup, rng: random.Random) -> int:
    game = Game(setup)
    game.start()
    ref = Reference(setup)
    count = [0]

    def after(g: Game, action: Action, events: list) -> None:
        want = ref.apply(action)
        got = [e.to_json() for e in events]
        assert got == want, (action, got, want)
        assert state_json(g) == ref.state(), (action, state_json(g), ref.state())
        count[0] += 1

    play_randomly(game, rng, after)
    return count[0]


POWER_CHOICES = [None, "view_discard", "peek", "investigate", "special_election", "execution"]


@settings(max_examples=120, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(5, 10),
       variant=st.sampled_from(["rulebook", "official"]), untracked=st.booleans(),
       veto=st.booleans(), mixed_powers=st.booleans())
def test_engine_agrees_with_a_literal_reading_of_the_rules(seed, players, variant, untracked,
                                                            veto, mixed_powers):
    rng = random.Random(seed)
    switches: dict = {"veto": veto}
    if mixed_powers:
        powers = [rng.choice(POWER_CHOICES) for _ in range(5)]
        while powers.count("execution") > players - 3:
            powers[powers.index("execution")] = None
        if players == 5:  # R13 "nobody twice": keep every investigation possible
            powers = [None if p == "investigate" else p for p in powers]
        switches["powers"] = powers
    obj = {"players": players, "variant": variant, "seed": seed,
           "first_president": rng.randrange(players), "switches": switches}
    if untracked:
        obj["deck"] = "untracked"
    setup = Setup.from_json(obj)
    setup = setup.with_dealt(*deal(setup, rng))
    for _ in range(3):
        assert play_side_by_side(setup, rng) > 0
