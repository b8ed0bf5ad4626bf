#!/usr/bin/env bash
# Signing tried end to end with keys made for one run, as CI does on every run:
#
#   packaging/throwaway-signing.sh make-keys DIR
#       a certificate authority and a code-signing certificate it issued
#       (openssl; the certificate and key as PKCS#12, and the same key and
#       certificate on a SoftHSM token, as a hardware token holds them), and
#       a minisign key pair; DIR/env.sh sets the BRLV_SIGN_* and
#       BRLV_MINISIGN_* variables packaging/sign.sh reads.
#   packaging/throwaway-signing.sh check DIR
#       after `packaging/build.sh --formats nsis,msi` with DIR/env.sh:
#       - each signed Windows file (brlv-desk.exe, brlv-desk.com, the
#         uninstaller packed in the NSIS installer, both installers) passes
#         `osslsigncode verify` against DIR's authority, fails against the
#         system's authorities alone, and a copy with one byte changed fails;
#       - a file signed through the PKCS#11 token passes the same check;
#       - each .minisig and SHA256SUMS.minisig verify with the public key,
#         the sums match the files, and a changed SHA256SUMS fails;
#       - both programs carry the version resource (product name and
#         version of Cargo.toml, company) and the app's icon group, with the
#         images of assets/icons/brlv-desk.ico;
#       - the MSI gives its shortcut the application user model id.
#
# Needs, from Debian: openssl osslsigncode minisign softhsm2 opensc
# libengine-pkcs11-openssl libimage-exiftool-perl icoutils msitools.
set -euo pipefail
cd "$(dirname "$0")/.."

command="${1:-}"
dir="${2:-}"
[ -n "$command" ] && [ -n "$dir" ] || { sed -n '2,25p' "$0"; exit 2; }
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
pkcs11_module=/usr/lib/softhsm/libsofthsm2.so
export SOFTHSM2_CONF="$dir/softhsm2.conf"

fail() { echo "FAILED: $*" >&2; exit 1; }

make_keys() {
  local password pin
  password=$(openssl rand -hex 16)
  pin=$(openssl rand -hex 4)
  openssl req -x509 -newkey rsa:3072 -nodes -days 2 -keyout "$dir/ca.key" -out "$dir/ca.pem" \
    -subj "/CN=brlv-desk throwaway CA" \
    -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign 2>/dev/null
  openssl req -newkey rsa:3072 -nodes -keyout "$dir/code-signing.key" -out "$dir/code-signing.csr" \
    -subj "/O=brlv-desk developers/CN=brlv-desk developers (throwaway)" 2>/dev/null
  printf '%s\n' basicConstraints=CA:FALSE keyUsage=critical,digitalSignature extendedKeyUsage=codeSigning \
    subjectKeyIdentifier=hash authorityKeyIdentifier=keyid >"$dir/code-signing.ext"
  openssl x509 -req -in "$dir/code-signing.csr" -CA "$dir/ca.pem" -CAkey "$dir/ca.key" -CAcreateserial \
    -days 2 -extfile "$dir/code-signing.ext" -out "$dir/code-signing.pem" 2>/dev/null
  openssl pkcs12 -export -inkey "$dir/code-signing.key" -in "$dir/code-signing.pem" -certfile "$dir/ca.pem" \
    -out "$dir/code-signing.p12" -passout "pass:$password"
  # The chain a token's key signs with: its certificate, then the authority's.
  cat "$dir/code-signing.pem" "$dir/ca.pem" >"$dir/chain.pem"

  # The same key on a token: SoftHSM stands in for a USB token or an HSM.
  mkdir -p "$dir/tokens"
  printf 'directories.tokendir = %s\nobjectstore.backend = file\n' "$dir/tokens" >"$SOFTHSM2_CONF"
  softhsm2-util --init-token --free --label brlv-desk-signing --pin "$pin" --so-pin "$(openssl rand -hex 8)" >/dev/null
  openssl pkcs8 -topk8 -nocrypt -in "$dir/code-signing.key" -outform DER -out "$dir/code-signing.key.der"
  pkcs11-tool --module "$pkcs11_module" --token-label brlv-desk-signing --login --pin "$pin" \
    --write-object "$dir/code-signing.key.der" --type privkey --id 01 --label code-signing >/dev/null
  rm -f "$dir/code-signing.key.der"

  printf '%s\n%s\n' "$password" "$password" |
    minisign -G -p "$dir/minisign.pub" -s "$dir/minisign.key" >/dev/null 2>"$dir/minisign.log" ||
    { cat "$dir/minisign.log" >&2; fail "minisign -G"; }

  cat >"$dir/env.sh" <<EOF
export BRLV_SIGN_PKCS12='$dir/code-signing.p12'
export BRLV_SIGN_PASSWORD='$password'
export BRLV_MINISIGN_KEY='$dir/minisign.key'
export BRLV_MINISIGN_PASSWORD='$password'
# The token, for a run that signs through it instead (unset BRLV_SIGN_PKCS12):
export SOFTHSM2_CONF='$SOFTHSM2_CONF'
token_module='$pkcs11_module'
token_key='pkcs11:token=brlv-desk-signing;id=%01;type=private'
token_pin='$pin'
EOF
  echo "throwaway keys in $dir: ca.pem, code-signing.p12, a SoftHSM token, minisign.pub"
}

