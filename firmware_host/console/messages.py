"""The console page's words in German, English and French (the console's own table, not the
game's spoken catalogue; a game's own words come from its pack's console picture and forms).

The page is served in the game's language (the setup's ``language``) or, before a setup, the
board's (``[audio] language``, default German); :func:`page_language` picks it. The page's
script gets every table (:func:`tables_json`) and switches when a setup changes the language.

Keys are plain names (``"cmd_start"``); ``term.<id>`` keys name the board's identifiers
(a reader's state, the commands). Parameters are ``{name}`` fields, filled by :func:`text`
here and by the page's ``T()`` in the browser.

Example::

    text("reveal_left", "de", n=5)    # "Wieder verborgen in 5 s"
"""

from __future__ import annotations

import json
import re
from typing import Any

#: languages the console speaks; the first is the default (the board's default, BOARD.md).
LANGUAGES = ("de", "en", "fr")
DEFAULT_LANGUAGE = "de"

EN: dict[str, str] = {
    "title": "Game master console",
    "skip": "Skip to the game",
    "sub": "game master console",
    "connecting": "Connecting…",
    "logout": "Log out",
    "nav": "Console sections",
    "glance": "Game at a glance",
    "must_act_line": "Must act now: {seats}",
    "announcements": "Announcements",
    "faults": "Faults and refusals",
    "health": "Readers and pins",
    "setup": "Set up a game",
    "controls": "Game controls",
    "help": "Help a seat",
    "secrets": "Secrets",
    "phase_none": "No game set up.",
    "paused": "Paused.",
    "paused_hint": "Sensors are ignored until you resume.",
    "col_seat": "Seat",
    "col_name": "Name",
    "ann_hint": "The last 50 public announcements, newest first.",
    "health_none": "No report yet.",
    "setup_game": "Game",
    "game_not_playable": "{game} (not on the board yet)",
    "setup_players": "Players",
    "setup_names": "Seat names (spoken instead of “seat 3”; leave empty for the number)",
    "setup_language": "Language",
    "setup_submit": "Set up game",
    "cmd_start": "Start game",
    "cmd_pause": "Pause",
    "cmd_resume": "Resume",
    "cmd_undo": "Undo last action",
    "cmd_story": "Story of the game",
    "story_h": "Story of the game, round by round",
    "cmd_restart": "Restart game",
    "confirm_restart": "End the current game and go back to the setup? Nothing is dealt until "
                       "you set up and start a new game. “Undo last action” brings the ended "
                       "game back until a new game starts.",
    "restart_yes": "Yes, end the game",
    "confirm_start": "A game is running. End it and start a new game with the setup above? "
                     "“Undo last action” brings the ended game back until the new game's "
                     "first move.",
    "start_yes": "Yes, end it and start anew",
    "start_done": "New game started. The ended game can still come back with “Undo last action”.",
    "err.confirm_needed": "a game is running: confirm first that it ends",
    "restart_no": "Cancel",
    "restart_done": "Game ended. Set up the next game under “Set up a game”.",
    "act_legend": "Enter an action for a seat",
    "help_none": "No game on the board: no seat to help.",
    "no_secrets": "Nothing of this game is secret now.",
    "term.not_reported": "not reported yet",
    "act_kind": "Action",
    "act_submit": "Enter action",
    "seat_settings": "Seat settings",
    "ss_hint": "One seat's own voice and scanning (kept across games, also after a restart). "
               "An empty field uses the board's setting.",
    "ss_seat": "Seat",
    "ss_name": "Name",
    "ss_rate": "Speech rate (words per minute, 80 to 450)",
    "ss_volume": "Volume (percent, 0 to 100)",
    "ss_verbosity": "Wording",
    "ss_verbosity_default": "As the board decides",
    "ss_verbosity_auto": "Long first, then short",
    "ss_verbosity_short": "Always short",
    "ss_verbosity_long": "Always long",
    "ss_gender": "Grammatical gender",
    "ss_ignore_repeat": "Ignore repeated presses for (seconds, 0.1 to 1.5)",
    "ss_gender_default": "Masculine (default)",
    "ss_gender_m": "Masculine (he, the player)",
    "ss_gender_f": "Feminine (she, the player)",
    "ss_scan_interval": "Scan interval (seconds, 0.5 to 5)",
    "ss_pace": "Learned pace: answers in about {reaction} s ({acts} recent acts); a press up to {window} s after a name still picks it.",
    "ss_pace_none": "Learned pace: none yet (the board's timing).",
    "ss_submit": "Save seat settings",
    "ss_saved": "Settings of {seat} saved.",
    "ss_refused": "Not saved: {error}",
    "ss_not_number": "{field}: not a number",
    "reveal_hint": "Roles and hands stay hidden. The button shows them for 10 seconds (click, "
                   "tap, Enter or Space; a screen reader's activation works too); they hide by "
                   "themselves, or when you press the button again. Every reveal is logged.",
    "reveal_show": "Show",
    "reveal_all": "All seats",
    "reveal_button": "Reveal for 10 seconds",
    "reveal_hide": "Hide secrets now",
    "picture_filled": "filled",
    "picture_here": "the pin is here",
    "reveal_left": "Hidden again in {n} s",
    # the login page
    "login_title": "Log in – game master console",
    "login": "Log in",
    "login_pin": "PIN or token",
    "login_hint": "The PIN was set when the board was installed",
    "login_wrong": "Wrong PIN. Try again.",
    "login_wait": "Too many wrong PINs. Wait {seconds} seconds, then try again.",
    "login_wait.one": "Too many wrong PINs. Wait {seconds} second, then try again.",
    # written by the page's script
    "none": "none",
    "seat_n": "Seat {n}",
    "seat_named": "{name} (seat {n})",
    "unreachable": "The console cannot be reached.",
    "logged_out": "Logged out.",
    "error_status": "Error {status}",
    "done": "Done: {what}.",
    "refused": "Refused: {error}",
    "phase_set_up": "Game set up for {n} players, not started.",
    "none_yet": "None yet.",
    "kind_refusal": "Refusal",
    "kind_fault": "Fault",
    "reader_named": "{name} reader",
    "board_matches": "Board matches the game",
    "yes": "yes",
    "no_because": "no: {list}",
    "stuck": "Stuck or chattering pins",
    "board": "Board",
    "ok": "OK",
    "not_ok": "NOT OK",
    "setup_done": "Game set up for {n} players. Press “Start game” when the table is ready.",
    "setup_refused": "Setup refused: {error}",
    "reveal_refused": "Reveal refused: {error}",
    "secrets_shown": "Secrets (hidden again when you let go)",
    "live": "Live: updates as they happen.",
    "closed": "Connection closed. Reload the page (you may need to log in again).",
    "lost": "Connection lost; reconnecting…",
    "expired": "Session expired. Reload the page to log in again.",
    "expiring": "Session ends in one minute — press any key to stay logged in.",
    "revealed_notice": "Secrets were shown on the console.",
    "revealed_notice_seat": "Secrets were shown on the console for {seat}.",
    # refusals (service.refusals.CommandRefused.code and the console's own checks): "err.<code>"
    "err.nothing_to_undo": "nothing to undo: no action since the game started",
    "err.no_setup": "no setup: set the game up first",
    "err.no_game": "no game is running",
    "err.story_not_over": "the story is told once the game is over",
    "err.paused": "the game is paused",
    "err.choose_needs_seats": "a choice needs a choosing seat and a chosen seat",
    "err.nothing_to_choose": "nothing to choose now",
    "err.board_mismatch": "the board does not match the game; fix it first",
    "err.unknown_command": "unknown command {name}",
    "err.action_refused": "{action} was refused (see faults and refusals)",
    "err.no_seat": "{seat} is not in this game",
    "err.seat_settings_seat": "choose a seat first",
    "err.seat_settings_value": "{field}: value not allowed",
    "err.seat_settings_unknown": "unknown seat setting",
    "err.seat_settings_not_saved": "the settings could not be stored",
    "err.setup_players": "this game is not played with that many players",
    "err.setup_name_seat": "a name for a seat outside seats 1 to {last}",
    "err.setup_names": "the names must be given by seat",
    "err.setup_name_long": "the name for {seat} is too long (at most 40 characters and two and a half seconds of speech)",
    "err.setup_name_invalid": "the name for {seat} must be one line of plain text",
    "err.setup_not_object": "the setup is missing",
    "err.setup_invalid": "invalid setup: {detail}",
    "err.illegal.game_over": "the game is over",
    "err.illegal.malformed": "the action is incomplete or malformed",
    "err.illegal.wrong_phase": "that action does not fit the game's phase now",
    "err.illegal.not_alive": "that seat is out of the game",
    "err.illegal.not_your_turn": "it is not that seat's turn",
    "err.illegal.already_voted": "that seat has already voted",
    "err.illegal.invalid_target": "that seat cannot be chosen",
    "err.illegal.ineligible": "that seat may not be chosen now",
    "err.illegal.not_in_hand": "that is not in the seat's hand",
    "err.refused": "{detail}",
    "err.not_json": "the request could not be read (not JSON)",
    "err.bad_fields": "the command's fields could not be read",
    "err.bad_seat": "not a seat number",
    "err.service_failed": "the board service failed: {detail}",
    "err.unreachable": "the board service does not answer",
    "err.not_local": "this console only answers on this machine (localhost)",
    "err.not_this_page": "refused: the request did not come from this console's page; reload it",
    "err.not_logged_in": "not logged in",
    "ss.rate": "speech rate",
    "ss.volume": "volume",
    "ss.scan_interval": "scan interval",
    "ss.verbosity": "wording",
    "ss.gender": "grammatical gender",
    "ss.ignore_repeat": "ignore time for repeated presses",
    "ss.name": "name",
}

