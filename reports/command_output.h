// The documents `mancala compare`, `handicap` and `ladder` print, in the format asked for
// (docs/compare.md, docs/ladder.md).
#pragma once

#include <cstddef>
#include <string>

#include "analysis/compare_builder.h"
#include "analysis/handicap_builder.h"
#include "analysis/ladder.h"
#include "reports/trace.h"
#include "simulator/agents.h"
#include "simulator/play.h"

namespace mancala::reports {

// `format`: "json" (indented, with a final newline), "csv", "md", "html" (a page titled `title`)
// or anything else for the text tables, fitting `width` columns (0: every column).
std::string render_comparison(const analysis::Comparison& comparison, const std::string& format,
                              std::size_t width, const std::string& title);
std::string render_handicaps(const analysis::HandicapResult& result, const std::string& format,
                             std::size_t width, const std::string& title);
// `format`: "json", "html" (a page "Skill ladder of <ruleset>"), "md" or anything else for text.
std::string render_ladder(const analysis::Ladder& ladder, const analysis::LadderFigures& figures,
                          const std::string& format);

// What `trace` prints after the moves (README, "trace"): in text, for a match, the line "Match:
// <describe_match_end>"; in JSON the whole document: ruleset, seed, agent, agents, start, moves,
// and for a match its rounds and result (winner, end, why, holdings with the counters still in
// holes, in_holes).
std::string trace_tail(const sim::Game& game, const sim::AgentPair& agents, long long seed,
                       const TraceObserver& observer, const sim::GameResult& result, bool as_json);

}  // namespace mancala::reports
