#!/usr/bin/env bash
# The MPI build's promise: under mpirun -n 1, 2 and 3 (oversubscribed) every command prints
# byte for byte what one process prints. Needs the MPI build (-DMANCALA_MPI=ON) and mpirun.
#   tests/scale/mpi_identical.sh BUILD_DIR
set -euo pipefail
bin=$(cd "$1" && pwd)/mancala
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
# Open MPI in containers: no shared-memory CMA, loopback TCP only.
export OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_btl=self,vader,tcp
export OMPI_MCA_btl_tcp_if_include=lo OMPI_MCA_oob_tcp_if_include=lo
commands=(
  "simulate khutka_boia toguz_kumalak --games 700 --seed 3 --format json --no-store"
  "simulate sonka --games 300 --seed 9 --agent greedy --no-store"
  "compare khutka_boia khutka_boia/opposite_capture --games 400 --seed 2 --format json"
  "handicap khutka_boia --games 200 --seed 4 --format json"
  "ladder kalah --agents random,greedy,alphabeta:2 --games 40 --seed 5 --format json"
  "reconstruct otep --games 60 --seed 7 --format json --db /nonexistent/mancala.db"
  "report khutka_boia otep --games 300 --seed 6 --no-store --sensitivity-games 50 --handicap-rounds 20 --ladder --ladder-games 20 --print csv --out REPORT_DIR"
)
fail=0
for i in "${!commands[@]}"; do
  # A report writes its folder: each run its own (the folder's path is not in what is compared).
  read -r -a args <<<"${commands[$i]//REPORT_DIR/$work/report.one}"
  "$bin" "${args[@]}" >"$work/one.$i" 2>/dev/null || true
  for n in 1 2 3; do
    read -r -a margs <<<"${commands[$i]//REPORT_DIR/$work/report.$n}"
    mpirun -n "$n" "$bin" "${margs[@]}" >"$work/mpi$n.$i" 2>/dev/null || true
    if ! cmp -s "$work/one.$i" "$work/mpi$n.$i"; then
      echo "FAIL: mpirun -n $n mancala ${commands[$i]}: output differs from one process" >&2
      diff "$work/one.$i" "$work/mpi$n.$i" | head -10 >&2
      fail=1
    fi
  done
  [ -s "$work/one.$i" ] || { echo "FAIL: mancala ${commands[$i]} printed nothing" >&2; fail=1; }
done
exit $fail
