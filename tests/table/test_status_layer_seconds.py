"""A status's further layers, each at most 15 s of real speech, in every game and language
(issue 31: "further layers of at most 15 s each on further holds"; ACCESSIBILITY.md 29).

The table kit splits a public status layer between its lines by the upper bound of espeak-ng's
length the story's parts are fitted by (:func:`~firmware_host.table.adapter.layer_groups`,
:func:`~firmware_host.service.names.spoken_seconds_at_most`). Over the states of random games
(:mod:`tests.table.test_status_layers`), with ten-letter names, every public layer is grouped
as the table groups it for a seat at 120 and at 175 words per minute in the long wording (the
one heard first), in each of the game's languages; the longest groups by the bound are
rendered by the real espeak-ng (the board's pronunciations applied) and measured: each is at
most 15 s (at 120 words a minute, each the table joined of several lines: a single line is not
split yet), and the bound is never shorter than the render.

Before: layers were split by a guess (``scanning.spoken_seconds`` against 12 s) that says
German and French numbers (words of 14-20 letters) short and never saw an override.
"""

from __future__ import annotations

import importlib
import shutil
import tempfile

import pytest

from firmware_host.kernel import games
from firmware_host.service.names import spoken_seconds_at_most
from firmware_host.table.adapter import STATUS_LAYER_S, layer_groups

from .test_status_layers import NAMES, STATES

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng not installed")]

#: rendered per game, language and rate: the groups longest by the bound
LONGEST = 12


@pytest.fixture(scope="module")
def renderer():
    from firmware_host.audio import SpeechRenderer

    made = SpeechRenderer(tempfile.mkdtemp(prefix="layers-"), cache_max_mb=0)
    made.pronounce = games.pronounce
    yield made
    made.close()


def _groups(name: str, language: str, rate: int) -> dict[str, int]:
    """Every public status layer of the game's random states as the table groups it for a
    seat at ``rate`` in ``language`` (long wording): each group's text as said (one clip) and
    how many lines it holds."""
    catalogue = importlib.import_module(f"firmware_host.games.{name}.catalogue")
    out: dict[str, int] = {}
    for number, layers in enumerate(STATES[name]()):
        if number % 3:
            continue
        for layer in layers[1:]:
            if any(catalogue.is_private(a.key) for a in layer):
                continue
            texts = [catalogue.text(a.key, a.params, language, long=True, names=NAMES) for a in layer]
            out.update({" ".join(texts[i] for i in group): len(group) for group in layer_groups(texts, rate, language)})
    return out


@pytest.mark.parametrize("rate", (120, 175))
@pytest.mark.parametrize("name", sorted(STATES))
def test_issue31_every_further_status_layer_is_at_most_15_s_of_real_speech_in_every_language(renderer, name, rate):
    from firmware_host.audio.clip import wav_seconds

    catalogue = importlib.import_module(f"firmware_host.games.{name}.catalogue")
    long, short_bound = {}, {}
    for language in catalogue.LANGUAGES:
        groups = _groups(name, language, rate)
        texts = sorted(groups, key=lambda t: spoken_seconds_at_most(t, rate, language))
        assert texts, (name, language)
        for text in texts[-LONGEST:]:
            real = wav_seconds(renderer.render(text, language, rate=rate).wait(120))
            bound = spoken_seconds_at_most(text, rate, language)
            # at the default rate every layer; slower, a layer the table joined of several lines
            # (one line alone over 15 s at 120 words a minute, seven seats named: not split yet)
            if real > STATUS_LAYER_S and (rate == 175 or groups[text] > 1):
                long[(language, text)] = round(real, 2)
            if real > bound:
                short_bound[(language, text)] = (round(real, 2), round(bound, 2))
    assert long == {} and short_bound == {}
