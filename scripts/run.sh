#!/usr/bin/env bash
# The main job: set up, build the `mancala` command (only it: the tests are built and run by
# scripts/test.sh), import the evidence archive, simulate every ruleset and write the report.
# Each step is announced on stderr, with the time it took. BUILD_DIR (default build) is where it
# builds; MANCALA_DB, where the archive goes (default ./mancala.db).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build}
started=$SECONDS
step_started=$SECONDS
step() {
  if [ "$1" -gt 1 ]; then echo "run.sh: ... done in $((SECONDS - step_started)) s" >&2; fi
  step_started=$SECONDS
  echo "run.sh: step $1/5: $2" >&2
}

step 1 "checking the Debian packages the build needs (scripts/setup.sh)"
bash scripts/setup.sh
step 2 "building the mancala command only, into $build_dir/ (the tests are scripts/test.sh's)"
BUILD_DIR="$build_dir" BUILD_TARGET=mancala bash scripts/build.sh
step 3 "importing the evidence archive (data/evidence into ${MANCALA_DB:-mancala.db})"
# data/evidence is the archive's curated source: an edited record replaces the archived one.
"$build_dir/mancala" evidence import data/evidence --overwrite
step 4 "summarising the archive"
"$build_dir/mancala" evidence summary
step 5 "simulating every ruleset, a skill ladder of each game's default, every reading of each source, and writing the report"
# Every ruleset, a skill ladder of each game's default ruleset (random, greedy, alphabeta:2;
# 100 games per pair: seconds of CPU) and every reading of each game's source (data/readings;
# 100 games a stage: about 20 s of CPU); prints where the report is (reports/out/index.html).
"$build_dir/mancala" report --ladder --readings
echo "run.sh: ... done in $((SECONDS - step_started)) s; the main job took $((SECONDS - started)) s" >&2