DE: dict[str, str] = {
    "title": "Spielleitungs-Konsole",
    "skip": "Zum Spiel springen",
    "sub": "Spielleitungs-Konsole",
    "connecting": "Verbinde …",
    "logout": "Abmelden",
    "nav": "Bereiche der Konsole",
    "glance": "Spiel auf einen Blick",
    "must_act_line": "Jetzt am Zug: {seats}",
    "announcements": "Ansagen",
    "faults": "Störungen und Ablehnungen",
    "health": "Lesegeräte und Stifte",
    "setup": "Ein Spiel einrichten",
    "controls": "Spielsteuerung",
    "help": "Einem Platz helfen",
    "secrets": "Geheimnisse",
    "phase_none": "Kein Spiel eingerichtet.",
    "paused": "Pausiert.",
    "paused_hint": "Sensoren werden ignoriert, bis Sie fortsetzen.",
    "col_seat": "Platz",
    "col_name": "Name",
    "ann_hint": "Die letzten 50 öffentlichen Ansagen, neueste zuerst.",
    "health_none": "Noch keine Meldung.",
    "setup_game": "Spiel",
    "game_not_playable": "{game} (noch nicht auf dem Brett)",
    "setup_players": "Spieler",
    "setup_names": "Namen der Plätze (statt „Platz 3“ gesprochen; leer lassen für die Nummer)",
    "setup_language": "Sprache",
    "setup_submit": "Spiel einrichten",
    "cmd_start": "Spiel starten",
    "cmd_pause": "Pause",
    "cmd_resume": "Fortsetzen",
    "cmd_undo": "Letzte Aktion zurücknehmen",
    "cmd_story": "Spielverlauf",
    "story_h": "Spielverlauf, Runde für Runde",
    "cmd_restart": "Spiel neu starten",
    "confirm_restart": "Das laufende Spiel beenden und zur Einrichtung zurückkehren? Es wird "
                       "nichts verteilt, bis Sie ein neues Spiel einrichten und starten. "
                       "„Letzte Aktion zurücknehmen“ holt das beendete Spiel zurück, bis ein "
                       "neues Spiel beginnt.",
    "restart_yes": "Ja, Spiel beenden",
    "confirm_start": "Ein Spiel läuft. Es beenden und ein neues Spiel mit der Einrichtung oben "
                     "starten? „Letzte Aktion zurücknehmen“ holt das beendete Spiel zurück bis "
                     "zum ersten Zug des neuen Spiels.",
    "start_yes": "Ja, beenden und neu starten",
    "start_done": "Neues Spiel gestartet. „Letzte Aktion zurücknehmen“ holt das beendete Spiel "
                  "noch zurück.",
    "err.confirm_needed": "Ein Spiel läuft: erst bestätigen, dass es endet",
    "restart_no": "Abbrechen",
    "restart_done": "Spiel beendet. Das nächste Spiel unter „Ein Spiel einrichten“ einrichten.",
    "act_legend": "Eine Aktion für einen Platz eingeben",
    "help_none": "Kein Spiel auf dem Brett: kein Platz, dem zu helfen wäre.",
    "no_secrets": "In diesem Spiel ist jetzt nichts geheim.",
    "term.not_reported": "noch nicht gemeldet",
    "act_kind": "Aktion",
    "act_submit": "Aktion eingeben",
    "seat_settings": "Platzeinstellungen",
    "ss_hint": "Stimme und Abtasten für einen Platz (bleiben über Spiele hinweg, auch nach einem "
               "Neustart). Ein leeres Feld nimmt die Einstellung des Bretts.",
    "ss_seat": "Platz",
    "ss_name": "Name",
    "ss_rate": "Sprechtempo (Wörter pro Minute, 80 bis 450)",
    "ss_volume": "Lautstärke (Prozent, 0 bis 100)",
    "ss_verbosity": "Wortlaut",
    "ss_verbosity_default": "Wie das Brett entscheidet",
    "ss_verbosity_auto": "Erst lang, dann kurz",
    "ss_verbosity_short": "Immer kurz",
    "ss_verbosity_long": "Immer lang",
    "ss_gender": "Grammatisches Geschlecht",
    "ss_ignore_repeat": "Wiederholtes Drücken ignorieren für (Sekunden, 0,1 bis 1,5)",
    "ss_gender_default": "Männlich (Voreinstellung)",
    "ss_gender_m": "Männlich (der Spieler)",
    "ss_gender_f": "Weiblich (die Spielerin)",
    "ss_scan_interval": "Abtast-Pause (Sekunden, 0,5 bis 5)",
    "ss_pace": "Gelerntes Tempo: antwortet nach etwa {reaction} s ({acts} letzte Handlungen); Drücken bis {window} s nach einem Namen wählt ihn noch.",
    "ss_pace_none": "Gelerntes Tempo: noch keines (das Tempo des Bretts).",
    "ss_submit": "Platzeinstellungen speichern",
    "ss_saved": "Einstellungen für {seat} gespeichert.",
    "ss_refused": "Nicht gespeichert: {error}",
    "ss_not_number": "{field}: keine Zahl",
    "reveal_hint": "Rollen und Handkarten bleiben verborgen. Der Knopf zeigt sie 10 Sekunden "
                   "lang (Klick, Tippen, Eingabe- oder Leertaste; auch ein Screenreader kann ihn "
                   "auslösen); danach oder beim nächsten Druck auf den Knopf verschwinden sie. "
                   "Jedes Aufdecken wird protokolliert.",
    "reveal_show": "Zeigen",
    "reveal_all": "Alle Plätze",
    "reveal_button": "10 Sekunden aufdecken",
    "reveal_hide": "Geheimnisse jetzt verbergen",
    "picture_filled": "belegt",
    "picture_here": "hier steckt der Stift",
    "reveal_left": "Wieder verborgen in {n} s",
    "login_title": "Anmelden – Spielleitungs-Konsole",
    "login": "Anmelden",
    "login_pin": "PIN oder Token",
    "login_hint": "Die PIN wurde beim Einrichten des Bretts festgelegt",
    "login_wrong": "Falsche PIN. Bitte erneut versuchen.",
    "login_wait": "Zu viele falsche PINs. Bitte {seconds} Sekunden warten, dann erneut versuchen.",
    "login_wait.one": "Zu viele falsche PINs. Bitte {seconds} Sekunde warten, dann erneut versuchen.",
    "none": "keiner",
    "seat_n": "Platz {n}",
    "seat_named": "{name} (Platz {n})",
    "unreachable": "Die Konsole ist nicht erreichbar.",
    "logged_out": "Abgemeldet.",
    "error_status": "Fehler {status}",
    "done": "Erledigt: {what}.",
    "refused": "Abgelehnt: {error}",
    "phase_set_up": "Spiel für {n} Spieler eingerichtet, nicht gestartet.",
    "none_yet": "Noch keine.",
    "kind_refusal": "Ablehnung",
    "kind_fault": "Störung",
    "reader_named": "Lesegerät {name}",
    "board_matches": "Brett stimmt mit dem Spiel überein",
    "yes": "ja",
    "no_because": "nein: {list}",
    "stuck": "Hängende oder prellende Stifte",
    "board": "Brett",
    "ok": "in Ordnung",
    "not_ok": "NICHT in Ordnung",
    "setup_done": "Spiel für {n} Spieler eingerichtet. „Spiel starten“ drücken, wenn der Tisch bereit ist.",
    "setup_refused": "Einrichtung abgelehnt: {error}",
    "reveal_refused": "Aufdecken abgelehnt: {error}",
    "secrets_shown": "Geheimnisse (wieder verborgen, wenn Sie loslassen)",
    "live": "Live: Änderungen erscheinen sofort.",
    "closed": "Verbindung geschlossen. Seite neu laden (eventuell erneut anmelden).",
    "lost": "Verbindung verloren; verbinde neu …",
    "expired": "Sitzung abgelaufen. Seite neu laden, um sich erneut anzumelden.",
    "expiring": "Sitzung endet in einer Minute – eine beliebige Taste drücken, um angemeldet zu bleiben.",
    "revealed_notice": "Auf der Konsole wurden Geheimnisse gezeigt.",
    "revealed_notice_seat": "Auf der Konsole wurden Geheimnisse für {seat} gezeigt.",
    "err.nothing_to_undo": "Nichts zurückzunehmen: seit Spielbeginn gab es keine Aktion",
    "err.no_setup": "Kein Spiel eingerichtet: zuerst ein Spiel einrichten",
    "err.no_game": "Es läuft kein Spiel",
    "err.story_not_over": "Den Spielverlauf gibt es erst nach dem Spielende",
    "err.paused": "Das Spiel ist pausiert",
    "err.choose_needs_seats": "Eine Wahl braucht einen wählenden und einen gewählten Platz",
    "err.nothing_to_choose": "Jetzt ist nichts zu wählen",
    "err.board_mismatch": "Das Brett stimmt nicht mit dem Spiel überein; zuerst korrigieren",
    "err.unknown_command": "Unbekannter Befehl {name}",
    "err.action_refused": "{action} wurde abgelehnt (siehe Störungen und Ablehnungen)",
    "err.no_seat": "{seat} ist nicht in diesem Spiel",
    "err.seat_settings_seat": "Zuerst einen Platz wählen",
    "err.seat_settings_value": "{field}: Wert nicht erlaubt",
    "err.seat_settings_unknown": "Unbekannte Platzeinstellung",
    "err.seat_settings_not_saved": "Die Einstellungen konnten nicht gespeichert werden",
    "err.setup_players": "Dieses Spiel wird nicht mit so vielen Spielern gespielt",
    "err.setup_name_seat": "Ein Name für einen Platz außerhalb der Plätze 1 bis {last}",
    "err.setup_name_long": "Der Name für {seat} ist zu lang (höchstens 40 Zeichen und zweieinhalb Sekunden gesprochen)",
    "err.setup_name_invalid": "Der Name für {seat} muss eine Zeile einfacher Text sein",
    "err.setup_names": "Die Namen müssen nach Platz angegeben werden",
    "err.setup_not_object": "Die Einrichtung fehlt",
    "err.setup_invalid": "Ungültige Einrichtung: {detail}",
    "err.illegal.game_over": "Das Spiel ist vorbei",
    "err.illegal.malformed": "Die Aktion ist unvollständig oder fehlerhaft",
    "err.illegal.wrong_phase": "Diese Aktion passt jetzt nicht zur Spielphase",
    "err.illegal.not_alive": "Dieser Platz ist aus dem Spiel",
    "err.illegal.not_your_turn": "Dieser Platz ist nicht an der Reihe",
    "err.illegal.already_voted": "Dieser Platz hat schon abgestimmt",
    "err.illegal.invalid_target": "Dieser Platz kann nicht gewählt werden",
    "err.illegal.ineligible": "Dieser Platz darf jetzt nicht gewählt werden",
    "err.illegal.not_in_hand": "Das hat dieser Platz nicht auf der Hand",
    "err.refused": "{detail}",
    "err.not_json": "Die Anfrage war nicht lesbar (kein JSON)",
    "err.bad_fields": "Die Felder des Befehls waren nicht lesbar",
    "err.bad_seat": "Keine Platznummer",
    "err.service_failed": "Der Brett-Dienst hat versagt: {detail}",
    "err.unreachable": "Der Brett-Dienst antwortet nicht",
    "err.not_local": "Diese Konsole antwortet nur auf diesem Gerät (localhost)",
    "err.not_this_page": "Abgelehnt: Die Anfrage kam nicht von der Seite dieser Konsole; Seite neu laden",
    "err.not_logged_in": "Nicht angemeldet",
    "ss.rate": "Sprechtempo",
    "ss.volume": "Lautstärke",
    "ss.scan_interval": "Abtast-Pause",
    "ss.verbosity": "Wortlaut",
    "ss.gender": "Geschlecht",
    "ss.ignore_repeat": "Ignorierzeit für wiederholtes Drücken",
    "ss.name": "Name",
    # the engine's identifiers (English shows them as words, underscores as spaces)
    "term.connected": "verbunden",
    "term.disconnected": "getrennt",
    "term.start": "Spiel starten",
    "term.pause": "Pause",
    "term.resume": "Fortsetzen",
    "term.restart": "Neustart",
    "term.undo": "Zurücknehmen",
    "term.act": "Aktion",
    "term.choose": "Wahl",
    "term.seat_settings": "Platzeinstellungen",
    "term.story": "Spielverlauf",
    # action kinds and phases (refusals name them)
    "term.game_over": "Spielende",
}


