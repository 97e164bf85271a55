#!/usr/bin/env bash
# The whole test suite, in two builds:
#  1. GCC, warnings as errors (build/): validate the rulesets, run every test.
#  2. clang, warnings as errors too, with AddressSanitizer, UndefinedBehaviorSanitizer and
#     libFuzzer's coverage instrumentation (build-fuzz/, one build serving both): run the suite
#     again, then fuzz every parser a user feeds, 20,000 inputs each from a fixed seed
#     (scripts/fuzz.sh).
# SKIP_SANITIZE=1 skips the second build's test run, SKIP_FUZZ=1 its fuzzing (both: no second
# build). At the end it prints how long each step took and the ten slowest tests of each run.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
steps=()
step_start=$SECONDS
# Ends the step named $1: its duration goes into the summary.
step_done() {
  steps+=("$(printf '%6ds  %s' $((SECONDS - step_start)) "$1")")
  step_start=$SECONDS
}
summary() {
  echo "== test.sh: where the time went"
  printf '%s\n' "${steps[@]}"
  printf '%6ds  total\n' $((SECONDS - start))
  for run in build build-fuzz; do
    [ -f "$run/junit.xml" ] && /usr/bin/python3 scripts/slowest_tests.py "$run/junit.xml" 10
  done
  return 0
}
trap summary EXIT

bash scripts/setup.sh test
jobs=$(nproc)
step_done "setup"
bash scripts/check_format.sh
step_done "format check"

# -g1 (line tables only): backtraces keep file and line, and the build takes a third less time.
rm -f build/junit.xml build-fuzz/junit.xml
BUILD_DIR=build bash scripts/build.sh -DMANCALA_WERROR=ON -DMANCALA_SANITIZE=OFF \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG"
step_done "build (GCC, -O2)"
./build/mancala rules check data/rulesets
(cd build && ctest --output-on-failure -j"$jobs" --output-junit junit.xml)
step_done "tests"

if [ "${SKIP_SANITIZE:-0}" != 1 ] || [ "${SKIP_FUZZ:-0}" != 1 ]; then
  # Everything, fuzz targets included: scripts/fuzz.sh configures and builds build-fuzz/ alike.
  FUZZ_BUILD_ONLY=all bash scripts/fuzz.sh
  step_done "build (clang, ASan + UBSan + fuzzer instrumentation, -O1)"
fi
if [ "${SKIP_SANITIZE:-0}" != 1 ]; then
  # Left to the first run: the agents' strength sweep (Strength/*: the sanitizers do not change how
  # an agent plays, and the same agents play every ruleset here in the Mcts and Search tests), and
  # the two tests that run the documentation's examples as written (the README's tour, every
  # --help example: what they check is the text, and each command's code has tests of its own
  # here; under the sanitizers they took six minutes).
  # The simulator's tests run as GoogleTest shards here (tests/CMakeLists.txt,
  # MANCALA_TEST_SHARDS): GTEST_FILTER leaves the strength sweep out of them.
  (cd build-fuzz && ASAN_OPTIONS=detect_leaks=0 MANCALA_SANITIZED=1 GTEST_FILTER='-Strength/*' \
    ctest --output-on-failure -j"$jobs" --output-junit junit.xml -E \
    '^(Strength/.*|DocsExamples[.]EveryCommandOfTheReadmesTourRunsAsWritten|InRepositoryCopy[.]EveryHelpExampleWorksAsWritten)$')
  step_done "tests under the sanitizers"
fi
if [ "${SKIP_FUZZ:-0}" != 1 ]; then
  # A fixed number of inputs from a fixed seed per target (the same inputs on every machine, so CI
  # cannot fail at random), printed.
  FUZZ_RUNS=${FUZZ_RUNS:-20000} bash scripts/fuzz.sh
  step_done "fuzzing"
fi
