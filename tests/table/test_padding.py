"""The table's search for the longest stand-in of a private clip (RULES.md R16,
ACCESSIBILITY.md 8-9): a game gives templates, the table measures each parameter's values one
at a time and returns the longest message it could be."""

from __future__ import annotations

from firmware_host.table.padding import Subset, carries_secret, every_combination, longest_of

ROLES = ("a", "bbbb", "cc", "ddd")


def length(key: str, params: dict) -> float:
    """A stand-in voice: one second a character of the key and of every value."""
    def size(v: object) -> int:
        return sum(size(x) for x in v) if isinstance(v, list) else len(str(v))
    return float(len(key) + sum(size(v) for v in params.values()))


def test_R16_the_longest_stand_in_takes_each_parameters_longest_value_and_the_longest_members_of_a_hand():
    templates = [("short", {"target": [1, 22, 3]}),
                 ("longer.key", {"target": [1, 22], "hand": Subset(2, ROLES)})]
    # the hand's two longest roles, in the pool's order; the longer key wins
    assert longest_of(templates, length) == ("longer.key", {"target": 22, "hand": ["bbbb", "ddd"]})
    assert longest_of([("only", {"seat": [4]})], length) == ("only", {"seat": 4})


def test_R16_no_stand_in_when_a_length_cannot_be_known():
    def unknown_for_cc(key: str, params: dict) -> float | None:
        return None if "cc" in str(params) else length(key, params)
    assert longest_of([("k", {"hand": Subset(1, ROLES)})], unknown_for_cc) is None
    assert longest_of([("k", {"x": [1, 2]})], lambda k, p: None) is None


def test_R16_a_clip_carries_a_secret_only_where_more_than_one_message_could_stand_in_its_place():
    assert not carries_secret([("k", {"seat": [3]})])
    assert carries_secret([("k", {"seat": [3, 4]})])
    assert carries_secret([("k", {"hand": Subset(1, ROLES)})])
    assert carries_secret([("k", {}), ("j", {})])


def test_every_combination_lists_each_message_once():
    combos = every_combination([("k", {"hand": Subset(2, ROLES), "t": [0, 1]}), ("j", {})])
    assert len(combos) == 6 * 2 + 1
    assert ("k", {"hand": ["a", "bbbb"], "t": 1}) in combos and ("j", {}) in combos


def _padding(mocker, cls=None):
    """A table ``ClipPadding`` measuring with an autospec of the service's voice: one second a
    character of the text (the earcon not counted)."""
    from firmware_host.service.core import BoardService
    from firmware_host.service.voice import Voice
    from firmware_host.table.padding import ClipPadding
    service = mocker.create_autospec(BoardService, instance=True)
    service.voice = mocker.create_autospec(Voice, instance=True)
    service.voice.measure.side_effect = lambda channel, text, earcon=None: float(len(text))
    return (cls or ClipPadding)(service)


def _text(key: str, params: dict, long: bool | None = None) -> str:
    """The seat hears ``key``'s short wording now; the long one is the key spelled twice."""
    return key * 2 if long else key


def test_R16_a_stand_in_that_names_its_wording_is_measured_in_it(mocker):
    """A stand-in ``(key, params, long)``: which wording a seat hears may itself tell a secret
    (a role line heard long or short after the team line), so the clip lasts as long as that
    wording, not the one the seat hears now."""
    from firmware_host.table.padding import padded
    pad = _padding(mocker).pad_seconds("seat:1", ["line"], text=_text, has_secret=lambda line, seat: True,
                                       longest=lambda line, seat, seconds: ("role.x", {}, True))
    assert pad == padded(len("role.x") * 2)
    plain = _padding(mocker).pad_seconds("seat:1", ["line"], text=_text, has_secret=lambda line, seat: True,
                                         longest=lambda line, seat, seconds: ("role.x", {}))
    assert plain == padded(len("role.x"))
    # the measure handed to the game's search takes a wording too
    seen = []
    _padding(mocker).pad_seconds("seat:1", ["line"], text=_text, has_secret=lambda line, seat: True,
                                 longest=lambda line, seat, seconds: seen.append((seconds("k", {}),
                                                                                 seconds("k", {}, True))) or ("k", {}))
    assert seen == [(1.0, 2.0)]


def test_R16_a_games_padding_sets_its_own_margin(mocker):
    """A game whose stand-ins are measured whole overrides ``padded``: its clip lasts exactly
    its longest stand-in (no margin), and nothing is padded without a secret."""
    from firmware_host.table.padding import ClipPadding

    class Exact(ClipPadding):
        def padded(self, seconds: float, found: object) -> float:
            return seconds

    padding = _padding(mocker, Exact)
    assert padding.pad_seconds("seat:0", ["line"], text=_text, has_secret=lambda line, seat: True,
                               longest=lambda line, seat, seconds: ("abc", {})) == 3.0
    assert padding.pad_seconds("seat:0", ["line"], text=_text, has_secret=lambda line, seat: False,
                               longest=lambda line, seat, seconds: ("abc", {})) is None


def test_R16_the_padding_hooks_default_to_the_status_secrets_and_each_lines_longest_stand_in(mocker):
    """The kit's padding hooks, which every game's adapter hands over to: a line is padded by
    default when its key is one of the status lines only some seats hear (``secrets``), and a
    clip's stand-ins are each line's longest (None as soon as one length is unknown)."""
    from firmware_host.table.padding import ClipPadding
    from firmware_host.table.words import Line
    padding = ClipPadding(mocker.sentinel.service, ("status.private",))
    assert padding.has_secret(Line("seat:2", "status.private", {}), 2)
    assert not padding.has_secret(Line("seat:2", "status.public", {}), 2)
    longest = {"a": ("a.long", {}), "b": ("b.long", {"x": 1})}
    assert padding.clip_stand_ins(["a", "b"], 2, length, lambda line, seat, seconds: longest[line]) == \
        [("a.long", {}), ("b.long", {"x": 1})]
    assert padding.clip_stand_ins(["a", "b"], 2, length, lambda line, seat, seconds: longest.get(line + "?")) is None
