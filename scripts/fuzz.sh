#!/usr/bin/env bash
# Fuzzes the parsers a user feeds (fuzz/, docs/archive.md "Fuzzing"): builds the libFuzzer targets
# with clang, ASan and UBSan into build-fuzz/ (only they and the libraries they need; warnings are
# errors, as in the GCC build), then runs each target for SECONDS (default 60) from its seed
# corpus fuzz/corpus/<target>/. Inputs that find new paths are kept in
# build-fuzz/corpus/<target>/; a crash leaves its input in build-fuzz/artifacts/ and fails the
# script.
#   bash scripts/fuzz.sh [SECONDS] [TARGET...]      e.g. bash scripts/fuzz.sh 600 ruleset_json
# With FUZZ_RUNS=N each target instead runs exactly N inputs from a fixed seed (FUZZ_SEED, 1) and
# only the repository's corpus: the same inputs on every machine, so a pass in CI cannot fail
# at random. scripts/test.sh fuzzes so; the timed form explores further and keeps what it finds.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
runs=${FUZZ_RUNS:-}
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(evidence_json portal_page ruleset_json togyz_notation run_json deep_json server_request writers)
bash scripts/setup.sh fuzz
generator=()
if [ ! -f build-fuzz/CMakeCache.txt ] && command -v ninja >/dev/null; then generator=(-G Ninja); fi
cmake -S . -B build-fuzz "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  -DMANCALA_FUZZ=ON -DMANCALA_WERROR=ON -DMANCALA_BENCH=OFF "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" \
  -DMANCALA_TEST_SHARDS=8 \
  >/dev/null
# FUZZ_BUILD_ONLY=all (scripts/test.sh) builds every target here, the tests too, and stops: the
# sanitizer run of the suite uses this build.
if [ -n "${FUZZ_BUILD_ONLY:-}" ]; then
  cmake --build build-fuzz -j"$(nproc)" --target "$FUZZ_BUILD_ONLY"
  exit 0
fi
cmake --build build-fuzz -j"$(nproc)" --target fuzz_all
mkdir -p build-fuzz/artifacts
for t in "${targets[@]}"; do
  mkdir -p "build-fuzz/corpus/$t"
  log="build-fuzz/fuzz_$t.log"
  status=0
  # Runs in the repository's top folder, so ruleset "extends" finds data/rulesets.
  if [ -n "$runs" ]; then
    # A scratch corpus folder first: libFuzzer writes new inputs there, not into fuzz/corpus.
    scratch="build-fuzz/corpus-fixed/$t"
    rm -rf "$scratch" && mkdir -p "$scratch"
    limits=(-runs="$runs" -seed="${FUZZ_SEED:-1}" "$scratch" "fuzz/corpus/$t")
    what="$runs inputs from seed ${FUZZ_SEED:-1}"
  else
    limits=(-max_total_time="$seconds" "build-fuzz/corpus/$t" "fuzz/corpus/$t")
    what="$seconds s"
  fi
  "./build-fuzz/fuzz/fuzz_$t" "${limits[@]}" \
    -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
    -artifact_prefix="build-fuzz/artifacts/$t-" >"$log" 2>&1 || status=$?
  done_runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  if [ "$status" -ne 0 ]; then
    tail -40 "$log" >&2
    echo "fuzz: $t: FAILED after ${done_runs:-?} executions (log: $log; the input is in" \
      "build-fuzz/artifacts/; replay it with ./build-fuzz/fuzz/fuzz_$t <file>)" >&2
    exit 1
  fi
  echo "fuzz: $t: ${done_runs:-0} executions ($what), no crash"
done
