#!/usr/bin/env bash
# Measures the app on a big account, as the "Big accounts" table of
# docs/performance.md reports it: the time from the last byte of `GET
# /orders` to its rows drawn, and the app's peak resident memory (VmHWM) per
# record held, whole and above the same app on a 10-record account (what the
# app holds at any size: fonts, the GPU context, the rasterizer's code),
# which is measured first.
#
#   benches/big_account.sh [RECORDS] [VIEW]      (defaults: 100000 orders)
#
# It builds the release binary (unless BRLV_BIN names one), starts the
# sandbox seeded with RECORDS completed orders and as many transfers,
# withdrawals and PIX deposits, runs the app on it in a virtual display
# (Xvfb, which `.ci/run` installs) with a throwaway home, samples VmHWM
# every second, and stops once every list has been drawn and the memory has
# settled. Nothing outside a temporary folder is touched.
set -euo pipefail

records="${1:-100000}"
view="${2:-orders}"
port="${BRLV_BENCH_PORT:-8795}"
cd "$(dirname "$0")/.."

if [[ -z "${BRLV_BIN:-}" ]]; then
    nice -n 10 cargo build --release --quiet
    BRLV_BIN="$PWD/target/release/brlv-desk"
fi

work=""
sandbox_pid=""
app_pid=""
xvfb_run_pid=""
# The app is stopped first; xvfb-run then stops its display by itself. If
# it has not within 5 s (or the app never started), its display is stopped
# here: a run cut short must not leave an Xvfb behind.
stop_run() {
    [[ -n "$app_pid" ]] && kill "$app_pid" 2>/dev/null || true
    if [[ -n "$xvfb_run_pid" ]]; then
        for _ in $(seq 50); do
            kill -0 "$xvfb_run_pid" 2>/dev/null || break
            sleep 0.1
        done
        if kill -0 "$xvfb_run_pid" 2>/dev/null; then
            pkill -TERM -P "$xvfb_run_pid" 2>/dev/null || true
            kill "$xvfb_run_pid" 2>/dev/null || true
        fi
    fi
    [[ -n "$sandbox_pid" ]] && kill "$sandbox_pid" 2>/dev/null || true
    wait 2>/dev/null || true
    app_pid="" sandbox_pid="" xvfb_run_pid=""
}
cleanup() {
    stop_run
    [[ -n "$work" ]] && rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# run_app RECORDS: the app on a sandbox seeded with RECORDS of each list,
# until every list is drawn and the memory has settled; sets hwm_kib and
# rss_kib, and leaves the app's log in "$work/app.log".
run_app() {
    local seeded="$1"
    rm -rf "$work"
    work="$(mktemp -d)"
    "$BRLV_BIN" sandbox --listen "127.0.0.1:$port" --seed-records "$seeded" \
        --demo-credentials "$work/cred" >"$work/sandbox.log" 2>&1 &
    sandbox_pid=$!
    for _ in $(seq 600); do
        [[ -f "$work/cred/env.sh" ]] && break
        if ! kill -0 "$sandbox_pid" 2>/dev/null; then
            echo "the sandbox stopped; its log:" >&2
            cat "$work/sandbox.log" >&2
            exit 1
        fi
        sleep 1
    done
    (
        # shellcheck disable=SC1091
        source "$work/cred/env.sh"
        export HOME="$work/home" XDG_CONFIG_HOME="$work/home/config" \
            XDG_DATA_HOME="$work/home/data" XDG_STATE_HOME="$work/home/state" \
            BRLV_LOG="brlv_timing=debug" NO_COLOR=1
        mkdir -p "$HOME"
        exec xvfb-run -a -s "-screen 0 1280x800x24" "$BRLV_BIN" --view "$view"
    ) >"$work/app.log" 2>&1 &
    xvfb_run_pid=$!
    for _ in $(seq 100); do
        # By the process's name: xvfb-run forks a shell (with its own
        # command line, this view's name included) before it execs Xvfb,
        # and a busy machine can catch that fork in between.
        app_pid="$(pgrep -P "$xvfb_run_pid" -x "$(basename "$BRLV_BIN" | cut -c1-15)" || true)"
        [[ -n "$app_pid" ]] && break
        sleep 0.2
    done
    if [[ -z "$app_pid" ]]; then
        echo "the app did not start; its log:" >&2
        cat "$work/app.log" >&2
        exit 1
    fi
    # Every list drawn (orders, transfers, withdrawals, BRL deposits), then
    # ten more seconds for the memory to settle.
    local settled=0
    for _ in $(seq 1800); do
        sleep 1
        [[ -r "/proc/$app_pid/status" ]] || break
        hwm_kib="$(awk '/VmHWM/ {print $2}' "/proc/$app_pid/status")"
        rss_kib="$(awk '/VmRSS/ {print $2}' "/proc/$app_pid/status")"
        if [[ "$(sed 's/\x1b\[[0-9;]*m//g' "$work/app.log" | grep 'rows drawn' |
            grep -cE 'resource=(Orders|Transfers|Withdrawals|DepositsBrl)\b' || true)" -ge 4 ]]; then
            settled=$((settled + 1))
            [[ "$settled" -ge 10 ]] && break
        fi
    done
    stop_run
    sed -i 's/\x1b\[[0-9;]*m//g' "$work/app.log"
}

run_app 10
base_kib="$hwm_kib"
run_app "$records"

held=$((records * 4))
echo "records: $records orders, as many transfers, withdrawals and PIX deposits ($held in all)"
if ! python3 - "$work/app.log" <<'PY'
import re, sys
from datetime import datetime
stamp = lambda line: datetime.fromisoformat(line.split()[0].rstrip("Z"))
lines = open(sys.argv[1]).read().splitlines()
last_byte = next((l for l in lines if "last byte received" in l and re.search(r"/api/v0/orders\s*$", l)), None)
drawn = next((l for l in lines if "rows drawn" in l and "resource=Orders" in l), None)
if not (last_byte and drawn):
    sys.exit(1)
print(f"last byte of /orders to its rows drawn: {(stamp(drawn) - stamp(last_byte)).total_seconds():.2f} s")
PY
then
    cp "$work/app.log" /tmp/big_account_app.log
    echo "the orders were not drawn; the app's log is kept in /tmp/big_account_app.log" >&2
    exit 1
fi
echo "peak memory (VmHWM): $((hwm_kib / 1024)) MiB, $((hwm_kib * 1024 / held)) bytes per record"
per_record=$(((hwm_kib - base_kib) * 1024 / held))
# The goal: what the records cost, beyond what the app holds at any size.
if [[ "$per_record" -le 200 ]]; then verdict="within the goal of 200"; else verdict="over the goal of 200"; fi
echo "above the 10-record account's peak ($((base_kib / 1024)) MiB): $per_record bytes per record, $verdict"
echo "settled (VmRSS): $((rss_kib / 1024)) MiB, $(((rss_kib - base_kib) * 1024 / held)) bytes per record above that peak"
