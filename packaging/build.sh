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
set -euo pipefail
cd "$(dirname "$0")/.."

profile=release
formats=""
while [ $# -gt 0 ]; do
  case "$1" in
    --profile) profile="$2"; shift 2 ;;
    --formats) formats="$2"; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
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
