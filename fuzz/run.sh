#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each and prints the executions per target.
#
#   fuzz/run.sh 60            # all targets, a minute each
#   fuzz/run.sh 5 brcode      # one target
#
# Needs a nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz --locked`).
# Corpora grow under fuzz/corpus/TARGET (seeded below on first run, never
# committed); a crash leaves its input under fuzz/artifacts/TARGET and stops
# the script. Keep a minimised crashing input as a regression test in
# tests/client/fuzz_regressions.rs.
set -euo pipefail
seconds="${1:?usage: fuzz/run.sh SECONDS [TARGET...]}"
shift
cd "$(dirname "$0")/.."

targets=(brcode pix_key amount address api_models sandbox_body sandbox_jwt)
every=yes
[ "$#" -gt 0 ] && { targets=("$@"); every=no; }

# Start from the app's own lock file, so the fuzzed code is built with the
# versions the app ships.
[ -f fuzz/Cargo.lock ] || cp Cargo.lock fuzz/Cargo.lock

# Debug assertions on: an arithmetic overflow is a crash here too.
# FUZZ_SANITIZER=none (as CI runs it) skips AddressSanitizer: the fuzzed code
# has no `unsafe`, so for a short run the quicker build is worth more; longer
# runs keep the default.
fuzz=(cargo +nightly fuzz)
build_flags=(--release --debug-assertions --sanitizer "${FUZZ_SANITIZER:-address}")

# A seed: seed TARGET NAME PRINTF-FORMAT [ARGS...]
seed() {
  local dir="fuzz/corpus/$1"
  mkdir -p "$dir"
  # shellcheck disable=SC2059
  printf "${@:3}" >"$dir/seed-$2"
}

seed_all() {
  local published='00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D'
  seed brcode published '%s' "$published"
  seed brcode amount '%s' '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-42665544000052040000530398654051.005802BR5913Fulano de Tal6008BRASILIA62070503***'
  seed pix_key cpf '529.982.247-25'
  seed pix_key cnpj '12.ABC.345/01DE-35'
  seed pix_key email 'Fulano.Tal@Example.com.br'
  seed pix_key phone '+55 (11) 98765-4321'
  seed pix_key random '123e4567-e89b-12d3-a456-426614174000'
  seed amount br '\x00R$ 1.234,56'
  seed amount en '\x011,234.567891'
  seed amount brlv '\x020,000000000000000001'
  seed amount large '\x0279.338.282.439,900000000000000000'
  seed amount spaced '\x00-1 234 567,89'
  seed address eip55 '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
  seed address hash '0x%064d' 7
  local fixture
  mkdir -p fuzz/corpus/api_models
  # The wire fixtures, each behind the selector byte of its model.
  for fixture in quote:0 order-full:1 orders-unknown-values:2 transfer-full:3 \
    transfers-partial:4 wallet-created:5 wallets:6 withdrawal-full:7 \
    withdrawals-per-asset:9 claim-full:10 deposits:11 balance-brl:12 \
    tax-exemption-progress:13 claimable:14 error:15; do
    { printf "\\x$(printf %02x "${fixture#*:}")"; cat "tests/fixtures/${fixture%%:*}.json"; } \
      >"fuzz/corpus/api_models/seed-${fixture%%:*}"
  done
  seed api_models error-422 '\x10\x42\x01%s' "$(cat tests/fixtures/error.json)"
  seed api_models error-html '\x10\x92\x01<html><body>Bad gateway</body></html>'
  seed api_models retry-after '\x11Wed, 21 Oct 2015 07:28:00 GMT'
  seed sandbox_body quote '\x00{"source-asset":"fiat/brl","target-asset":"eth-base/brlv","source-amount":"100.00"}'
  seed sandbox_body order '\x01{"quote-id":"0b9e8d7c-6f5a-4b3c-8d2e-1f0a9b8c7d6e","target-wallet-address":"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed","source-payment-method":"brcode"}'
  seed sandbox_body transfer '\x02{"source-address":"0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed","asset":"eth-base/brlv","amount":"1.5","target-address":"0xdeadbeefdeadbeefdeadbeefdeadbeefdeadbeef"}'
  seed sandbox_body wallet '\x03{"wallet-name":"main","chain":"eth-base","metadata":{"a":[1,2.5,null]},"ui-enabled":true}'
  seed sandbox_body withdrawal '\x04{"asset":"fiat/brl","method":"pix","amount":"12.50","pix-key":"529.982.247-25"}'
  seed sandbox_body claim '\x05{"amount":"10.00","target-asset-code":"brlv"}'
  seed sandbox_jwt claims '\x01{"uri":"/api/v0/orders","nonce":"n-1","iat":1800000000,"exp":1800000030,"sub":"fuzz","bodyHash":"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"}'
  seed sandbox_jwt claims-fraction '\x01{"uri":"/api/v0/orders","nonce":"n-2","iat":1800000000.5,"exp":1.80000003e9,"sub":"fuzz","bodyHash":"E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855"}'
  seed sandbox_jwt token '\x00eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1cmkiOiIvYXBpL3YwL29yZGVycyJ9.c2lnbmF0dXJl'
  seed sandbox_jwt token-none '\x00eyJhbGciOiJub25lIn0.e30.'
}
seed_all
# Kept crashing inputs seed their target too: the fixes get fuzzed around.
for kept in tests/fixtures/fuzz/*/; do
  [ -d "$kept" ] || continue
  target=$(basename "$kept")
  mkdir -p "fuzz/corpus/$target"
  cp "$kept"* "fuzz/corpus/$target/" 2>/dev/null || true
done

# One build for every target at once: the crates they share are built once
# and the targets link side by side.
if [ "$every" = yes ]; then
  "${fuzz[@]}" build "${build_flags[@]}"
else
  for target in "${targets[@]}"; do
    "${fuzz[@]}" build "${build_flags[@]}" "$target"
  done
fi
total=0
for target in "${targets[@]}"; do
  log="fuzz/target/run-$target.log"
  mkdir -p fuzz/target
  dict=()
  # Tokens the fuzzer is unlikely to assemble byte by byte (dates and numbers
  # at the edges of what `time` and rust_decimal hold).
  [ -f "fuzz/dict/$target.dict" ] && dict=(-dict="fuzz/dict/$target.dict")
  if ! "${fuzz[@]}" run "${build_flags[@]}" "$target" "fuzz/corpus/$target" -- \
    -max_total_time="$seconds" -print_final_stats=1 -rss_limit_mb=4096 "${dict[@]}" >"$log" 2>&1; then
    echo "$target: CRASH, see $log and fuzz/artifacts/$target"
    grep -m 5 -E "panicked|ERROR|SUMMARY" "$log" || true
    exit 1
  fi
  runs=$(grep -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
  echo "$target: $runs executions in ${seconds} s"
  total=$((total + runs))
done
echo "total: $total executions"
