// How the report writes its figures (analysis/run_figures.h) as text: percentages with their
// intervals, the first-player advantage in percentage points, counts, the words for how games
// ended and for a run's agents. One place, so every page and report.md write a figure alike.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/run_figures.h"
#include "analysis/stability.h"

namespace mancala::reports {

using analysis::Rate;
using analysis::RunFigures;

// An en dash: no value.
inline constexpr std::string_view kDash = "\xE2\x80\x93";

// "52.9%"; kDash when not finite.
std::string percent(double fraction, int decimals = 1);
// "52.9% [52.2, 53.6]": a share with its interval, `decimals` digits.
std::string rate_text(const Rate& r, int decimals = 1);
// A fraction in percentage points with its sign: "+8.2", "-0.4", "0.0".
std::string signed_points(double fraction);
// The first-player advantage (any difference of two shares) in percentage points with its
// interval: "+8.2 pp [+6.8, +9.5]".
std::string advantage_text(const Rate& r);
// The headline advantage as every table of rulesets shows it, with its stability verdict
// (docs/terms.md): an unstable figure as the verdict alone ("depends on the round limit: -10.1 to
// +9.5 pp"), never as a plain finding; an unchecked one with "; stability not checked"; then
// "; rests on stops" when more than half of the games (rounds) were ended by a stop.
std::string advantage_text(const Rate& r, const analysis::Stability& s);
// The sentence a ruleset page gives its verdict: "Stability: ..." (the rule of docs/report.md).
std::string stability_sentence(const analysis::Stability& s, bool match,
                               const std::string& advantage);
// The skilled agents' self-play beside the verdict (with --ladder); empty without.
std::string skilled_sentence(const std::vector<analysis::SkilledSelfPlay>& skilled);
// `value` with `decimals` digits; kDash when not finite.
std::string number_text(double value, int decimals);
// "0.431 [0.424, 0.445]": a mean with its interval, `decimals` digits.
std::string mean_text(const Rate& r, int decimals);
// A playability metric as its registry entry writes it (a share, points or a number) with its
// interval; "not kept" for a metric the run was stored without.
std::string metric_text(const analysis::MetricValue& v);
// "50000", or "812 of 1000 (partial)".
std::string games_text(const RunFigures& f);
// The index's completion cell: the share the text's rule ended, marked when under half; a second
// line with the share the source's rule alone ended ("source's rule: 0.0%"); and for matches a
// third with the share of their rounds the text's rule ended ("rounds: 33.1%", marked the same).
std::string completion_text(const RunFigures& f);
// The line of a match's completion cell on its rounds: "rounds: 33.1%", with the warning sign
// before the share when `mark` (the index's mark: the text's rule ended fewer than half of the
// rounds).
std::string rounds_line(double share, bool mark);
// The warning a run's results carry when half or more of its games (matches), or of its
// matches' rounds, end by a stopping rule of the reconstruction, as the comparisons say it (after
// the index's warning sign): "The figures rest on stopping rules: 97% of the games are stopped by
// a stopping rule of the reconstruction, not ended by a rule of the game."; empty otherwise.
std::string stopping_rule_note(const RunFigures& f);
// The items with `separator` between them.
std::string joined(const std::vector<std::string>& items, std::string_view separator);
// How a game, a match or a round (`what`) ended, in words, from an end condition's name and how
// many ended so (`count`: matches counted under no_progress were stored by an older version that
// counted stop_after_rounds there, and are labelled so).
std::string end_label(const std::string& name, const std::string& what, std::uint64_t count);
// What an epistemic status means (docs/rules-format.md, "Status"): "rules seen played or
// codified, with no stopping rule added", ...
std::string status_meaning(const std::string& status);
// A run's agents in words: "random agent on both sides", or "alphabeta:3 (P1) against random
// (P2)" (the run's "agent" label: "SPEC" or "SPEC1,SPEC2").
std::string agents_text(const std::string& label);
// The agent of seat 0 or 1 of a label, for runs.csv.
std::string seat_agent(const std::string& label, int seat);
// A JSON number, or null when not finite.
nlohmann::json json_number(double x);
// The display name of a game key: "toguz_kumalak" -> "Toguz Kumalak".
std::string game_display_name(std::string_view game);

// The text with its first letter a capital: "Seat advantage" for "seat advantage".
std::string capitalised(std::string text);

}  // namespace mancala::reports
