#!/usr/bin/env bash
# Submits a sharded run to Slurm: an array of N shard tasks, then the merge once all succeeded.
#   scripts/slurm/submit.sh RULESET GAMES SHARDS [SEED [AGENTS]]
# e.g. scripts/slurm/submit.sh otep 1000000 64 7 mcts:300
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: submit.sh RULESET GAMES SHARDS [SEED [AGENTS]]" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
export MANCALA_RULESET=$1 MANCALA_GAMES=$2 MANCALA_SEED=${4:-1} MANCALA_AGENTS=${5:-}
export MANCALA_OUT=${MANCALA_OUT:-$PWD/mancala-run-$(date +%Y%m%d-%H%M%S)}
array=$(sbatch --parsable --array=1-"$3" --export=ALL "$here/simulate_array.sh")
sbatch --parsable --dependency=afterok:"${array%%;*}" --export=ALL "$here/merge.sh"
echo "submitted: shards in job $array, merge after it; results in $MANCALA_OUT" >&2
