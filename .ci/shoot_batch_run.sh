#!/usr/bin/env bash
# Usage: .ci/shoot_batch_run.sh BIN FILE OUT LANGUAGE SCALE
# A payouts file run in the window, then the batch screen as it reads after
# the run: the window on its embedded sandbox opens FILE, a screen reader's
# presses (AT-SPI "click") choose "Review and send…" and "Confirm", and once
# the run's result is on screen (and the rows' states at the service have
# been read again) the screen is taken with ImageMagick's `import`.
# Must run inside Xvfb (xvfb-run) and a D-Bus session (dbus-run-session).
set -euo pipefail
binary="$1"; file="$2"; out="$3"; language="$4"; scale="$5"
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=.ci/atspi_bus.sh
source "$here/atspi_bus.sh"
launcher=$atspi_launcher
# A profile directory of its own: the run neither reads nor changes the person's.
export XDG_CONFIG_HOME XDG_DATA_HOME
XDG_CONFIG_HOME="$(mktemp -d)"; XDG_DATA_HOME="$XDG_CONFIG_HOME"
"$binary" --sandbox --view withdrawals --payouts-file "$file" --language "$language" --scale "$scale" &
app=$!
trap 'kill "$app" 2>/dev/null || true; kill "$launcher" 2>/dev/null || true; rm -rf "$XDG_CONFIG_HOME"' EXIT
/usr/bin/python3 - "$here" "$language" <<'PY'
import sys
import time

sys.path.insert(0, sys.argv[1])
import pyatspi  # noqa: E402
from atspi_walk import find_app, press, wait_for, walk  # noqa: E402

WORDS = {
    "en": {"review": "Review and send…", "confirm": "Confirm", "result": "sent in this run",
           "heading": "checked.csv: 4 rows", "dismiss": "Dismiss update notice"},
    "pt-BR": {"review": "Revisar e enviar…", "confirm": "Confirmar", "result": "nesta execução",
              "heading": "checked.csv: 4 linhas", "dismiss": "Dispensar aviso de atualização"},
}[sys.argv[2]]


def showing(app, text):
    return any(text in (node.name or "") for node in walk(app))


app = wait_for("brlv-desk listed on the accessibility bus", find_app)
# The sandbox's made-up update notice would take half the screen at 200 %.
press(app, WORDS["dismiss"])
press(app, WORDS["review"])
press(app, WORDS["confirm"])
wait_for("the run's result", lambda: showing(app, WORDS["result"]), seconds=120)
# The rows' states are read again from the service while the window is open.
time.sleep(6)
# The rows from their heading down, as a person scrolls to them.
heading = next(node for node in walk(app) if (node.name or "").startswith(WORDS["heading"]))
heading.queryComponent().scrollTo(pyatspi.SCROLL_TOP_EDGE)
time.sleep(1)
print("the run's result is on screen")
PY
sleep 1
import -display "$DISPLAY" -window root -crop 1180x760+0+0 +repage "$out"
