// The report's SVG charts (reports/svg.h), made from the model's figures: a run's outcomes,
// length and rounds, the round win rate by handicap, and the outcomes and first-player advantage
// of every ruleset side by side; each wrapped in a <figure> with its caption.
#pragma once

#include <string>
#include <vector>

#include "analysis/report_model.h"

namespace mancala::reports {

// <figure> with the chart and its caption (escaped).
std::string figure(const std::string& svg, const std::string& caption);
std::string outcome_chart(const analysis::RunFigures& f);
std::string length_chart(const analysis::RunFigures& f);
std::string rounds_chart(const analysis::MatchFigures& m);
std::string handicap_chart(const analysis::MatchFigures& m);
// Every ruleset's outcomes, and every ruleset's first-player advantage.
std::string overview_chart(const std::vector<analysis::RulesetSection>& sections);
std::string advantage_chart(const std::vector<analysis::RulesetSection>& sections);

}  // namespace mancala::reports
