#!/usr/bin/env bash
# One task of a Slurm array job: plays shard $SLURM_ARRAY_TASK_ID of $SLURM_ARRAY_TASK_COUNT of a
# run and writes its JSON to $MANCALA_OUT/part-<i>.json. Game g of the run always plays with the
# stream (seed, g), so `merge` of all the parts is exactly the one-machine run.
#
#   sbatch --array=1-16 --export=ALL,MANCALA_RULESET=otep,MANCALA_GAMES=1000000 simulate_array.sh
# (scripts/slurm/submit.sh does this and queues the merge after it.) Settings, from the environment:
#   MANCALA_RULESET   ruleset id or game (required)
#   MANCALA_GAMES     games of the whole run (required)
#   MANCALA_SEED      seed (default 1)
#   MANCALA_AGENTS    agent spec(s) given to --agents, e.g. "mcts:300,random" (default: random)
#   MANCALA_OUT       folder for the parts (default: mancala-run-$SLURM_ARRAY_JOB_ID)
#   MANCALA_BIN       the mancala executable (default: mancala on PATH, else build/mancala)
#SBATCH --job-name=mancala-shard
#SBATCH --cpus-per-task=1
set -euo pipefail
: "${SLURM_ARRAY_TASK_ID:?run as a Slurm array job (sbatch --array=1-N)}"
: "${SLURM_ARRAY_TASK_COUNT:?run as a Slurm array job (sbatch --array=1-N)}"
: "${MANCALA_RULESET:?set MANCALA_RULESET}"
: "${MANCALA_GAMES:?set MANCALA_GAMES}"
bin=${MANCALA_BIN:-$(command -v mancala || echo build/mancala)}
out=${MANCALA_OUT:-mancala-run-${SLURM_ARRAY_JOB_ID:-local}}
mkdir -p "$out"
agents=()
[ -n "${MANCALA_AGENTS:-}" ] && agents=(--agents "$MANCALA_AGENTS")
threads=${SLURM_CPUS_PER_TASK:-1}
echo "shard ${SLURM_ARRAY_TASK_ID}/${SLURM_ARRAY_TASK_COUNT} of $MANCALA_RULESET -> $out" >&2
exec "$bin" simulate "$MANCALA_RULESET" --games "$MANCALA_GAMES" --seed "${MANCALA_SEED:-1}" \
  "${agents[@]}" --threads "$threads" --shard "${SLURM_ARRAY_TASK_ID}/${SLURM_ARRAY_TASK_COUNT}" \
  --format json --no-store -o "$out/part-${SLURM_ARRAY_TASK_ID}.json"
