#!/usr/bin/env bash
# Runs scripts/slurm's steps as Slurm would, with its variables set by hand: three array tasks,
# then the merge; the merged run must be byte for byte the one-process run.
#   tests/scale/slurm_steps.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export MANCALA_BIN="$build/mancala" MANCALA_RULESET=khutka_boia MANCALA_GAMES=301 MANCALA_SEED=5
export MANCALA_OUT="$work/parts" SLURM_ARRAY_JOB_ID=4242 SLURM_ARRAY_TASK_COUNT=3
for i in 3 1 2; do  # any order, as a scheduler may run them
  SLURM_ARRAY_TASK_ID=$i bash "$top/scripts/slurm/simulate_array.sh" 2>/dev/null
done
[ "$(ls "$MANCALA_OUT" | wc -l)" = 3 ] || { echo "FAIL: expected 3 parts" >&2; exit 1; }
MANCALA_NO_STORE=1 bash "$top/scripts/slurm/merge.sh" >/dev/null
"$MANCALA_BIN" simulate khutka_boia --games 301 --seed 5 --format json --no-store -o "$work/single.json"
if ! cmp -s "$work/single.json" "$MANCALA_OUT/run.json"; then
  echo "FAIL: the merged Slurm run differs from the one-process run" >&2
  diff "$work/single.json" "$MANCALA_OUT/run.json" | head -20 >&2
  exit 1
fi
# A task run outside an array job is refused, naming what is missing.
if msg=$(env -u SLURM_ARRAY_TASK_ID bash "$top/scripts/slurm/simulate_array.sh" 2>&1); then
  echo "FAIL: simulate_array.sh ran without SLURM_ARRAY_TASK_ID" >&2
  exit 1
fi
case "$msg" in *"run as a Slurm array job"*) ;; *) echo "FAIL: message: $msg" >&2; exit 1 ;; esac
echo "slurm steps: 3 shards merged = one-process run"
