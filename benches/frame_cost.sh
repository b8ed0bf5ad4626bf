#!/usr/bin/env bash
# What the window costs the CPU on a software rasterizer, as the "A frame on
# the CPU" part of docs/performance.md reports it: per frame on the Overview,
# and over ten seconds left alone with a countdown on screen, while every
# request hangs (loading), and while a payout's request hangs (sending).
#
#   benches/frame_cost.sh [SCENARIO...]     (default: overview loading sending minimised)
#
# Each scenario runs in an Xvfb of its own (1280x800, Mesa's llvmpipe, which
# `.ci/run` installs with xdotool and python3-pyatspi) and a D-Bus session;
# see benches/frame_cost.py for what each does. It builds the release binary
# unless BRLV_BIN names one (to measure another build the same way). Lines
# read `scenario window: frames, app CPU, X server CPU`; the CPU is user plus
# system time of every thread (llvmpipe rasterizes on the app's threads).
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ -z "${BRLV_BIN:-}" ]]; then
    nice -n 10 cargo build --release --quiet
    BRLV_BIN="$PWD/target/release/brlv-desk"
fi
scenarios=("$@")
[[ ${#scenarios[@]} -gt 0 ]] || scenarios=(overview loading sending minimised)

for scenario in "${scenarios[@]}"; do
    xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- \
        /usr/bin/python3 benches/frame_cost.py "$BRLV_BIN" "$scenario" 2>/dev/null |
        awk '$1 == "SKIPPED" { print; next }
        $1 == "RESULT" {
            frames = $4; app = $5; x = $6
            per_frame = frames > 0 ? sprintf("%.1f ms a frame", app * 1000 / frames) : "no frame"
            printf "%-16s window %s: %3d frames, app %5.2f s CPU (%5.1f %% of a core, %s), X server %5.2f s\n",
                $2, $3, frames, app, app * 10, per_frame, x
        }'
done
