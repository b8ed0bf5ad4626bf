#!/usr/bin/env bash
# Usage: .ci/shoot_passphrase_dialog.sh BIN PORT OUT LANGUAGE SCALE
# The passphrase dialog over a withdrawal's review, as a person with a
# sealed key sees it: a headless sandbox on PORT, its demo key saved as a
# profile sealed with a passphrase (in a Secret Service of its own), the
# window unlocked and a Pix withdrawal filled, reviewed and confirmed by a
# screen reader's presses (AT-SPI); once the dialog asks for the
# passphrase, the screen is taken with ImageMagick's `import`. Nothing is
# sent: the dialog is left unanswered.
# Must run inside Xvfb (xvfb-run) and a D-Bus session (dbus-run-session).
set -euo pipefail
binary="$1"; port="$2"; out="$3"; language="$4"; scale="$5"
here="$(cd "$(dirname "$0")" && pwd)"
home=$(mktemp -d)
# The profile, the journal and the keyring in a scratch home.
export HOME="$home" XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data"
echo -n ci-unlock | gnome-keyring-daemon --unlock --components=secrets >/dev/null
sleep 1
"$binary" sandbox --listen "127.0.0.1:$port" --demo-credentials "$home/demo" >"$home/sandbox.log" 2>&1 &
sandbox=$!
launcher=""
app=""
trap 'kill $app $sandbox $launcher 2>/dev/null || true; rm -rf "$home"' EXIT
for _ in $(seq 1 100); do [ -s "$home/demo/env.sh" ] && break; sleep 0.1; done
# shellcheck disable=SC1091
source "$home/demo/env.sh"
echo "a passphrase of CI" | "$binary" profile add Demo --base-url "$BRLV_BASE_URL" \
  --api-key-file "$home/demo/api-key.txt" --private-key-file "$BRLV_PRIVATE_KEY_FILE" --passphrase-stdin
unset BRLV_BASE_URL BRLV_API_KEY BRLV_PRIVATE_KEY_FILE
# shellcheck source=.ci/atspi_bus.sh
source "$here/atspi_bus.sh"
launcher=$atspi_launcher
"$binary" --view withdrawals --language "$language" --scale "$scale" &
app=$!
/usr/bin/python3 - "$here" "$language" <<'PY'
import sys
import time

sys.path.insert(0, sys.argv[1])
import pyatspi  # noqa: E402
from atspi_walk import find_app, find_named, press, set_text, wait_for, walk  # noqa: E402

WORDS = {
    "en": {"passphrase": "Passphrase", "unlock": "Unlock", "amount": "Amount to withdraw",
           "key": "Pix key", "review": "Review withdrawal", "confirm": "Confirm",
           "dialog": "Confirm with your passphrase"},
    "pt-BR": {"passphrase": "Frase-senha", "unlock": "Desbloquear", "amount": "Valor do saque",
              "key": "Chave Pix", "review": "Revisar saque", "confirm": "Confirmar",
              "dialog": "Confirme com sua frase-senha"},
}[sys.argv[2]]


def showing(app, text):
    return any((node.name or "") == text for node in walk(app))


app = wait_for("brlv-desk listed on the accessibility bus", find_app)
# The lock screen's field is a password field, which set_text does not look for.
field = wait_for("the lock screen's passphrase field",
                 lambda: find_named(app, pyatspi.ROLE_PASSWORD_TEXT, WORDS["passphrase"]))
field.queryEditableText().setTextContents("a passphrase of CI")
time.sleep(0.5)
press(app, WORDS["unlock"])
set_text(app, WORDS["amount"], "150")
set_text(app, WORDS["key"], "529.982.247-25")
press(app, WORDS["review"])
press(app, WORDS["confirm"])
wait_for("the passphrase dialog", lambda: showing(app, WORDS["dialog"]), seconds=60)
time.sleep(1)
print("the passphrase dialog is open over the review")
PY
import -display "$DISPLAY" -window root -crop 1180x760+0+0 +repage "$out"
