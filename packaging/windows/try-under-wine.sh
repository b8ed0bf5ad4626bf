#!/usr/bin/env bash
# Tries the Windows installers under wine, as CI does on every run, in a
# fresh wine prefix under its own Xvfb display:
#
#   packaging/windows/try-under-wine.sh --sandbox-bin target/debug/brlv-desk [--shots DIR]
#
# For each installer (NSIS .exe, then MSI) from target/packages/:
#   1. an older version (the same program, packaged as 0.0.1) is installed,
#      then this one over it: one entry in Apps & features, at this version;
#   2. the installed files, the Start-menu shortcut and the entry are there,
#      the programs and the uninstaller byte for byte the ones staged (and
#      signed) at build time;
#   3. the installed console program prints --version and --help, and
#      `profile list`;
#   4. the installed window starts on the embedded sandbox with no graphics
#      backend chosen (Direct3D 12 fails under wine: the app must fall back
#      by itself) and saves a screenshot, checked like the Linux ones;
#   5. a sealed 4,096-bit key goes through wine's Credential Manager:
#      `profile add` (passphrase on standard input), `profile public-key`,
#      and `call --profile` answered 200 by a headless sandbox (the Linux
#      program given with --sandbox-bin);
#   6. (NSIS) the installed copy updates itself as the window's Update does:
#      a copy of the installed program, outside the folder being replaced,
#      runs `update install --after-caller --wait --package FILE
#      --relaunch -- ARGS`, which waits for its caller (here a shell
#      that holds its standard input for a few seconds), reads a feed served
#      over loopback and signed with a key made for the run, checks a higher
#      version's installer (beside it, as the window leaves it) against it,
#      runs it silently, waits for it and starts the
#      installed window again, which is seen saving a screenshot and logging
#      its start; Apps & features then shows the higher version, the
#      profile is still there and `call --profile` still answers 200; the
#      same feed against another key is refused;
#   7. the uninstaller runs silently: the program, its shortcut and its
#      entry are gone; the person's profiles stay.
#
# Needs, from Debian: wine wine64 (8.0), xvfb, mesa-vulkan-drivers
# libvulkan1, gcc-mingw-w64-x86-64, imagemagick, openssl, minisign, python3,
# nsis and wixl (for the older and the higher version). Writes the screenshots to DIR (default
# target/screenshots) and a log of what wine printed to DIR/wine.log.
set -euo pipefail
cd "$(dirname "$0")/../.."

sandbox_bin=""
shots=target/screenshots
while [ $# -gt 0 ]; do
  case "$1" in
    --sandbox-bin) sandbox_bin="$2"; shift 2 ;;
    --shots) shots="$2"; shift 2 ;;
    -h|--help) sed -n '2,33p' "$0"; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
[ -x "$sandbox_bin" ] || { echo "--sandbox-bin must name a Linux brlv-desk" >&2; exit 2; }

version=$(grep -m1 '^version' Cargo.toml | cut -d'"' -f2)
nsis_installer="$PWD/target/packages/brlv-desk_${version}_x64-setup.exe"
msi_installer="$PWD/target/packages/brlv-desk_${version}_x64.msi"
test -f "$nsis_installer" && test -f "$msi_installer" || {
  echo "build the installers first: packaging/build.sh --formats nsis,msi" >&2; exit 1; }
mkdir -p "$shots"
shots=$(cd "$shots" && pwd)
log="$shots/wine.log"
: >"$log"

