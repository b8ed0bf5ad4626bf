#!/usr/bin/env bash
# Builds every package format this OS can build and leaves them in
# target/packages/. Installs the packaging tools it needs if they are missing.
#
#   packaging/build.sh                      # release build, all formats for this OS
#   packaging/build.sh --formats deb        # only some formats
#   packaging/build.sh --profile dev        # package an existing dev build (CI reuses its test build)
#   packaging/build.sh --formats nsis,msi   # the Windows installers, cross-built on Linux
#
# Linux: .deb (cargo-deb) and .rpm (cargo-generate-rpm). No AppImage: its
#   tooling (linuxdeploy, AppRun) is downloaded at build time, which offline
#   build machines cannot do, and no distribution packages it.
#   Also, for Windows: an NSIS .exe and an MSI, built on Linux from the
#   program cross-compiled with mingw-w64 (packaging/windows/build-installers.sh;
#   --profile does not apply: they always package the `windows` profile).
# macOS: .app and .dmg (cargo-packager); never built by this project's CI.
#
# Signing (packaging/sign.sh; keys from these options or the BRLV_SIGN_* and
# BRLV_MINISIGN_* variables it lists; passwords and PINs only from variables):
#   --sign-pkcs12 FILE          Authenticode certificate and key, PKCS#12
#   --sign-pkcs11-module FILE   or a hardware token's PKCS#11 module, with
#   --sign-pkcs11-key ID          the key on the token and
#   --sign-certs FILE             its certificate chain (PEM)
#   --timestamp-url URL         an RFC 3161 time-stamping server
#   --minisign-key FILE         signs each Linux package and SHA256SUMS
#   --signed                    fail unless every format built can be signed
# The Windows programs, the uninstaller and both installers are signed with
# Authenticode; each .deb and .rpm gets a detached FILE.minisig; SHA256SUMS
# (the sums of every package of this version in target/packages/) gets
# SHA256SUMS.minisig.
set -euo pipefail
cd "$(dirname "$0")/.."

profile=release
formats=""
require_signatures=false
while [ $# -gt 0 ]; do
  case "$1" in
    --profile) profile="$2"; shift 2 ;;
    --formats) formats="$2"; shift 2 ;;
    --sign-pkcs12) export BRLV_SIGN_PKCS12="$2"; shift 2 ;;
    --sign-pkcs11-module) export BRLV_SIGN_PKCS11_MODULE="$2"; shift 2 ;;
    --sign-pkcs11-key) export BRLV_SIGN_PKCS11_KEY="$2"; shift 2 ;;
    --sign-certs) export BRLV_SIGN_CERTS="$2"; shift 2 ;;
    --timestamp-url) export BRLV_SIGN_TIMESTAMP_URL="$2"; shift 2 ;;
    --minisign-key) export BRLV_MINISIGN_KEY="$2"; shift 2 ;;
    --signed) require_signatures=true; shift ;;
    -h|--help) sed -n '2,30p' "$0"; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done

out=target/packages
mkdir -p "$out"
case "$profile" in
  release) profile_dir=release ;;
  dev) profile_dir=debug ;;
  *) profile_dir="$profile" ;;
esac

need() { # need TOOL CRATE VERSION
  if ! cargo "$1" --version >/dev/null 2>&1; then
    echo "installing $2 $3"
    cargo install "$2" --locked --version "$3"
  fi
}

build_binary() {
  if [ "$profile" = dev ] && [ -x target/debug/brlv-desk ]; then
    echo "reusing target/debug/brlv-desk"
  else
    cargo build --locked --profile "$profile"
  fi
}

version=$(grep -m1 '^version' Cargo.toml | cut -d'"' -f2)

# Writes SHA256SUMS for every package of this version in $out, and signs it
# and each Linux package with minisign when a key is given.
sums_and_signatures() {
  local packages=()
  for file in "$out"/brlv-desk[_-]"$version"[_-]*; do
    case "$file" in *.deb|*.rpm|*.exe|*.msi|*.dmg) packages+=("$(basename "$file")") ;; esac
  done
  [ ${#packages[@]} -gt 0 ] || return 0
  (cd "$out" && sha256sum "${packages[@]}" >SHA256SUMS)
  echo "SHA256SUMS: ${packages[*]}"
  local to_sign=()
  for package in "${packages[@]}"; do
    case "$package" in *.deb|*.rpm) to_sign+=("$out/$package") ;; esac
  done
  packaging/sign.sh minisign "${to_sign[@]}" "$out/SHA256SUMS"
}

# --signed: stop before building anything that would come out unsigned.
if $require_signatures; then
  [ -n "${BRLV_MINISIGN_KEY:-}" ] || { echo "--signed: no minisign key (--minisign-key or BRLV_MINISIGN_KEY)" >&2; exit 2; }
  if [[ ",$formats," == *",nsis,"* || ",$formats," == *",msi,"* ]] &&
     [ -z "${BRLV_SIGN_PKCS12:-}${BRLV_SIGN_PKCS11_MODULE:-}" ]; then
    echo "--signed: no Authenticode certificate (--sign-pkcs12 or --sign-pkcs11-module)" >&2; exit 2
  fi
fi
packaging/sign.sh status

case "$(uname -s)" in
  Linux)
    formats="${formats:-deb,rpm}"
    windows_formats=""
    for format in nsis msi; do
      if [[ ",$formats," == *",$format,"* ]]; then
        windows_formats="${windows_formats:+$windows_formats,}$format"
      fi
    done
    if [ -n "$windows_formats" ]; then
      packaging/windows/build-installers.sh --formats "$windows_formats"
    fi
    if [[ ",$formats," == *",deb,"* || ",$formats," == *",rpm,"* ]]; then
      build_binary
    fi
    if [[ ",$formats," == *",deb,"* ]]; then
      need deb cargo-deb "^3"
      cargo deb --no-build --profile "$profile" --output "$out/"
    fi
    if [[ ",$formats," == *",rpm,"* ]]; then
      need generate-rpm cargo-generate-rpm "^0.21"
      # cargo-generate-rpm reads target/release; point it at the profile built.
      cargo generate-rpm --profile "$profile" --output "$out/"
    fi
    sums_and_signatures
    ;;
  Darwin)
    formats="${formats:-app,dmg}"
    need packager cargo-packager "^0.11"
    cargo packager --release --formats "$formats"
    ;;
  MINGW*|MSYS*|CYGWIN*)
    echo "the Windows installers are built on Linux: packaging/build.sh --formats nsis,msi" >&2
    exit 1
    ;;
  *)
    echo "no package formats known for $(uname -s)" >&2
    exit 1
    ;;
esac
echo "packages in $out/ (profile $profile, binary target/$profile_dir/brlv-desk):"
ls -l "$out"
