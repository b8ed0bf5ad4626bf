#!/usr/bin/env bash
# Runs test binaries with the system clock moved, by libfaketime, to the
# calendar's edges a tax year meets: the last evening of a month in Brasília
# (already the next day in UTC), the first half hour of a month, the year's
# last half hour, and a leap day. Every process a test starts (the headless
# sandbox, the command line) inherits the same moved clock; the monotonic
# clock is left alone, so timeouts and sleeps keep their real length.
#
#   .ci/calendar_edges.sh BINARY...    each BINARY is `NAME=DIR=PATH`: a
#                                      test executable (cargo test --no-run
#                                      --message-format=json names it) run
#                                      from DIR, as cargo runs it
#
# The clock is given to faketime as an offset from now (`-f +Ns`), so it
# runs on from the instant; the instants are fixed, whatever day CI runs.
# The four instants run side by side: the tests mostly wait on loopback
# servers and child processes, and each instant's processes see only their
# own clock.
set -euo pipefail

if ! command -v faketime >/dev/null; then
  echo "faketime is not installed (Debian's package faketime)"; exit 1
fi
[ "$#" -gt 0 ] || { echo "usage: $0 NAME=DIR=PATH..."; exit 2; }

instants=(
  "2026-12-01T02:30:00Z 30-Nov-23h30-Brasilia"
  "2026-12-01T03:30:00Z 1-Dec-00h30-Brasilia"
  "2027-01-01T02:30:00Z 31-Dec-23h30-Brasilia"
  "2028-02-29T15:00:00Z 29-Feb-2028-noon-Brasilia"
)

logs=$(mktemp -d)
pids=()
names=()
for entry in "${instants[@]}"; do
  read -r instant label <<<"$entry"
  (
    offset=$(( $(date -u -d "$instant" +%s) - $(date -u +%s) ))
    sign=+
    [ "$offset" -lt 0 ] && sign=- && offset=$(( -offset ))
    failures=0
    for binary in "$@"; do
      name=${binary%%=*}
      rest=${binary#*=}
      dir=${rest%%=*}
      path=${rest#*=}
      echo "== $label ($instant, faketime -f ${sign}${offset}s): $name"
      if ! (cd "$dir" && FAKETIME_DONT_FAKE_MONOTONIC=1 faketime -f "${sign}${offset}s" \
        "$path" --test-threads=4 >"$logs/$label.$name.out" 2>&1); then
        failures=$((failures + 1))
        # The failing tests whole, with what they printed.
        sed -n '/^failures:$/,$p' "$logs/$label.$name.out"
      fi
      grep -E '^test result' "$logs/$label.$name.out" || tail -n 20 "$logs/$label.$name.out"
    done
    exit "$failures"
  ) >"$logs/$label.log" 2>&1 &
  pids+=("$!")
  names+=("$label")
done

failed=0
for index in "${!pids[@]}"; do
  if wait "${pids[$index]}"; then
    status=passed
  else
    status=FAILED
    failed=1
  fi
  cat "$logs/${names[$index]}.log"
  echo "-- ${names[$index]}: $status"
done
rm -rf "$logs"
exit "$failed"
