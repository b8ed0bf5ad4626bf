#!/bin/bash
# Usage: .ci/shoot_settled_sends.sh BIN PORT FILE [WINDOW ARGS...]
# Sends a crash left without an answer, as the window tells them at start:
# a headless sandbox on PORT with one payout it holds and two identical
# ones (paid from another journal, so their answers never reached this
# one; the twin is sent with --again, past the repeat check, on purpose),
# then the journal a crash leaves (three POSTs with no outcome, sent
# 90 s ago), and a screenshot of the window on that profile.
set -eu
BIN=$1 PORT=$2 OUT=$3; shift 3
home=$(mktemp -d)
"$BIN" sandbox --listen "127.0.0.1:$PORT" --demo-credentials "$home/demo" >"$home/sandbox.log" 2>&1 &
sandbox=$!
trap 'kill $sandbox 2>/dev/null || true; rm -rf "$home"' EXIT
for _ in $(seq 1 100); do [ -s "$home/demo/env.sh" ] && break; sleep 0.1; done
# shellcheck disable=SC1091
source "$home/demo/env.sh"
for _ in $(seq 1 50); do "$BIN" call GET /api/v0/assets/brl/balance --quiet >/dev/null 2>&1 && break; sleep 0.2; done
pix() { echo "{\"asset\":\"fiat/brl\",\"method\":\"pix\",\"amount\":\"$1\",\"pix-key\":\"ana@example.com\"}"; }
for amount in 12.34 56.78 56.78; do
  XDG_DATA_HOME="$home/elsewhere" "$BIN" call POST /api/v0/withdrawals --allow-plain-key --again --data "$(pix "$amount")" --quiet >/dev/null 2>&1
done
export XDG_DATA_HOME="$home/data"
# The profile's journal is created by its first POST (this one refused).
"$BIN" call POST /api/v0/withdrawals --allow-plain-key --data '{"asset":"fiat/brl"}' --quiet >/dev/null 2>&1 || true
journal=$(ls "$XDG_DATA_HOME"/brlv-desk/journal/*.sqlite3)
python3 - "$journal" "$(pix 12.34)" "$(pix 56.78)" <<'PY'
import datetime, json, sqlite3, sys, uuid
path, done, twin = sys.argv[1:4]
ted = json.dumps({"asset": "fiat/brl", "method": "ted", "amount": "1234.56", "bank-code": "341",
                  "branch": "1234", "account": "12345-6", "account-type": "savings",
                  "document": "52998224725", "name": "Maria da Silva"}, separators=(",", ":"))
sent = (datetime.datetime.now(datetime.timezone.utc)
        - datetime.timedelta(seconds=90)).strftime("%Y-%m-%dT%H:%M:%SZ")
db = sqlite3.connect(path)
for body in (done, ted, twin):
    db.execute("INSERT INTO posts (id, sent_at, form, method, endpoint, body) "
               "VALUES (?, ?, 'withdrawal', 'POST', '/api/v0/withdrawals', ?)",
               (str(uuid.uuid4()), sent, body))
db.commit()
PY
xvfb-run -a -s "-screen 0 1280x800x24" "$BIN" --screenshot "$OUT" "$@"
