#include <algorithm>
#include <map>
#include <mutex>

#include "simulator/ending.h"
#include "simulator/rules.h"
#include "simulator/ruleset_io.h"
#include "simulator/run_stats.h"
#include "simulator/witness.h"

namespace mancala::sim {

const char* completion_name(Completion c) {
  switch (c) {
    case Completion::kSourceRule:
      return "source_rule";
    case Completion::kParaphraseRule:
      return "paraphrase_rule";
    case Completion::kAssumedRule:
      return "assumed_rule";
    case Completion::kStoppingRule:
      return "stopping_rule";
    case Completion::kSafetyBound:
      return "safety_bound";
  }
  return "safety_bound";
}

const char* completion_words(Completion c) {
  switch (c) {
    case Completion::kSourceRule:
      return "ended by the source's rule";
    case Completion::kParaphraseRule:
      return "ended by the paraphrase's rule";
    case Completion::kAssumedRule:
      return "ended by an assumed rule";
    case Completion::kStoppingRule:
      return "stopped by a stopping rule";
    case Completion::kSafetyBound:
      return "unfinished (safety bound)";
  }
  return "unfinished (safety bound)";
}

bool completion_from_name(const std::string& name, Completion& out) {
  for (int i = 0; i < kCompletions; ++i) {
    if (name == completion_name(static_cast<Completion>(i))) {
      out = static_cast<Completion>(i);
      return true;
    }
  }
  return false;
}

std::string stop_winner_sentence(const RuleSet& rules) {
  if (!key_acts(rules, "stop_winner")) return "";
  const std::optional<Witness> w = witness_of(rules, "stop_winner");
  const std::string kind = w ? w->kind : "assumption";
  const std::string standing = kind == "source"       ? "the source states"
                               : kind == "paraphrase" ? "the paraphrase states"
                               : kind == "reading"    ? "another reading states"
                                                      : "the reconstruction assumes";
  const std::string rule = rules.stop_winner == StopWinner::kMoreCounters
                               ? "the player holding more counters then wins"
                               : "nobody has won: a stopped match is drawn";
  const int n = rules.stop_after_rounds;
  return "Matches stopped after " + std::to_string(n) + (n == 1 ? " round" : " rounds") +
         " (the reconstruction's stop_after_rounds) are stops whose winner rule " + standing +
         ": " + rule + (w && kind != "assumption" ? " (" + witness_label(*w) + ")" : "") + ".";
}

const char* rule_end_key(RuleEnd r) {
  switch (r) {
    case RuleEnd::kNone:
      return "";
    case RuleEnd::kNoMove:
      return "no_move";
    case RuleEnd::kMustFeed:
      return "must_feed";
    case RuleEnd::kMajority:
      return "end_on_majority";
    case RuleEnd::kEmptySide:
      return "end_on_empty_side";
    case RuleEnd::kCaptures:
      return "end_on_captures";
    case RuleEnd::kSingletons:
      return "end_on_singletons";
    case RuleEnd::kWhenLeft:
      return "end_when_left";
    case RuleEnd::kMatchEnd:
      return "match_end";
    case RuleEnd::kHolesOut:
      return "holes_out";
    case RuleEnd::kInnerRowEmpty:
      return "end_on_empty_inner_row";
  }
  return "";
}

Completion witness_class(const RuleSet& rules, const std::string& key) {
  const std::optional<Witness> w = witness_of(rules, key);
  if (!w) return Completion::kAssumedRule;
  if (w->kind == "source") return Completion::kSourceRule;
  if (w->kind == "paraphrase" || w->kind == "reading") return Completion::kParaphraseRule;
  return Completion::kAssumedRule;
}

EndingClasses ending_classes(const RuleSet& rules) {
  EndingClasses classes{};
  classes[0] = Completion::kAssumedRule;
  for (int i = 1; i < kRuleEnds; ++i)
    classes[static_cast<size_t>(i)] = witness_class(rules, rule_end_key(static_cast<RuleEnd>(i)));
  return classes;
}

Completion completion_of(EndReason reason, Completion rule_class) {
  switch (reason) {
    case EndReason::kRule:
      return rule_class;
    case EndReason::kNoProgress:
    case EndReason::kStopAfterRounds:
      return Completion::kStoppingRule;
    case EndReason::kSafetyBound:
    case EndReason::kNone:  // play_game only returns ended games; count a stray one as cut off
      return Completion::kSafetyBound;
  }
  return Completion::kSafetyBound;
}

std::vector<RuleEnd> round_rule_ends(const RuleSet& r) {
  std::vector<RuleEnd> ends = {RuleEnd::kNoMove};
  if (r.must_feed != MustFeed::kNone) ends.push_back(RuleEnd::kMustFeed);
  if (r.end_on_majority) ends.push_back(RuleEnd::kMajority);
  if (r.end_on_empty_side) ends.push_back(RuleEnd::kEmptySide);
  if (r.end_on_captures > 0) ends.push_back(RuleEnd::kCaptures);
  if (r.end_on_singletons) ends.push_back(RuleEnd::kSingletons);
  if (r.end_when_left > 0) ends.push_back(RuleEnd::kWhenLeft);
  if (r.end_on_empty_inner_row) ends.push_back(RuleEnd::kInnerRowEmpty);
  return ends;
}

std::vector<RuleEnd> match_rule_ends(const RuleSet& r) {
  if (!r.match) return {};
  return {RuleEnd::kMatchEnd, RuleEnd::kHolesOut};
}

Completion weakest_rule_class(const RuleSet& rules, bool match) {
  const EndingClasses classes = ending_classes(rules);
  Completion weakest = Completion::kSourceRule;
  for (RuleEnd r : match&& rules.match ? match_rule_ends(rules) : round_rule_ends(rules))
    weakest = std::max(weakest, classes[static_cast<size_t>(r)]);
  return weakest;
}

Completion stored_rule_class(const std::string& ruleset_id, bool match) {
  static std::mutex mutex;
  static std::map<std::pair<std::string, bool>, Completion> known;
  const std::lock_guard<std::mutex> lock(mutex);
  const auto key = std::make_pair(ruleset_id, match);
  if (const auto it = known.find(key); it != known.end()) return it->second;
  Completion c = Completion::kAssumedRule;
  try {
    const std::vector<std::string> ids = list_ruleset_ids();
    // Only a shipped ruleset's id: a stored run's text never names a file to read.
    if (std::find(ids.begin(), ids.end(), ruleset_id) != ids.end())
      c = weakest_rule_class(load_ruleset(ruleset_id), match);
  } catch (const std::exception&) {
    c = Completion::kAssumedRule;
  }
  known.emplace(key, c);
  return c;
}

}  // namespace mancala::sim
