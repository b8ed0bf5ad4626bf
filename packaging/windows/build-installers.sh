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
#
# Both programs, the NSIS uninstaller (before it is packed), the NSIS
# installer and the MSI are signed with Authenticode by packaging/sign.sh
# when the environment names a certificate (see there); otherwise they are
# left unsigned, and it says so. The MSI's shortcut gets the application user
# model id through a table wixl does not write, added with msibuild (msitools).
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
    -h|--help) sed -n '2,30p' "$0"; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done

target=x86_64-pc-windows-gnu
objcopy=x86_64-w64-mingw32-objcopy
missing=""
command -v x86_64-w64-mingw32-gcc >/dev/null || missing="$missing gcc-mingw-w64-x86-64"
[[ ",$formats," != *",nsis,"* ]] || command -v makensis >/dev/null || missing="$missing nsis"
[[ ",$formats," != *",msi,"* ]] || command -v wixl >/dev/null || missing="$missing wixl"
[[ ",$formats," != *",msi,"* ]] || command -v msibuild >/dev/null || missing="$missing msitools"
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

# Windows files the app's taskbar button and notifications under this id,
# carried by the Start-menu shortcut of either installer.
app_user_model_id=org.brlvdesk.desk
numeric=${version%%[-+]*}            # 0.1.0 of 0.1.0-beta.1: what MSI and NSIS take
stage=target/windows-stage/$version
rm -rf "$stage"
mkdir -p "$stage" "$out"
cp "$exe" "$stage/brlv-desk.exe"
# A program signed already (CI packages the staged, signed one again as the
# older version it upgrades from) loses that signature first: objcopy would
# keep a certificate entry pointing past the end of the console twin.
signature_size=$(x86_64-w64-mingw32-objdump -p "$stage/brlv-desk.exe" | awk '/Security Directory/ {print $4}')
if [ "${signature_size:-00000000}" != 00000000 ]; then
  rm "$stage/brlv-desk.exe"
  osslsigncode remove-signature -in "$exe" -out "$stage/brlv-desk.exe" >/dev/null
fi
"$objcopy" --subsystem console "$stage/brlv-desk.exe" "$stage/brlv-desk.com"
subsystem() { x86_64-w64-mingw32-objdump -p "$1" | awk '/^Subsystem/ {print $2}'; }
[ "$(subsystem "$stage/brlv-desk.exe")" = 00000002 ] || { echo "brlv-desk.exe is not a GUI program" >&2; exit 1; }
[ "$(subsystem "$stage/brlv-desk.com")" = 00000003 ] || { echo "brlv-desk.com is not a console program" >&2; exit 1; }
packaging/sign.sh authenticode "$stage/brlv-desk.exe" "$stage/brlv-desk.com"
cp assets/icons/brlv-desk.ico README.md "$stage/"
# The pages the README links to and the screenshots it shows, at the same
# relative paths as in the repository (as the Linux packages ship them).
mkdir -p "$stage/docs" "$stage/assets/screenshots"
cp docs/*.md "$stage/docs/"
cp assets/screenshots/*.png "$stage/assets/screenshots/"

if [[ ",$formats," == *",nsis,"* ]]; then
  # makensis reads paths from the script's own folder: the stage goes absolute.
  # The uninstaller is signed by makensis' !uninstfinalize, through this command.
  stage_path=$(cd "$stage" && pwd)
  installer="$(cd "$out" && pwd)/brlv-desk_${version}_x64-setup.exe"
  makensis -V2 "${nsis_options[@]}" -DVERSION="$version" -DVERSION4="$numeric.0" -DSTAGE="$stage_path" \
    -DAPP_USER_MODEL_ID="$app_user_model_id" -DSIGN_COMMAND="$PWD/packaging/sign.sh authenticode --as uninstall.exe" -DUNINSTALLER_COPY="$stage_path/uninstall.exe" \
    -DOUTFILE="$installer" packaging/windows/brlv-desk.nsi
  packaging/sign.sh authenticode "$installer"
fi
if [[ ",$formats," == *",msi,"* ]]; then
  # wixl takes the Source paths relative to here (the stage is relative);
  # wixl-heat lists docs/ and the screenshots as the fragment "Docs".
  (cd "$stage" && find docs assets -type f | sort) |
    wixl-heat --prefix "" --directory-ref INSTALLDIR --component-group Docs \
      --var var.Stage --win64 >"$stage/docs.wxs"
  msi="$out/brlv-desk_${version}_x64.msi"
  wixl -a x64 -D Version="$numeric" -D Stage="$stage" -D Win64=yes \
    -o "$msi" packaging/windows/brlv-desk.wxs "$stage/docs.wxs"
  # The shortcut's application user model id (Windows Installer 5's
  # MsiShortcutProperty table): wixl 0.101 knows no ShortcutProperty element,
  # so the table is imported into the MSI it wrote.
  {
    printf '%s\t%s\t%s\t%s\r\n' MsiShortcutProperty Shortcut_ PropertyKey PropVariantValue s72 s72 s255 s255
    printf '%s\t%s\r\n' MsiShortcutProperty MsiShortcutProperty
    printf '%s\t%s\t%s\t%s\r\n' AppUserModelId BrlvDeskShortcut System.AppUserModel.ID "$app_user_model_id"
  } >"$stage/MsiShortcutProperty.idt"
  msibuild "$msi" -i "$stage/MsiShortcutProperty.idt"
  packaging/sign.sh authenticode "$msi"
fi
ls -l "$out"/brlv-desk_"${version}"_x64*
