#!/usr/bin/env bash
# The whole test suite (the README's test command; .ci/run runs it):
#   bash scripts/test.sh          the format check, one GCC build (warnings as errors), the rulesets
#                                 validated, then every test: the GoogleTest executables as shards
#                                 (MANCALA_TEST_SHARDS), the scripts' tests, the browser test and
#                                 the fuzz targets' committed corpora replayed. About 8 minutes on
#                                 two cores from a clean clone.
#   bash scripts/test.sh --deep   then the sanitizer pass (.ci/deep runs it): clang, warnings as
#                                 errors, with AddressSanitizer, UndefinedBehaviorSanitizer and
#                                 libFuzzer's coverage instrumentation (build-fuzz/, one build
#                                 serving both): the suite again, then every parser a user feeds
#                                 fuzzed, 20,000 inputs each from a fixed seed (scripts/fuzz.sh).
#                                 About 30 minutes more; SKIP_SANITIZE=1 leaves out its test run,
#                                 SKIP_FUZZ=1 its fuzzing.
# At the end it prints how long each step took and the ten slowest tests of each run.
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
    [ -f "$run/junit.xml" ] &&
      /usr/bin/python3 scripts/slowest_tests.py 10 "$run/junit.xml" "$run/gtest-xml"
  done
  return 0
}
trap summary EXIT
deep=0
case "${1:-}" in
  "") ;;
  --deep) deep=1 ;;
  *) echo "usage: bash scripts/test.sh [--deep]" >&2; exit 2 ;;
esac

bash scripts/setup.sh test
jobs=$(nproc)
step_done "setup"
bash scripts/check_format.sh
step_done "format check"

# -g1 (line tables only): backtraces keep file and line, and the build takes a third less time.
# The test sources at -O1 -g0 (MANCALA_TEST_COMPILE_OPTIONS: a fifth less compile time than -O2;
# at -O0 the engine's inline functions and the checks of large outputs ran up to four times
# slower), archive/analysis/reports/server/cli at -O1 -g0 (MANCALA_LIGHT_MODULES), the simulator
# and stats at -O2. Each test executable runs as 8 GoogleTest shards (MANCALA_TEST_SHARDS). The
# Python module is built and tested too (-DMANCALA_PYTHON=ON, docs/python.md).
rm -rf build/junit.xml build/gtest-xml build-fuzz/junit.xml build-fuzz/gtest-xml
BUILD_DIR=build bash scripts/build.sh -DMANCALA_WERROR=ON -DMANCALA_SANITIZE=OFF \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG" -DMANCALA_TEST_SHARDS=8 \
  "-DMANCALA_TEST_COMPILE_OPTIONS=-O1;-g0" "-DMANCALA_LIGHT_MODULES=archive;analysis;reports;server;cli" \
  -DMANCALA_PYTHON=ON
step_done "build (GCC, -O2)"
./build/mancala rules check data/rulesets
# The agents' MCTS strength sweep (mcts:100 against random in every ruleset, six CPU minutes) is
# left to --deep; the search fingerprints (tests/simulator/search_fingerprint_test.cpp) pin what
# MCTS and alphabeta choose on every run, so a change of search shows there first.
filter=""
[ "$deep" = 1 ] || filter='-Strength/AgentsInEveryRuleset.Mcts100BeatsRandomInBothSeats/*'
# One CTest job more than cores: the browser test (50 s) mostly waits for the page.
(cd build && env ${filter:+GTEST_FILTER=$filter} ctest --output-on-failure -j"$((jobs + 1))" \
  --output-junit junit.xml)
step_done "tests"
[ "$deep" = 1 ] || exit 0

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
  # The tests run as GoogleTest shards here too (scripts/fuzz.sh configures MANCALA_TEST_SHARDS=8):
  # GTEST_FILTER leaves those three out of every shard.
  (cd build-fuzz && ASAN_OPTIONS=detect_leaks=0 MANCALA_SANITIZED=1 \
    GTEST_FILTER='-Strength/*:DocsExamples.EveryCommandOfTheReadmesTourRunsAsWritten:InRepositoryCopy.EveryHelpExampleWorksAsWritten' \
    ctest --output-on-failure -j"$jobs" --output-junit junit.xml)
  step_done "tests under the sanitizers"
fi
if [ "${SKIP_FUZZ:-0}" != 1 ]; then
  # A fixed number of inputs from a fixed seed per target (the same inputs on every machine, so CI
  # cannot fail at random), printed.
  FUZZ_RUNS=${FUZZ_RUNS:-20000} bash scripts/fuzz.sh
  step_done "fuzzing"
fi
