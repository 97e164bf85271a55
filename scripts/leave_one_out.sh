#!/usr/bin/env bash
# The leave-one-out check of `mancala reconstruct` (docs/reconstruct.md): for a game whose rules
# are not in dispute, hide one clause at a time, offer every value the rule vocabulary allows for
# it, and print the rank the true value gets among the values rules check accepts, as a Markdown
# table. It measures whether ranking readings by how they play says anything about which reading
# is the historical one.
#
#   bash scripts/leave_one_out.sh [GAMES] [SEED]     (defaults 400 and 1; MANCALA=path/to/mancala)
set -euo pipefail
games=${1:-400}
seed=${2:-1}
mancala=${MANCALA:-build/mancala}
err=$(mktemp)
trap 'rm -f "$err"' EXIT
clauses=(
  "kalah/standard capture" "kalah/standard capture_empty_facing" "kalah/standard store_extra_move"
  "kalah/standard relay" "kalah/standard first_into_origin" "kalah/standard skip_origin_on_laps"
  "kalah/standard stores" "kalah/standard no_move" "kalah/standard end_on_empty_side"
  "kalah/standard min_counters_to_sow" "kalah/standard counters_per_hole"
  "kalah/standard holes_per_row" "kalah/standard direction"
  "toguz_kumalak/standard capture" "toguz_kumalak/standard tuzdyk"
  "toguz_kumalak/standard tuzdyk_count" "toguz_kumalak/standard tuzdyk_forbid_last_hole"
  "toguz_kumalak/standard tuzdyk_symmetry" "toguz_kumalak/standard first_into_origin"
  "toguz_kumalak/standard single_counter_moves_on" "toguz_kumalak/standard skip_origin_on_laps"
  "toguz_kumalak/standard no_move" "toguz_kumalak/standard end_on_majority"
  "toguz_kumalak/standard min_counters_to_sow" "toguz_kumalak/standard counters_per_hole"
  "toguz_kumalak/standard holes_per_row"
)
echo "| ruleset | hidden clause | true value | values offered | refused | candidates | rank of the true value |"
echo "|---|---|---|---|---|---|---|"
for item in "${clauses[@]}"; do
  read -r ruleset key <<<"$item"
  # A clause reconstruct refuses to hide (e.g. more values than --hide offers) gets a row that
  # says why, and the others go on.
  if ! out=$("$mancala" reconstruct "$ruleset" --hide "$key" --games "$games" --seed "$seed" \
    --db /nonexistent/mancala.db --top 0 2>"$err"); then
    why=$(sed -n 's/^mancala: --hide: [^:]*: //p' "$err" | head -1)
    echo "| $ruleset | $key | - | not offered: ${why:-refused} | - | - | - |"
    continue
  fi
  offered=$(sed -n 's/^\([0-9]*\) combinations of 1 choice point.*/\1/p' <<<"$out")
  refused=$(sed -n 's/^[0-9]* combinations of 1 choice point: \([0-9]*\) refused.*/\1/p' <<<"$out")
  candidates=$(sed -n 's/.* \([0-9]*\) candidates\{0,1\}\.$/\1/p' <<<"$out" | head -1)
  truth=$(sed -n 's/^    \([^ ]*\) (base):.*/\1/p' <<<"$out")
  rank=$(sed -n 's/^The base reconstruction .* ranks \(.*\)\.$/\1/p' <<<"$out")
  echo "| $ruleset | $key | $truth | $offered | $refused | $candidates | $rank |"
done