work=$(mktemp -d)
children=()
cleanup() {
  for pid in "${children[@]}"; do kill "$pid" 2>/dev/null || true; done
  wineserver -k 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

export WINEPREFIX="$work/prefix" WINEARCH=win64 WINEDEBUG=-all
# No Mono or Gecko download; the ProcessPrng stand-in before wine's own DLL.
export WINEDLLOVERRIDES="mscoree,mshtml=;bcryptprimitives=n,b"
unset WGPU_BACKEND

# A display of its own: Xvfb picks a free number and writes it on fd 3.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$work/display" >/dev/null 2>&1 &
children+=($!)
for _ in $(seq 1 150); do [ -s "$work/display" ] && break; sleep 0.1; done
[ -s "$work/display" ] || { echo "Xvfb did not start" >&2; exit 1; }
export DISPLAY=":$(cat "$work/display")"

step() { echo "-- $*"; }
fail() { echo "FAILED: $*" >&2; echo "(wine's output: $log)" >&2; exit 1; }
# Runs a Windows program, its output kept in the log and printed.
win() { wine "$@" 2> >(tee -a "$log" >&2) | tr -d '\r'; }

step "a fresh wine prefix, with the ProcessPrng stand-in"
wineboot -i >>"$log" 2>&1
wineserver -w
x86_64-w64-mingw32-gcc -shared -O2 -s -o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" \
  packaging/windows/processprng.c -ladvapi32
windows_path() { winepath -w "$1" 2>/dev/null | tr -d '\r'; }
unix_path() { winepath -u "$1" 2>/dev/null | tr -d '\r'; }
local_app_data=$(unix_path "$(wine cmd /c 'echo %LOCALAPPDATA%' 2>/dev/null | tr -d '\r')")
app_data=$(unix_path "$(wine cmd /c 'echo %APPDATA%' 2>/dev/null | tr -d '\r')")
install_dir="$local_app_data/Programs/brlv-desk"
shortcut="$app_data/Microsoft/Windows/Start Menu/Programs/brlv-desk.lnk"
profile_book="$app_data/brlv-desk/config/profiles.json"
echo "install folder: $install_dir"

step "the older version to upgrade from (the same program, packaged as 0.0.1)"
old="$work/old"
packaging/windows/build-installers.sh --exe "target/windows-stage/$version/brlv-desk.exe" \
  --version 0.0.1 --out "$old" --uncompressed >/dev/null
old_nsis="$old/brlv-desk_0.0.1_x64-setup.exe"
old_msi="$old/brlv-desk_0.0.1_x64.msi"

step "a 4,096-bit key registered with a headless sandbox"
openssl genrsa -out "$work/key-4096.pem" 4096 2>/dev/null
openssl pkey -in "$work/key-4096.pem" -pubout -out "$work/public-4096.pem"
printf 'ci-windows-4096\n' >"$work/api-key.txt"
port=$(( 20000 + RANDOM % 20000 ))
"$sandbox_bin" sandbox --listen "127.0.0.1:$port" --api-key ci-windows-4096 \
  --public-key "$work/public-4096.pem" >"$work/sandbox.log" 2>&1 &
children+=($!)
for _ in $(seq 1 100); do grep -q "listening on" "$work/sandbox.log" && break; sleep 0.1; done
grep -q "listening on" "$work/sandbox.log" || fail "the sandbox did not start"

# The versions of the Apps & features entries naming brlv-desk (NSIS writes
# its entry to HKCU; wine's msiexec files a per-user MSI's under HKLM).
registered_version() {
  for root in HKCU HKLM; do
    wine reg query "$root\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall" /s 2>/dev/null
  done | tr -d '\r' |
    awk '/^HKEY/ {key=$0} /DisplayName/ && /brlv-desk/ {found[key]=1}
         /DisplayVersion/ {v[key]=$NF} END {for (k in found) print v[k]}'
}

check_png() {
  test -s "$1" || fail "no screenshot at $1"
  colours=$(identify -format %k "$1")
  echo "$1: $(identify -format '%w x %h' "$1"), $colours colours"
  [ "$colours" -ge 16 ] || fail "$1 looks blank"
}

try_installed() { # try_installed KIND
  local kind="$1" started=$SECONDS
  step "$kind: installed files, shortcut and Apps & features entry"
  for file in brlv-desk.exe brlv-desk.com brlv-desk.ico README.md docs/installing.md \
    assets/screenshots/overview.png; do
    test -f "$install_dir/$file" || fail "$kind did not install $file"
  done
  test -f "$shortcut" || fail "$kind made no Start-menu shortcut"
  # The programs (and NSIS's uninstaller) installed are the very files
  # signed and checked at build time (packaging/throwaway-signing.sh).
  local stage="target/windows-stage/$version" file
  for file in brlv-desk.exe brlv-desk.com; do
    cmp -s "$install_dir/$file" "$stage/$file" || fail "$kind installed another $file than the one staged and signed"
  done
  if [ "$kind" = nsis ]; then
    cmp -s "$install_dir/uninstall.exe" "$stage/uninstall.exe" ||
      fail "the installed uninstall.exe is not the one signed before packing"
  fi
  # NSIS points the shortcut at the installed icon; an MSI at its copy of
  # the Icon table's entry (brlvdesk.ico) in its own Installer folder.
  # Read whole before the search: `strings … | grep -q` under pipefail fails
  # at random when grep stops reading first (SIGPIPE).
  shortcut_text=$(strings -el "$shortcut")
  grep -qiE 'brlv-?desk\.ico$' <<<"$shortcut_text" ||
    fail "the $kind shortcut does not use the app's icon"
  versions=$(registered_version)
  echo "Apps & features: brlv-desk $versions"
  [ "$versions" = "$version" ] || fail "$kind: expected one entry at $version, found '$versions'"

  step "$kind: the console program prints in the console it was started from"
  out=$(win "$install_dir/brlv-desk.com" --version)
  [ "$out" = "brlv-desk $version" ] || fail "--version printed '$out'"
  win "$install_dir/brlv-desk.com" --help >"$work/help.txt"
  grep -q "profile" "$work/help.txt" || fail "--help does not list profile"
  head -n 12 "$work/help.txt"

  step "$kind: the installed window on the embedded sandbox, no graphics backend chosen"
  local shot="$shots/windows-$kind-overview.png" window_log="$work/window-$kind.log"
  rm -f "$shot"
  BRLV_LOG=info timeout 180 wine "$install_dir/brlv-desk.exe" --sandbox --screenshot "$(windows_path "$shot")" \
    >"$window_log" 2>&1 || { cat "$window_log" >>"$log"; fail "the window did not save its screenshot"; }
  cat "$window_log" >>"$log"
  check_png "$shot"
  # The process takes the shortcut's application user model id at start.
  grep -m1 "application user model id set: org.brlvdesk.desk" "$window_log" ||
    fail "the window did not set its application user model id"
  # Which backends failed before one drew (Direct3D 12 does under wine).
  grep "could not open with the graphics backends" "$window_log" || true

  step "$kind: a sealed 4,096-bit key through wine's Credential Manager"
  local name="ci-$kind"
  printf 'a CI passphrase for windows\n' | win "$install_dir/brlv-desk.com" profile add "$name" \
    --base-url "http://127.0.0.1:$port" \
    --api-key-file "$(windows_path "$work/api-key.txt")" \
    --private-key-file "$(windows_path "$work/key-4096.pem")" --passphrase-stdin
  win "$install_dir/brlv-desk.com" profile list | tee "$work/list.txt"
  grep -q "^$name	http://127.0.0.1:$port$" "$work/list.txt" || fail "profile list does not show $name"
  printf 'a CI passphrase for windows\n' |
    win "$install_dir/brlv-desk.com" profile public-key "$name" --passphrase-stdin >"$work/public.txt"
  diff <(openssl pkey -pubin -in "$work/public.txt") <(openssl pkey -pubin -in "$work/public-4096.pem") >/dev/null ||
    fail "profile public-key printed another key"
  printf 'a CI passphrase for windows\n' |
    win "$install_dir/brlv-desk.com" call --profile "$name" --passphrase-stdin \
      GET /api/v0/assets/brl/balance >"$work/call.txt"
  head -n 1 "$work/call.txt"
  [ "$(head -n 1 "$work/call.txt")" = "HTTP 200" ] || fail "call --profile did not answer 200"
  echo "$kind tried in $(( SECONDS - started )) s"
}

check_uninstalled() { # check_uninstalled KIND
  local kind="$1"
  ! test -e "$install_dir" || fail "$kind uninstall left $(find "$install_dir" | head -n 5)"
  ! test -e "$shortcut" || fail "$kind uninstall left the Start-menu shortcut"
  [ -z "$(registered_version)" ] || fail "$kind uninstall left its Apps & features entry"
  test -s "$profile_book" || fail "$kind uninstall removed the person's profiles"
  echo "$kind: the program, its shortcut and its entry are gone; the profiles stay"
}

step "NSIS: 0.0.1, then $version over it, silently"
win "$old_nsis" /S
wineserver -w
[ "$(registered_version)" = 0.0.1 ] || fail "the older NSIS installer did not register 0.0.1"
win "$nsis_installer" /S
wineserver -w
try_installed nsis

step "NSIS: the installed copy updates itself from a signed feed (brlv-desk update install)"
# A higher version of the same program, an Ed25519 (minisign) key made for
# this run, the feed signed with it and served over loopback; the installed
# program checks the feed and the installer against it and runs the
# installer silently, as the window's Update does.
IFS=. read -r major minor patch <<<"${version%%[-+]*}"
newer="$major.$minor.$(( patch + 1 ))"
feed_dir="$work/feed"
packaging/windows/build-installers.sh --formats nsis --exe "target/windows-stage/$version/brlv-desk.exe" \
  --version "$newer" --out "$feed_dir" --uncompressed >/dev/null
newer_installer="brlv-desk_${newer}_x64-setup.exe"
test -f "$feed_dir/$newer_installer" || fail "no $newer_installer was built"
minisign -G -W -f -p "$work/feed.pub" -s "$work/feed.key" >/dev/null
feed_port=$(( 40000 + RANDOM % 20000 ))
cat >"$feed_dir/feed.json" <<FEED
{
  "version": "$newer",
  "date": "$(date -u +%Y-%m-%d)",
  "signed": "$(date -u +%Y-%m-%dT%H:%M:%SZ)",
  "expires": "$(date -u -d "@$(( $(date -u +%s) + 7 * 86400 ))" +%Y-%m-%dT%H:%M:%SZ)",
  "notes": { "en": "A test release.", "pt-BR": "Uma versão de teste." },
  "platforms": {
    "windows-x86_64-nsis": {
      "url": "http://127.0.0.1:$feed_port/$newer_installer",
      "size": $(stat -c %s "$feed_dir/$newer_installer"),
      "sha256": "$(sha256sum "$feed_dir/$newer_installer" | cut -d' ' -f1)"
    }
  }
}
FEED
minisign -S -s "$work/feed.key" -m "$feed_dir/feed.json" >/dev/null
python3 -m http.server "$feed_port" --bind 127.0.0.1 --directory "$feed_dir" >"$work/feed-server.log" 2>&1 &
children+=($!)
for _ in $(seq 1 50); do
  (exec 3<>"/dev/tcp/127.0.0.1/$feed_port") 2>/dev/null && break
  sleep 0.1
done
feed_key=$(tail -n 1 "$work/feed.pub")
# The window copies itself out of the folder the installer replaces; so
# does this step.
updater_dir="$work/updater"
mkdir -p "$updater_dir"
cp "$install_dir/brlv-desk.com" "$updater_dir/brlv-desk-updater.com"
# The installer as the window leaves it: downloaded beside the updater,
# checked again against the feed by the updater before it runs.
cp "$feed_dir/$newer_installer" "$updater_dir/"
relaunched_shot="$shots/windows-nsis-relaunched.png"
rm -f "$relaunched_shot"
# The caller: holds the updater's standard input for three seconds, then
# ends, as the window's process does when it closes.
{ sleep 3; } | BRLV_LOG=info timeout 300 wine "$updater_dir/brlv-desk-updater.com" update install \
  --after-caller --wait --feed-url "http://127.0.0.1:$feed_port/feed.json" \
  --public-key-file "$(windows_path "$work/feed.pub")" \
  --platform windows-x86_64-nsis --package "$(windows_path "$updater_dir/$newer_installer")" \
  --relaunch \
  -- --sandbox --view settings --screenshot "$(windows_path "$relaunched_shot")" \
  >"$work/update.txt" 2>&1 || { cat "$work/update.txt" >>"$log"; cat "$work/update.txt"; fail "update install --wait --relaunch failed"; }
# The relaunched window saves its screenshot and exits.
for _ in $(seq 1 180); do [ -s "$relaunched_shot" ] && break; sleep 1; done
wineserver -w
tr -d '\r' <"$work/update.txt" >"$work/update-clean.txt"
cat "$work/update-clean.txt" >>"$log"
grep -E "Checked|installed|Starting|error|opens its window|user model id" "$work/update-clean.txt" || true
grep -q "Checked .* against the signed feed" "$work/update-clean.txt" || fail "update install did not check the installer"
grep -q "brlv-desk $newer is installed" "$work/update-clean.txt" || fail "update install --wait did not see the installer succeed"
grep -q "Starting the updated .*brlv-desk.exe" "$work/update-clean.txt" || fail "update install did not start the program again"
check_png "$relaunched_shot"
# The window started again writes to the output it inherits from the
# updater (update.log, when the window starts it).
grep -m1 "opens its window" "$work/update-clean.txt" || fail "the relaunched window did not log its start"
versions=$(registered_version)
echo "Apps & features after the update: brlv-desk $versions"
[ "$versions" = "$newer" ] || fail "after update install: expected one entry at $newer, found '$versions'"
profiles_after=$(win "$install_dir/brlv-desk.com" profile list)
grep -q "^ci-nsis	" <<<"$profiles_after" || fail "the update lost the profile"
printf 'a CI passphrase for windows\n' |
  win "$install_dir/brlv-desk.com" call --profile ci-nsis --passphrase-stdin \
    GET /api/v0/assets/brl/balance >"$work/call.txt"
[ "$(head -n 1 "$work/call.txt")" = "HTTP 200" ] || fail "call --profile after the update did not answer 200"
echo "updated from $version to $newer through the program's own update path; the profile still answers"
# A feed signed by another key is refused, and nothing is run.
minisign -G -W -f -p "$work/other.pub" -s "$work/other.key" >/dev/null
if win "$install_dir/brlv-desk.com" update install --feed-url "http://127.0.0.1:$feed_port/feed.json" \
  --public-key "$(tail -n 1 "$work/other.pub")" >"$work/refused.txt" 2>&1; then
  fail "a feed signed by another key was accepted"
fi
echo "a feed signed by another key: refused"
# The updater starts no program it is told to: --relaunch takes none.
if win "$install_dir/brlv-desk.com" update install --wait --relaunch="C:\\windows\\system32\\cmd.exe" \
  -- /c echo started >"$work/relaunch-refused.txt" 2>&1; then
  fail "update install --relaunch=PROGRAM was accepted"
fi
grep -q "started" "$work/relaunch-refused.txt" && fail "update install --relaunch=PROGRAM started it"
echo "update install --relaunch=cmd.exe: refused, nothing started"

step "NSIS: silent uninstall"
win "$install_dir/uninstall.exe" /S
# The uninstaller copies itself to a temporary folder and runs from there.
wineserver -w
check_uninstalled nsis

step "MSI: 0.0.1, then $version over it, silently"
win msiexec /i "$(windows_path "$old_msi")" /qn
[ "$(registered_version)" = 0.0.1 ] || fail "the older MSI did not register 0.0.1"
win msiexec /i "$(windows_path "$msi_installer")" /qn
wineserver -w
try_installed msi
step "MSI: silent uninstall"
win msiexec /x "$(windows_path "$msi_installer")" /qn
wineserver -w
check_uninstalled msi
echo "both installers installed, tried and uninstalled under wine"
