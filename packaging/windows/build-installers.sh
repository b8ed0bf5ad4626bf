#!/usr/bin/env bash
# Builds the Windows installers on Linux and leaves them in target/packages/:
# an NSIS .exe (makensis) and an MSI (wixl), both per-user, both from one
# cross-compiled program. packaging/build.sh --formats nsis,msi calls this.
#
#   packaging/windows/build-installers.sh [--formats nsis,msi] [--exe FILE]
#                                         [--version V --out DIR --uncompressed]
#
#   --exe FILE   package this brlv-desk.exe instead of building one
#                (CI builds it once and packages it twice).
#   --version V  label the installers V instead of Cargo.toml's version, and
#   --out DIR    put them in DIR: the older version CI upgrades from;
#   --uncompressed  an NSIS installer stored, not compressed (built in
#                seconds; not for release).
#
# Without --exe the program is built for x86_64-pc-windows-gnu with the
# `windows` profile (Cargo.toml: release without fat LTO, no debug info).
# Needs, from Debian: gcc-mingw-w64-x86-64 (linker, objcopy), nasm
# (aws-lc-sys), nsis, wixl; and `rustup target add x86_64-pc-windows-gnu`.
#
# brlv-desk.com is the same program marked as a console program (the PE
# header's subsystem, changed with objcopy): a terminal runs it for
# `brlv-desk ...` and waits for it, while the Start menu runs brlv-desk.exe,
# which opens no console (see src/main.rs).
set -euo pipefail
cd "$(dirname "$0")/../.."

formats=nsis,msi
exe=""
version=$(grep -m1 '^version' Cargo.toml | cut -d'"' -f2)
out=target/packages
nsis_options=()
while [ $# -gt 0 ]; do
  case "$1" in
    --formats) formats="$2"; shift 2 ;;
    --exe) exe="$2"; shift 2 ;;
    --version) version="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --uncompressed) nsis_options=(-DSTORE_ONLY); shift ;;
    -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done

target=x86_64-pc-windows-gnu
objcopy=x86_64-w64-mingw32-objcopy
missing=""
command -v x86_64-w64-mingw32-gcc >/dev/null || missing="$missing gcc-mingw-w64-x86-64"
[[ ",$formats," != *",nsis,"* ]] || command -v makensis >/dev/null || missing="$missing nsis"
[[ ",$formats," != *",msi,"* ]] || command -v wixl >/dev/null || missing="$missing wixl"
if [ -z "$exe" ]; then
  command -v nasm >/dev/null || missing="$missing nasm"
fi
if [ -n "$missing" ]; then
  echo "missing Debian packages:$missing (apt-get install -y$missing)" >&2
  exit 1
fi

if [ -z "$exe" ]; then
  if ! rustup target list --installed | grep -qx "$target"; then
    rustup target add "$target"
  fi
  cargo build --locked --profile windows --target "$target" --bin brlv-desk
  exe="${CARGO_TARGET_DIR:-target}/$target/windows/brlv-desk.exe"
fi
test -f "$exe" || { echo "no program at $exe" >&2; exit 1; }

numeric=${version%%[-+]*}            # 0.1.0 of 0.1.0-beta.1: what MSI and NSIS take
stage=target/windows-stage/$version
rm -rf "$stage"
mkdir -p "$stage" "$out"
cp "$exe" "$stage/brlv-desk.exe"
"$objcopy" --subsystem console "$stage/brlv-desk.exe" "$stage/brlv-desk.com"
subsystem() { x86_64-w64-mingw32-objdump -p "$1" | awk '/^Subsystem/ {print $2}'; }
[ "$(subsystem "$stage/brlv-desk.exe")" = 00000002 ] || { echo "brlv-desk.exe is not a GUI program" >&2; exit 1; }
[ "$(subsystem "$stage/brlv-desk.com")" = 00000003 ] || { echo "brlv-desk.com is not a console program" >&2; exit 1; }
cp assets/icons/brlv-desk.ico README.md "$stage/"
# The pages the README links to and the screenshots it shows, at the same
# relative paths as in the repository (as the Linux packages ship them).
mkdir -p "$stage/docs" "$stage/assets/screenshots"
cp docs/*.md "$stage/docs/"
cp assets/screenshots/*.png "$stage/assets/screenshots/"

if [[ ",$formats," == *",nsis,"* ]]; then
  # makensis reads paths from the script's own folder: the stage goes absolute.
  makensis -V2 "${nsis_options[@]}" -DVERSION="$version" -DVERSION4="$numeric.0" -DSTAGE="$(cd "$stage" && pwd)" \
    -DOUTFILE="$(cd "$out" && pwd)/brlv-desk_${version}_x64-setup.exe" packaging/windows/brlv-desk.nsi
fi
if [[ ",$formats," == *",msi,"* ]]; then
  # wixl takes the Source paths relative to here (the stage is relative);
  # wixl-heat lists docs/ and the screenshots as the fragment "Docs".
  (cd "$stage" && find docs assets -type f | sort) |
    wixl-heat --prefix "" --directory-ref INSTALLDIR --component-group Docs \
      --var var.Stage --win64 >"$stage/docs.wxs"
  wixl -a x64 -D Version="$numeric" -D Stage="$stage" -D Win64=yes \
    -o "$out/brlv-desk_${version}_x64.msi" packaging/windows/brlv-desk.wxs "$stage/docs.wxs"
fi
ls -l "$out"/brlv-desk_"${version}"_x64*
