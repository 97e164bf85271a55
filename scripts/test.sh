#!/usr/bin/env bash
# The whole test suite: set up, build with warnings as errors, validate the rulesets, run every
# test; then build again under AddressSanitizer + UndefinedBehaviorSanitizer and run them again;
# then fuzz every parser a user feeds, 20,000 inputs each from a fixed seed (SKIP_FUZZ=1 skips it;
# scripts/fuzz.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test
jobs=$(nproc)
bash scripts/check_format.sh

# -g1 (line tables only): backtraces keep file and line, and the build takes a third less time.
BUILD_DIR=build bash scripts/build.sh -DMANCALA_WERROR=ON -DMANCALA_SANITIZE=OFF \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG"
./build/mancala rules check data/rulesets
(cd build && ctest --output-on-failure -j"$jobs")

if [ "${SKIP_SANITIZE:-0}" != 1 ]; then
  # Unoptimised with line tables: instrumented code compiles about four times faster than at -O1
  # with full debug information, which more than pays for the slower test run.
  BUILD_DIR=build-asan BUILD_TYPE=Debug bash scripts/build.sh -DMANCALA_WERROR=ON \
    -DMANCALA_SANITIZE=ON -DMANCALA_BENCH=OFF -DCMAKE_CXX_FLAGS_DEBUG=-g1
  (cd build-asan && ASAN_OPTIONS=detect_leaks=0 MANCALA_SANITIZED=1 ctest --output-on-failure -j"$jobs")
fi

if [ "${SKIP_FUZZ:-0}" != 1 ]; then
  # Builds only the fuzz targets, with clang; runs a fixed number of inputs from a fixed seed per
  # target (the same inputs on every machine, so CI cannot fail at random) and prints them.
  FUZZ_RUNS=${FUZZ_RUNS:-20000} bash scripts/fuzz.sh
fi
