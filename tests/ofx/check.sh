#!/usr/bin/env bash
# Reads an OFX file with libofx's ofxdump (Debian package `ofx`) and checks
# that it reads cleanly and completely: ofxdump exits 0 and says no WARNING
# or ERROR, and every movement (FITID) of the file comes out with its
# amount (ofxdump prints amounts at 2 places, so they are compared so).
#
#   tests/ofx/check.sh FILE.ofx
set -euo pipefail

file=${1:?usage: tests/ofx/check.sh FILE.ofx}
command -v ofxdump >/dev/null || { echo "ofxdump not found (apt-get install ofx)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! ofxdump "$file" >"$work/dump" 2>"$work/stderr"; then
    echo "ofxdump failed on $file:" >&2
    cat "$work/stderr" >&2
    exit 1
fi
if grep -E 'WARNING|ERROR|E: ' "$work/stderr" >&2; then
    echo "ofxdump reported the problems above in $file" >&2
    exit 1
fi

# FITID and amount of each STMTTRN in the file, amount rounded to 2 places.
awk -F'>' '
    /^<TRNAMT>/ { amount = $2 }
    /^<FITID>/  { printf "%s %.2f\n", $2, amount }
' "$file" | tr -d '\r' | sort >"$work/expected"
# The same pairs as ofxdump read them: the amount comes before the id.
awk -F': ' '
    /Total money amount:/ { amount = $2 }
    /Financial institution.s ID for this transaction:/ { printf "%s %.2f\n", $2, amount }
' "$work/dump" | sort >"$work/read"

expected=$(wc -l <"$work/expected")
if [ "$expected" -eq 0 ]; then
    echo "$file has no movement to check" >&2
    exit 1
fi
if ! diff -u "$work/expected" "$work/read" >&2; then
    echo "ofxdump did not read every movement of $file with its amount (diff above: - file, + ofxdump)" >&2
    exit 1
fi
echo "ofxdump read $file cleanly: $expected movements, every FITID and amount present"
