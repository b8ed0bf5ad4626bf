#!/usr/bin/env bash
# Signs what packaging/build.sh builds, with the keys the environment names:
#
#   packaging/sign.sh authenticode FILE...   # Windows programs, installers, MSIs: signed in place
#   packaging/sign.sh authenticode --as NAME FILE   # the same, saying NAME (makensis' temporary uninstaller)
#   packaging/sign.sh minisign FILE...       # writes FILE.minisig beside each FILE
#   packaging/sign.sh status                 # says what would be signed, and with what
#
# Authenticode (osslsigncode, SHA-256), from either
#   BRLV_SIGN_PKCS12=FILE              a PKCS#12 (.p12/.pfx) file with the key and its chain, or
#   BRLV_SIGN_PKCS11_MODULE=FILE.so    a hardware token's PKCS#11 module, with
#   BRLV_SIGN_PKCS11_KEY=ID            the key on it (a pkcs11: URI or the object's id) and
#   BRLV_SIGN_CERTS=FILE               the certificate and its chain (PEM), as exported from the token;
#   BRLV_SIGN_PASSWORD                 the PKCS#12 password or the token's PIN (none: no password);
#   BRLV_SIGN_TIMESTAMP_URL=URL        an RFC 3161 time-stamping server (none: no timestamp, and
#                                      the signature stops validating when the certificate expires).
# Release files (minisign, Ed25519; the update feed's format):
#   BRLV_MINISIGN_KEY=FILE             the secret key (minisign -G), and
#   BRLV_MINISIGN_PASSWORD             its password (none: a key made with minisign -G -W).
#
# Without keys nothing is signed, and the script says so; it fails only when
# a key is named and signing with it fails (a wrong password, a token not
# plugged in, a time-stamping server that does not answer).
set -euo pipefail

authenticode_configured() {
  [ -n "${BRLV_SIGN_PKCS12:-}" ] || [ -n "${BRLV_SIGN_PKCS11_MODULE:-}" ]
}

# The osslsigncode options that name the key; the password goes through a
# pipe, never the command line (which other users can read in ps).
authenticode_key_options() {
  if [ -n "${BRLV_SIGN_PKCS12:-}" ]; then
    [ -f "$BRLV_SIGN_PKCS12" ] || { echo "BRLV_SIGN_PKCS12: no file $BRLV_SIGN_PKCS12" >&2; return 1; }
    key_options=(-pkcs12 "$BRLV_SIGN_PKCS12")
  else
    [ -n "${BRLV_SIGN_PKCS11_KEY:-}" ] || { echo "BRLV_SIGN_PKCS11_MODULE needs BRLV_SIGN_PKCS11_KEY" >&2; return 1; }
    [ -f "${BRLV_SIGN_CERTS:-}" ] || { echo "BRLV_SIGN_PKCS11_MODULE needs BRLV_SIGN_CERTS, the certificate chain file" >&2; return 1; }
    key_options=(-pkcs11module "$BRLV_SIGN_PKCS11_MODULE" -certs "$BRLV_SIGN_CERTS" -key "$BRLV_SIGN_PKCS11_KEY")
  fi
}

sign_authenticode() { # FILE
  local file="$1" signed="$1.signed" name="${shown_name:-$(basename "$1")}"
  local options=(sign -h sha256 -n brlv-desk "${key_options[@]}")
  if [ -n "${BRLV_SIGN_TIMESTAMP_URL:-}" ]; then
    options+=(-ts "$BRLV_SIGN_TIMESTAMP_URL")
  fi
  rm -f "$signed"
  if [ -n "${BRLV_SIGN_PASSWORD:-}" ]; then
    osslsigncode "${options[@]}" -readpass <(printf '%s' "$BRLV_SIGN_PASSWORD") -in "$file" -out "$signed" >/dev/null
  else
    osslsigncode "${options[@]}" -in "$file" -out "$signed" >/dev/null
  fi
  mv "$signed" "$file"
  if [ -n "${BRLV_SIGN_TIMESTAMP_URL:-}" ]; then
    echo "signed $name (Authenticode, SHA-256, timestamped by $BRLV_SIGN_TIMESTAMP_URL)"
  else
    echo "signed $name (Authenticode, SHA-256) without a timestamp: no time-stamping server was given"
  fi
}

sign_minisign() { # FILE
  local file="$1"
  local comment
  comment="$(basename "$file") signed $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  # minisign prompts for the password on standard error even when it reads
  # it from standard input: what it says is shown only when it fails.
  local said
  said=$(mktemp)
  if ! printf '%s\n' "${BRLV_MINISIGN_PASSWORD:-}" |
    minisign -S -s "$BRLV_MINISIGN_KEY" -m "$file" -x "$file.minisig" -t "$comment" >/dev/null 2>"$said"; then
    cat "$said" >&2
    rm -f "$said"
    echo "minisign could not sign $file" >&2
    return 1
  fi
  rm -f "$said"
  echo "signed $(basename "$file") (minisign: $(basename "$file").minisig)"
}

command="${1:-}"
[ $# -gt 0 ] && shift
case "$command" in
  authenticode)
    shown_name=""
    if [ "${1:-}" = --as ]; then
      shown_name="$2"
      shift 2
    fi
    if ! authenticode_configured; then
      echo "not signed (no BRLV_SIGN_PKCS12 or BRLV_SIGN_PKCS11_MODULE): ${shown_name:-$*}"
      exit 0
    fi
    command -v osslsigncode >/dev/null || { echo "missing Debian package: osslsigncode" >&2; exit 1; }
    authenticode_key_options
    for file in "$@"; do sign_authenticode "$file"; done
    ;;
  minisign)
    if [ -z "${BRLV_MINISIGN_KEY:-}" ]; then
      echo "no minisign signature (no BRLV_MINISIGN_KEY): $*"
      exit 0
    fi
    command -v minisign >/dev/null || { echo "missing Debian package: minisign" >&2; exit 1; }
    [ -f "$BRLV_MINISIGN_KEY" ] || { echo "BRLV_MINISIGN_KEY: no file $BRLV_MINISIGN_KEY" >&2; exit 1; }
    for file in "$@"; do sign_minisign "$file"; done
    ;;
  status)
    if [ -n "${BRLV_SIGN_PKCS12:-}" ]; then
      echo "Authenticode: with the PKCS#12 file $BRLV_SIGN_PKCS12"
    elif [ -n "${BRLV_SIGN_PKCS11_MODULE:-}" ]; then
      echo "Authenticode: with key ${BRLV_SIGN_PKCS11_KEY:-?} through $BRLV_SIGN_PKCS11_MODULE"
    else
      echo "Authenticode: none (Windows files are not signed)"
    fi
    if authenticode_configured; then
      echo "timestamp: ${BRLV_SIGN_TIMESTAMP_URL:-none (no time-stamping server given)}"
    fi
    echo "minisign: ${BRLV_MINISIGN_KEY:-none (Linux packages and SHA256SUMS are not signed)}"
    ;;
  *)
    sed -n '2,23p' "$0"
    [ "$command" = -h ] || [ "$command" = --help ] || exit 2
    ;;
esac
