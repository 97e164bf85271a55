#!/usr/bin/env bash
# The main job: set up, build, import the evidence archive, simulate every ruleset, write the report.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
./build/mancala evidence import data/evidence
./build/mancala evidence summary
# Every ruleset, and a skill ladder of each game's default ruleset (random, greedy, alphabeta:2;
# 100 games per pair: seconds of CPU); prints where the report is (reports/out/index.html).
./build/mancala report --ladder
