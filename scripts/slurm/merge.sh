#!/usr/bin/env bash
# The job after the array (scripts/slurm/submit.sh queues it with --dependency=afterok): merges
# the parts in $MANCALA_OUT into the one-machine result, written to $MANCALA_OUT/run.json and
# stored in the archive (--db $MANCALA_DB, default ./mancala.db), unless MANCALA_NO_STORE=1.
#SBATCH --job-name=mancala-merge
#SBATCH --cpus-per-task=1
set -euo pipefail
: "${MANCALA_OUT:?set MANCALA_OUT to the folder of the parts}"
bin=${MANCALA_BIN:-$(command -v mancala || echo build/mancala)}
shopt -s nullglob
parts=("$MANCALA_OUT"/part-*.json)
[ ${#parts[@]} -gt 0 ] || { echo "merge.sh: $MANCALA_OUT: no part-*.json to merge" >&2; exit 1; }
store=()
if [ "${MANCALA_NO_STORE:-0}" = 1 ]; then store=(--no-store); elif [ -n "${MANCALA_DB:-}" ]; then store=(--db "$MANCALA_DB"); fi
"$bin" merge "${parts[@]}" --format json -o "$MANCALA_OUT/run.json" "${store[@]}"
"$bin" merge "${parts[@]}" --no-store
