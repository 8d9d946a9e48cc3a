"""Token Duel: a fifth game that lives only here, under ``tests/`` (issue 32): the proof that a
game is its package. Two seats take tokens in turn, one by a press of their button or two by
laying their own gold token (a tile of this game's own kind, ``token``) on the tray reader;
the first to seven wins. Its rules (:mod:`.rules`), words (:mod:`.catalogue`), setup from the
seats (:mod:`.lobby`), board adapter (:mod:`.board`), console picture and help forms and its
pack (:mod:`.pack`) are all here; registering it is one line (see ``test_token_duel.py``).
"""
