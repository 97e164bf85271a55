#!/usr/bin/env bash
# Scale-out figures for docs/scale-out.md (a benchmark, not a test): needs both builds,
#   BUILD_DIR=build bash scripts/build.sh && MANCALA_MPI=1 bash scripts/setup.sh &&
#   BUILD_DIR=build-mpi bash scripts/build.sh -DMANCALA_MPI=ON
# and prints, alternating the runs to even out a noisy machine:
#   - the MPI build's overhead for a one-rank run (plain binary vs MPI binary, one process);
#   - the efficiency of 2 ranks over 1 (mpirun -n 2 vs -n 1, one thread each) for a run of
#     AGENT games (default greedy; e.g. AGENT=alphabeta:3 for a skilled-agent run).
#   scripts/bench_mpi.sh [RULESET [GAMES [REPEATS]]]
set -euo pipefail
cd "$(dirname "$0")/.."
ruleset=${1:-khutka_boia} games=${2:-20000} repeats=${3:-3} agent=${AGENT:-greedy}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl_vader_single_copy_mechanism=none
calc() { awk "BEGIN { printf \"%.6f\", $1 }"; }
run() { local t0 t1; t0=$(date +%s.%N); "$@" >/dev/null 2>&1; t1=$(date +%s.%N); calc "$t1 - $t0"; }
args=(simulate "$ruleset" --games "$games" --agent "$agent" --threads 1 --no-store --format json)
plain=0 mpi1=0 one=0 two=0
for _ in $(seq "$repeats"); do
  plain=$(calc "$plain + $(run build/mancala "${args[@]}")")
  mpi1=$(calc "$mpi1 + $(run build-mpi/mancala "${args[@]}")")
  one=$(calc "$one + $(run mpirun -n 1 build-mpi/mancala "${args[@]}")")
  two=$(calc "$two + $(run mpirun -n 2 build-mpi/mancala "${args[@]}")")
done
echo "$ruleset, $games games of $agent: sums over $repeats alternating repeats"
printf 'plain build, 1 process:     %8.2f s\n' "$plain"
printf 'MPI build, 1 process:       %8.2f s  (overhead %+.1f%%)\n' "$mpi1" "$(calc "($mpi1 / $plain - 1) * 100")"
printf 'mpirun -n 1:                %8.2f s\n' "$one"
printf 'mpirun -n 2:                %8.2f s  (speed-up %.2fx over -n 1)\n' "$two" "$(calc "$one / $two")"