# verify FILE: signed by DIR's authority, by nothing the system trusts, and
# not once a byte in its middle changes.
verify() {
  local file="$1" tampered
  osslsigncode verify -CAfile "$dir/ca.pem" -in "$file" >"$dir/verify.log" 2>&1 ||
    { cat "$dir/verify.log" >&2; fail "$file: the signature does not verify"; }
  if osslsigncode verify -in "$file" >/dev/null 2>&1; then
    fail "$file verifies without the throwaway authority"
  fi
  tampered="$dir/tampered-$(basename "$file")"
  cp "$file" "$tampered"
  local middle=$(( $(stat -c %s "$file") / 2 ))
  local byte
  byte=$(od -An -tu1 -j "$middle" -N1 "$file" | tr -d ' ')
  printf "\\x$(printf %02x $(( (byte + 1) % 256 )))" | dd of="$tampered" bs=1 seek="$middle" conv=notrunc 2>/dev/null
  if osslsigncode verify -CAfile "$dir/ca.pem" -in "$tampered" >/dev/null 2>&1; then
    fail "$file with byte $middle changed still verifies"
  fi
  rm -f "$tampered"
  echo "$(basename "$file"): signed, verified; with one byte changed, refused"
}

# resources FILE: the version resource and the icon group.
resources() {
  local file="$1" version
  version=$(grep -m1 '^version' Cargo.toml | cut -d'"' -f2)
  [ "$(exiftool -s3 -ProductName "$file")" = brlv-desk ] || fail "$file: product name '$(exiftool -s3 -ProductName "$file")'"
  [ "$(exiftool -s3 -ProductVersion "$file")" = "$version" ] || fail "$file: product version is not $version"
  [ "$(exiftool -s3 -CompanyName "$file")" = "brlv-desk developers" ] || fail "$file: no company"
  rm -f "$dir/icon.ico"
  wrestool -x --type=14 "$file" >"$dir/icon.ico" 2>/dev/null
  [ -s "$dir/icon.ico" ] || fail "$file has no icon group"
  diff <(icotool -l "$dir/icon.ico" | sed 's/--index=[0-9]* //') \
       <(icotool -l assets/icons/brlv-desk.ico | sed 's/--index=[0-9]* //') >/dev/null ||
    fail "$file: its icon group is not assets/icons/brlv-desk.ico"
  echo "$(basename "$file"): $(exiftool -s3 -ProductName "$file") $version by $(exiftool -s3 -CompanyName "$file"), icon group of $(icotool -l "$dir/icon.ico" | wc -l) images"
}

check() {
  local version stage out
  version=$(grep -m1 '^version' Cargo.toml | cut -d'"' -f2)
  stage=target/windows-stage/$version
  out=target/packages
  for file in "$stage/brlv-desk.exe" "$stage/brlv-desk.com" "$stage/uninstall.exe" \
    "$out/brlv-desk_${version}_x64-setup.exe" "$out/brlv-desk_${version}_x64.msi"; do
    test -f "$file" || fail "no $file: build with packaging/build.sh --formats nsis,msi first"
    verify "$file"
  done

  # shellcheck disable=SC1091
  source "$dir/env.sh"
  cp "$stage/brlv-desk.com" "$dir/token-signed.com"
  env -u BRLV_SIGN_PKCS12 BRLV_SIGN_PKCS11_MODULE="$token_module" BRLV_SIGN_PKCS11_KEY="$token_key" \
    BRLV_SIGN_CERTS="$dir/chain.pem" BRLV_SIGN_PASSWORD="$token_pin" \
    packaging/sign.sh authenticode "$dir/token-signed.com"
  verify "$dir/token-signed.com"

  local signatures=0
  for signature in "$out"/*.minisig; do
    [ -e "$signature" ] || continue
    minisign -Vq -p "$dir/minisign.pub" -m "${signature%.minisig}" -x "$signature" ||
      fail "$signature does not verify"
    signatures=$(( signatures + 1 ))
  done
  test -f "$out/SHA256SUMS.minisig" || fail "SHA256SUMS is not signed"
  (cd "$out" && sha256sum --quiet -c SHA256SUMS) || fail "SHA256SUMS does not match the packages"
  awk 'NR == 1 { $0 = (substr($0, 1, 1) == "0" ? "1" : "0") substr($0, 2) } { print }' \
    "$out/SHA256SUMS" >"$dir/SHA256SUMS"
  if minisign -Vq -p "$dir/minisign.pub" -m "$dir/SHA256SUMS" -x "$out/SHA256SUMS.minisig" 2>/dev/null; then
    fail "a changed SHA256SUMS still verifies"
  fi
  echo "minisign: $signatures signatures verified (SHA256SUMS and $(( signatures - 1 )) packages); a changed SHA256SUMS refused"

  resources "$stage/brlv-desk.exe"
  resources "$stage/brlv-desk.com"
  msiinfo export "$out/brlv-desk_${version}_x64.msi" MsiShortcutProperty |
    grep -qP '^\w+\tBrlvDeskShortcut\tSystem\.AppUserModel\.ID\torg\.brlvdesk\.desk\r?$' ||
    fail "the MSI's shortcut carries no application user model id"
  echo "the MSI's shortcut carries System.AppUserModel.ID org.brlvdesk.desk"
}

case "$command" in
  make-keys) make_keys ;;
  check) check ;;
  *) sed -n '2,25p' "$0"; exit 2 ;;
esac
