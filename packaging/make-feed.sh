#!/usr/bin/env bash
# Writes the update feed for the packages of this version in target/packages/
# and signs it with minisign, the key packaging/sign.sh signs the packages with:
#
#   packaging/make-feed.sh --base-url URL --notes-en FILE --notes-pt-br FILE
#       [--date YYYY-MM-DD] [--valid-days N] [--packages DIR] [--security] [--signed]
#
#   --base-url URL      where the packages will be published (https://…/VERSION/):
#                       each package's URL is URL/FILE
#   --notes-en FILE     the release notes in English, and
#   --notes-pt-br FILE  in Brazilian Portuguese (plain text)
#   --date              the release's day (today, UTC, by default)
#   --valid-days N      how long the feed is trusted after it is signed (30 by
#                       default): the program refuses it once "expires" has
#                       passed, so sign it again (run this again) before then
#   --packages DIR      where the packages are (target/packages)
#   --security          the release fixes a security problem: the window's
#                       notice says so ("security": true)
#   --signed            fail unless the feed is signed (BRLV_MINISIGN_KEY unset)
#
# Writes DIR/feed.json (version, date, when it is signed and when it expires,
# notes, the security mark, and per
# platform the package's URL, size and SHA-256; the format is in
# docs/installing.md) and, with
# BRLV_MINISIGN_KEY (and BRLV_MINISIGN_PASSWORD), DIR/feed.json.minisig.
# A platform whose package was not built is left out.
set -euo pipefail
cd "$(dirname "$0")/.."

base_url="" notes_en="" notes_pt_br="" date="" packages=target/packages require_signature=false security=false valid_days=30
while [ $# -gt 0 ]; do
  case "$1" in
    --base-url) base_url="$2"; shift 2 ;;
    --notes-en) notes_en="$2"; shift 2 ;;
    --notes-pt-br) notes_pt_br="$2"; shift 2 ;;
    --date) date="$2"; shift 2 ;;
    --valid-days) valid_days="$2"; shift 2 ;;
    --packages) packages="$2"; shift 2 ;;
    --signed) require_signature=true; shift ;;
    --security) security=true; shift ;;
    -h|--help) sed -n '2,27p' "$0"; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
[ -n "$base_url" ] && [ -n "$notes_en" ] && [ -n "$notes_pt_br" ] ||
  { echo "give --base-url, --notes-en and --notes-pt-br (see --help)" >&2; exit 2; }
case "$base_url" in
  https://*) ;;
  *) echo "--base-url must be https:// (the program fetches nothing else off this machine)" >&2; exit 2 ;;
esac
for file in "$notes_en" "$notes_pt_br"; do
  [ -f "$file" ] || { echo "no notes file $file" >&2; exit 2; }
done
date="${date:-$(date -u +%Y-%m-%d)}"
[[ "$date" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { echo "--date must be YYYY-MM-DD" >&2; exit 2; }
[[ "$valid_days" =~ ^[1-9][0-9]{0,2}$ ]] || { echo "--valid-days must be 1 to 999" >&2; exit 2; }
# RFC 3339 in UTC, as the program reads them.
now=$(date -u +%s)
signed=$(date -u -d "@$now" +%Y-%m-%dT%H:%M:%SZ)
expires=$(date -u -d "@$(( now + valid_days * 86400 ))" +%Y-%m-%dT%H:%M:%SZ)
if $require_signature && [ -z "${BRLV_MINISIGN_KEY:-}" ]; then
  echo "--signed: no BRLV_MINISIGN_KEY to sign the feed with" >&2
  exit 1
fi

version=$(grep -m1 '^version' Cargo.toml | cut -d'"' -f2)
base_url="${base_url%/}"

# A JSON string: backslash, quote and the control characters a text file
# holds escaped; any other control character refused.
json_string() {
  local text="$1"
  if [[ "$text" =~ [$'\x01'-$'\x08'$'\x0b'$'\x0c'$'\x0e'-$'\x1f'] ]]; then
    echo "the notes hold a control character" >&2
    return 1
  fi
  text="${text//\\/\\\\}"
  text="${text//\"/\\\"}"
  text="${text//$'\n'/\\n}"
  text="${text//$'\r'/\\r}"
  text="${text//$'\t'/\\t}"
  printf '"%s"' "$text"
}

entries=()
for platform_file in \
  "windows-x86_64-nsis brlv-desk_${version}_x64-setup.exe" \
  "windows-x86_64-msi brlv-desk_${version}_x64.msi" \
  "linux-x86_64-deb brlv-desk_${version}-1_amd64.deb" \
  "linux-x86_64-rpm brlv-desk-${version}-1.x86_64.rpm"; do
  platform="${platform_file%% *}"
  file="${platform_file#* }"
  if [ ! -f "$packages/$file" ]; then
    echo "no $file: $platform left out"
    continue
  fi
  size=$(stat -c %s "$packages/$file")
  sha256=$(sha256sum "$packages/$file" | cut -d' ' -f1)
  entries+=("    \"$platform\": { \"url\": $(json_string "$base_url/$file"), \"size\": $size, \"sha256\": \"$sha256\" }")
  echo "$platform: $file ($size bytes, SHA-256 $sha256)"
done
[ ${#entries[@]} -gt 0 ] || { echo "no package of version $version in $packages: build them first" >&2; exit 1; }

feed="$packages/feed.json"
{
  printf '{\n  "version": "%s",\n  "date": "%s",\n' "$version" "$date"
  printf '  "signed": "%s",\n  "expires": "%s",\n' "$signed" "$expires"
  printf '  "notes": {\n    "en": %s,\n    "pt-BR": %s\n  },\n' \
    "$(json_string "$(cat "$notes_en")")" "$(json_string "$(cat "$notes_pt_br")")"
  printf '  "security": %s,\n' "$security"
  printf '  "platforms": {\n'
  last=$(( ${#entries[@]} - 1 ))
  for index in "${!entries[@]}"; do
    if [ "$index" -lt "$last" ]; then printf '%s,\n' "${entries[$index]}"; else printf '%s\n' "${entries[$index]}"; fi
  done
  printf '  }\n}\n'
} >"$feed"
echo "wrote $feed (brlv-desk $version, $date; signed $signed, expires $expires)"
rm -f "$feed.minisig"
packaging/sign.sh minisign "$feed"