# French (a game the board plays in French): the page follows a French setup
FR: dict[str, str] = {
    "title": "Console du maître du jeu",
    "skip": "Aller au jeu",
    "sub": "console du maître du jeu",
    "connecting": "Connexion…",
    "logout": "Se déconnecter",
    "nav": "Parties de la console",
    "glance": "Le jeu d'un coup d'œil",
    "must_act_line": "Doit jouer maintenant : {seats}",
    "announcements": "Annonces",
    "faults": "Pannes et refus",
    "health": "Lecteurs et fiches",
    "setup": "Préparer une partie",
    "controls": "Commandes de la partie",
    "help": "Aider un siège",
    "secrets": "Secrets",
    "phase_none": "Aucune partie préparée.",
    "paused": "En pause.",
    "paused_hint": "Les capteurs sont ignorés jusqu'à la reprise.",
    "col_seat": "Siège",
    "col_name": "Nom",
    "ann_hint": "Les 50 dernières annonces publiques, la plus récente en premier.",
    "health_none": "Pas encore de rapport.",
    "setup_game": "Jeu",
    "game_not_playable": "{game} (pas encore sur le plateau)",
    "setup_players": "Joueurs",
    "setup_names": "Noms des sièges (dits au lieu de « siège trois » ; vide pour le numéro)",
    "setup_language": "Langue",
    "setup_submit": "Préparer la partie",
    "cmd_start": "Commencer la partie",
    "cmd_pause": "Pause",
    "cmd_resume": "Reprendre",
    "cmd_undo": "Annuler la dernière action",
    "cmd_story": "Histoire de la partie",
    "story_h": "Histoire de la partie, tour par tour",
    "cmd_restart": "Recommencer la partie",
    "confirm_restart": "Terminer la partie en cours et revenir à la préparation ? Rien n'est distribué avant "
                       "qu'une nouvelle partie soit préparée et commencée. « Annuler la dernière action » "
                       "ramène la partie terminée tant qu'une nouvelle n'a pas commencé.",
    "restart_yes": "Oui, terminer la partie",
    "confirm_start": "Une partie est en cours. La terminer et commencer une nouvelle partie avec la "
                     "préparation ci-dessus ? « Annuler la dernière action » ramène la partie terminée "
                     "jusqu'au premier coup de la nouvelle.",
    "start_yes": "Oui, la terminer et recommencer",
    "start_done": "Nouvelle partie commencée. La partie terminée peut encore revenir avec « Annuler la "
                  "dernière action ».",
    "err.confirm_needed": "une partie est en cours : confirmez d'abord qu'elle se termine",
    "restart_no": "Annuler",
    "restart_done": "Partie terminée. Préparez la suivante sous « Préparer une partie ».",
    "act_legend": "Saisir une action pour un siège",
    "help_none": "Aucune partie sur le plateau : aucun siège à aider.",
    "no_secrets": "Rien de cette partie n'est secret maintenant.",
    "term.not_reported": "pas encore signalé",
    "act_kind": "Action",
    "act_submit": "Saisir l'action",
    "seat_settings": "Réglages des sièges",
    "ss_hint": "La voix et le défilement d'un siège (gardés d'une partie à l'autre, même après un "
               "redémarrage). Un champ vide suit le réglage du plateau.",
    "ss_seat": "Siège",
    "ss_name": "Nom",
    "ss_rate": "Débit de parole (mots par minute, 80 à 450)",
    "ss_volume": "Volume (pour cent, 0 à 100)",
    "ss_verbosity": "Formulation",
    "ss_verbosity_default": "Comme le plateau le décide",
    "ss_verbosity_auto": "Longue d'abord, puis courte",
    "ss_verbosity_short": "Toujours courte",
    "ss_verbosity_long": "Toujours longue",
    "ss_gender": "Genre grammatical",
    "ss_ignore_repeat": "Ignorer les appuis répétés pendant (secondes, 0,1 à 1,5)",
    "ss_gender_default": "Masculin (par défaut)",
    "ss_gender_m": "Masculin (le joueur)",
    "ss_gender_f": "Féminin (la joueuse)",
    "ss_scan_interval": "Intervalle de défilement (secondes, 0,5 à 5)",
    "ss_pace": "Rythme appris : répond en {reaction} s environ ({acts} actes récents) ; un appui jusqu'à "
               "{window} s après un nom le choisit encore.",
    "ss_pace_none": "Rythme appris : aucun pour l'instant (le rythme du plateau).",
    "ss_submit": "Enregistrer les réglages",
    "ss_saved": "Réglages de {seat} enregistrés.",
    "ss_refused": "Non enregistré : {error}",
    "ss_not_number": "{field} : pas un nombre",
    "reveal_hint": "Les rôles et les mains restent cachés. Le bouton les montre 10 secondes (clic, "
                   "toucher, Entrée ou Espace ; l'activation d'un lecteur d'écran aussi) ; ils se "
                   "cachent d'eux-mêmes, ou quand vous appuyez de nouveau. Chaque révélation est notée.",
    "reveal_show": "Montrer",
    "reveal_all": "Tous les sièges",
    "reveal_button": "Révéler pendant 10 secondes",
    "reveal_hide": "Cacher les secrets maintenant",
    "picture_filled": "occupé",
    "picture_here": "la fiche est ici",
    "reveal_left": "Caché de nouveau dans {n} s",
    "login_title": "Connexion – console du maître du jeu",
    "login": "Se connecter",
    "login_pin": "PIN ou jeton",
    "login_hint": "Le PIN a été choisi à l'installation du plateau",
    "login_wrong": "PIN erroné. Réessayez.",
    "login_wait": "Trop de PIN erronés. Attendez {seconds} secondes, puis réessayez.",
    "login_wait.one": "Trop de PIN erronés. Attendez {seconds} seconde, puis réessayez.",
    "none": "aucun",
    "seat_n": "Siège {n}",
    "seat_named": "{name} (siège {n})",
    "unreachable": "La console est injoignable.",
    "logged_out": "Déconnecté.",
    "error_status": "Erreur {status}",
    "done": "Fait : {what}.",
    "refused": "Refusé : {error}",
    "phase_set_up": "Partie préparée pour {n} joueurs, pas commencée.",
    "none_yet": "Rien pour l'instant.",
    "kind_refusal": "Refus",
    "kind_fault": "Panne",
    "reader_named": "Lecteur {name}",
    "board_matches": "Le plateau correspond à la partie",
    "yes": "oui",
    "no_because": "non : {list}",
    "stuck": "Fiches bloquées ou instables",
    "board": "Plateau",
    "ok": "OK",
    "not_ok": "PAS OK",
    "setup_done": "Partie préparée pour {n} joueurs. Appuyez sur « Commencer la partie » quand la table est prête.",
    "setup_refused": "Préparation refusée : {error}",
    "reveal_refused": "Révélation refusée : {error}",
    "secrets_shown": "Secrets (cachés de nouveau ensuite)",
    "live": "En direct : mis à jour à chaque changement.",
    "closed": "Connexion fermée. Rechargez la page (il faudra peut-être se reconnecter).",
    "lost": "Connexion perdue ; reconnexion…",
    "expired": "Session expirée. Rechargez la page pour vous reconnecter.",
    "expiring": "La session se termine dans une minute — appuyez sur une touche pour rester connecté.",
    "revealed_notice": "Des secrets ont été montrés sur la console.",
    "revealed_notice_seat": "Des secrets de {seat} ont été montrés sur la console.",
    "err.nothing_to_undo": "rien à annuler : aucune action depuis le début de la partie",
    "err.no_setup": "aucune préparation : préparez d'abord la partie",
    "err.no_game": "aucune partie en cours",
    "err.story_not_over": "l'histoire se raconte une fois la partie terminée",
    "err.paused": "la partie est en pause",
    "err.choose_needs_seats": "un choix demande un siège qui choisit et un siège choisi",
    "err.nothing_to_choose": "rien à choisir maintenant",
    "err.board_mismatch": "le plateau ne correspond pas à la partie ; corrigez-le d'abord",
    "err.unknown_command": "commande inconnue {name}",
    "err.action_refused": "{action} a été refusé (voir pannes et refus)",
    "err.no_seat": "{seat} n'est pas dans cette partie",
    "err.seat_settings_seat": "choisissez d'abord un siège",
    "err.seat_settings_value": "{field} : valeur non permise",
    "err.seat_settings_unknown": "réglage de siège inconnu",
    "err.seat_settings_not_saved": "les réglages n'ont pas pu être enregistrés",
    "err.setup_players": "ce jeu ne se joue pas avec autant de joueurs",
    "err.setup_name_seat": "un nom pour un siège hors des sièges 1 à {last}",
    "err.setup_names": "les noms se donnent siège par siège",
    "err.setup_name_long": "le nom de {seat} est trop long (40 caractères et deux secondes et demie de parole au plus)",
    "err.setup_name_invalid": "le nom de {seat} doit tenir sur une ligne de texte simple",
    "err.setup_not_object": "la préparation manque",
    "err.setup_invalid": "préparation invalide : {detail}",
    "err.illegal.game_over": "la partie est terminée",
    "err.illegal.malformed": "l'action est incomplète ou mal formée",
    "err.illegal.wrong_phase": "cette action ne convient pas à la phase de la partie",
    "err.illegal.not_alive": "ce siège est éliminé",
    "err.illegal.not_your_turn": "ce n'est pas le tour de ce siège",
    "err.illegal.already_voted": "ce siège a déjà voté",
    "err.illegal.invalid_target": "ce siège ne peut pas être choisi",
    "err.illegal.ineligible": "ce siège ne peut pas être choisi maintenant",
    "err.illegal.not_in_hand": "ce n'est pas dans la main",
    "err.refused": "{detail}",
    "err.not_json": "la demande est illisible (pas du JSON)",
    "err.bad_fields": "les champs de la commande sont illisibles",
    "err.bad_seat": "pas un numéro de siège",
    "err.service_failed": "le service du plateau a échoué : {detail}",
    "err.unreachable": "le service du plateau ne répond pas",
    "err.not_local": "cette console ne répond que sur cette machine (localhost)",
    "err.not_this_page": "refusé : la demande ne vient pas de la page de cette console ; rechargez-la",
    "err.not_logged_in": "pas connecté",
    "ss.rate": "débit de parole",
    "ss.volume": "volume",
    "ss.scan_interval": "intervalle de défilement",
    "ss.verbosity": "formulation",
    "ss.gender": "genre grammatical",
    "ss.ignore_repeat": "durée d'oubli des appuis répétés",
    "ss.name": "nom",
    "term.connected": "connecté",
    "term.disconnected": "déconnecté",
    "term.start": "commencer la partie",
    "term.pause": "pause",
    "term.resume": "reprendre",
    "term.restart": "recommencer",
    "term.undo": "annuler",
    "term.act": "action",
    "term.choose": "choix",
    "term.seat_settings": "réglages des sièges",
    "term.story": "histoire de la partie",
    "term.game_over": "fin de partie",
}


