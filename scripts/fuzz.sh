#!/usr/bin/env bash
# Fuzzes the parsers a user feeds (fuzz/, docs/archive.md "Fuzzing"): builds the libFuzzer targets
# with clang, ASan and UBSan into build-fuzz/ (only they and the libraries they need), then runs
# each target for SECONDS (default 60) from its seed corpus fuzz/corpus/<target>/. Inputs that
# find new paths are kept in build-fuzz/corpus/<target>/; a crash leaves its input in
# build-fuzz/artifacts/ and fails the script.
#   bash scripts/fuzz.sh [SECONDS] [TARGET...]      e.g. bash scripts/fuzz.sh 600 ruleset_json
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(evidence_json portal_page ruleset_json togyz_notation run_json)
bash scripts/setup.sh fuzz
cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  -DMANCALA_FUZZ=ON -DMANCALA_BENCH=OFF "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target fuzz_all
mkdir -p build-fuzz/artifacts
for t in "${targets[@]}"; do
  mkdir -p "build-fuzz/corpus/$t"
  log="build-fuzz/fuzz_$t.log"
  status=0
  # Runs in the repository's top folder, so ruleset "extends" finds data/rulesets.
  "./build-fuzz/fuzz/fuzz_$t" -max_total_time="$seconds" \
    -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
    -artifact_prefix="build-fuzz/artifacts/$t-" "build-fuzz/corpus/$t" "fuzz/corpus/$t" \
    >"$log" 2>&1 || status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  if [ "$status" -ne 0 ]; then
    tail -40 "$log" >&2
    echo "fuzz: $t: FAILED after ${runs:-?} executions (log: $log)" >&2
    exit 1
  fi
  echo "fuzz: $t: ${runs:-0} executions in $seconds s, no crash"
done
