#!/usr/bin/env bash
# The whole test suite: set up, build with warnings as errors, validate the rulesets, run every
# test; then build again under AddressSanitizer + UndefinedBehaviorSanitizer and run them again.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
jobs=$(nproc)

BUILD_DIR=build bash scripts/build.sh -DMANCALA_WERROR=ON -DMANCALA_SANITIZE=OFF
./build/mancala rules check data/rulesets
(cd build && ctest --output-on-failure -j"$jobs")

if [ "${SKIP_SANITIZE:-0}" != 1 ]; then
  BUILD_DIR=build-asan BUILD_TYPE=Debug bash scripts/build.sh -DMANCALA_WERROR=ON \
    -DMANCALA_SANITIZE=ON -DMANCALA_BENCH=OFF -DCMAKE_CXX_FLAGS=-O1
  (cd build-asan && ASAN_OPTIONS=detect_leaks=0 MANCALA_SANITIZED=1 ctest --output-on-failure -j"$jobs")
fi