#: language -> key -> text
MESSAGES: dict[str, dict[str, str]] = {"de": DE, "en": EN, "fr": FR}


def language_or_none(value: Any) -> str | None:
    """``value`` if it is one of :data:`LANGUAGES` (``"de"``, ``"en"``, ``"fr"``), else None."""
    return value if isinstance(value, str) and value in LANGUAGES else None


def page_language(setup_language: Any, board_language: Any = None) -> str:
    """The page's language: the game's setup names it; before a setup, the board's config
    (``[audio] language``); else :data:`DEFAULT_LANGUAGE` (German)."""
    return (language_or_none(setup_language) or language_or_none(board_language)
            or DEFAULT_LANGUAGE)


_FIELD = re.compile(r"\{(\w+)\}")


#: the parameters that count something; a key with a ``<key>.one`` variant uses it when
#: the first of these in ``params`` is 1 (German and English: singular for exactly one).
COUNT_PARAMS = ("n", "seconds", "count")


def plural_key(key: str, params: dict) -> str:
    """``key + ".one"`` when that text exists and the count (:data:`COUNT_PARAMS`) is 1,
    else ``key``: "1 Sekunde"/"1 second", "2 Sekunden"/"2 seconds", "0 Sekunden"/"0 seconds"."""
    one = key + ".one"
    if one not in EN:
        return key
    count = next((params[p] for p in COUNT_PARAMS if p in params), None)
    return one if count == 1 and not isinstance(count, bool) else key


