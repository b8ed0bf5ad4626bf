#!/usr/bin/env bash
# Runs the window as a screen reader finds it and walks its tree:
#   atspi_session.sh BINARY MODE [APP ARGS...]   (MODE: views, order, onboarding, hostile, review, repeat, offline)
# Must run inside Xvfb (xvfb-run) and a D-Bus session (dbus-run-session).
# Starts the accessibility bus, marks assistive technology on (AccessKit
# exposes the tree only then), starts the app on its embedded sandbox in
# English (onboarding: with no profile and no sandbox), and runs .ci/atspi_walk.py MODE with Debian's python3 (pyatspi).
set -euo pipefail
binary="$1"; mode="$2"; shift 2
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=.ci/atspi_bus.sh
source "$here/atspi_bus.sh"
launcher=$atspi_launcher
# A profile directory of its own: the walk neither reads nor changes the person's.
export XDG_CONFIG_HOME XDG_DATA_HOME
XDG_CONFIG_HOME="$(mktemp -d)"; XDG_DATA_HOME="$XDG_CONFIG_HOME"
# onboarding: no profile at all; hostile and review: the BRLV_* environment
# profile the caller set (a plain key), against its own headless sandbox.
sandbox=--sandbox
[ "$mode" = onboarding ] && sandbox=
[ "$mode" = hostile ] && sandbox=
[ "$mode" = review ] && sandbox=
[ "$mode" = repeat ] && sandbox=
[ "$mode" = offline ] && sandbox=
# review and repeat read the sandbox's lists with the same binary's `call`.
export BRLV_BINARY="$binary"
"$binary" $sandbox --language en "$@" &
app=$!
status=0
/usr/bin/python3 "$here/atspi_walk.py" "$mode" || status=$?
kill "$app" 2>/dev/null || true
wait "$app" 2>/dev/null || true
kill "$launcher" 2>/dev/null || true
exit "$status"
