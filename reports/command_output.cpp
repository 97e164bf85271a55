#include "reports/command_output.h"

#include <sstream>

#include "common/text.h"
#include "reports/compare_render.h"
#include "reports/handicap_render.h"
#include "reports/html.h"
#include "reports/ladder_render.h"
#include "simulator/describe.h"

namespace mancala::reports {

std::string render_comparison(const analysis::Comparison& comparison, const std::string& format,
                              std::size_t width, const std::string& title) {
  if (format == "json") return comparison_json(comparison).dump(2) + "\n";
  if (format == "csv") return comparison_csv(comparison);
  if (format == "md") return printable(comparison_markdown(comparison));
  if (format == "html") return comparison_html_page(comparison, title);
  return printable(comparison_text(comparison, width));  // rule phrases quoted from files
}

std::string render_handicaps(const analysis::HandicapResult& result, const std::string& format,
                             std::size_t width, const std::string& title) {
  if (format == "json") return handicap_json(result).dump(2) + "\n";
  if (format == "csv") return handicap_csv(result);
  if (format == "md") return printable(handicap_markdown(result));
  if (format == "html") return handicap_html_page(result, title);
  return printable(handicap_text(result, width));
}

std::string render_ladder(const analysis::Ladder& ladder, const analysis::LadderFigures& figures,
                          const std::string& format) {
  if (format == "json") return analysis::ladder_to_json(ladder, figures).dump(2) + "\n";
  if (format == "html") {
    return html_page("Skill ladder of " + ladder.ruleset, ladder_html_fragment(ladder, figures, 1));
  }
  if (format == "md") return printable(ladder_markdown(ladder, figures));
  return printable(ladder_text(ladder, figures));
}

std::string trace_tail(const sim::Game& game, const sim::AgentPair& agents, long long seed,
                       const TraceObserver& observer, const sim::GameResult& result, bool as_json) {
  using nlohmann::json;
  std::ostringstream out;
  if (game.rules().match && !as_json)
    out << "Match: " << describe_match_end(game, result, observer.in_holes_) << "\n";
  if (as_json) {
    json j = {
        {"ruleset", game.rules().id}, {"seed", seed},
        {"agent", agents.label()},    {"agents", {agents.seat[0].name(), agents.seat[1].name()}},
        {"start", observer.start_},   {"moves", observer.moves_}};
    if (game.rules().match) {
      j["rounds"] = observer.rounds_;
      j["match"] = {
          {"winner", result.winner == sim::kNobody
                         ? json(nullptr)
                         : json(result.winner == sim::kDraw ? 0 : result.winner + 1)},
          {"end", sim::end_reason_name(result.reason)},
          {"why", describe_match_end(game, result, observer.in_holes_)},
          // Every counter: captured, set aside, or still in a hole (an unfinished match).
          {"holdings",
           {result.store[0] + observer.in_holes_[0], result.store[1] + observer.in_holes_[1]}},
          {"in_holes", {observer.in_holes_[0], observer.in_holes_[1]}}};
    }
    out << j.dump(1) << "\n";
  }
  return out.str();
}

}  // namespace mancala::reports