def text(key: str, language: str, **params: Any) -> str:
    """The text of ``key`` in ``language`` with ``{name}`` fields filled from ``params``;
    singular or plural by the count (:func:`plural_key`).

    Falls back to English, then to the key itself (a missing word never breaks the page).
    """
    key = plural_key(key, params)
    template = MESSAGES.get(language, EN).get(key, EN.get(key, key))
    return _FIELD.sub(lambda m: str(params.get(m.group(1), m.group(0))), template)


def _term(identifier: Any, language: str) -> str:
    key = f"term.{identifier}"
    table = MESSAGES.get(language, EN)
    return table.get(key) or EN.get(key) or str(identifier).replace("_", " ")


def refusal_text(code: str, params: dict | None, language: str, words: dict | None = None) -> str:
    """A refusal (``CommandRefused.code`` and ``.params``, or the console's own ``not_json``…)
    in ``language``, as the page's script words it (``err.<code>``).

    ``seat`` (0-based) becomes "Platz 3"/"seat 3" (1-based); ``action``, ``phase`` and
    ``reason`` become the engine term's word; ``field`` a seat setting's name. An act the rules
    refused for a reason (``illegal.<reason>`` with ``action``) is named first: "vote: that
    seat has already voted". An unknown code gives ``params["detail"]`` (the English message)
    or the code itself.

    :param code: e.g. ``"nothing_to_undo"``.
    :param params: the refusal's fields (may be None).
    :param language: ``"de"`` or ``"en"``.
    :param words: the game's own words for the refusal (``{language: text}``, the response's
        ``words``): said as they are, in ``language`` or else English.
    """
    if words:
        return str(words.get(language) or words.get("en") or next(iter(words.values())))
    params = dict(params or {})
    key = f"err.{code}"
    if key not in EN:
        return str(params.get("detail") or code)
    if isinstance(params.get("seat"), int):
        params["seat"] = text("seat_n", language, n=params["seat"] + 1)
    for name in ("action", "phase", "reason"):
        if name in params:
            params[name] = _term(params[name], language)
    if "field" in params:
        params["field"] = text(f"ss.{params['field']}", language)
    if code.startswith("illegal.") and "action" in params:     # the act named first
        colon = " : " if language == "fr" else ": "       # French typography spaces a colon
        return f"{params['action']}{colon}{text(key, language, **params)}"
    return text(key, language, **params)


def tables_json() -> str:
    """Both tables as JSON safe inside ``<script type="application/json">`` (no ``</``)."""
    return json.dumps(MESSAGES, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
