// How a game, a round or a match ended, by the standing of the rule that ended it (docs/terms.md,
// "Endings"): the source's rule, the paraphrase's rule (or another reading's), an assumed rule, or
// a stop (a stopping rule of the reconstruction, the safety bound).
//
// The engine names the rule of the game that ended a round or a match (RuleEnd, State::rule_end);
// the class of that ending is the class of the witness of the rule key that defines it
// (witness.h): a quoted primary source, a paraphrase or another ruleset's reading, an assumption.
// A key the ruleset gives no witness counts as assumed.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "simulator/state.h"

namespace mancala::sim {

struct RuleSet;

// The five completion states, in the order of the JSON's "completion" and of every table.
enum class Completion : uint8_t {
  kSourceRule,      // "source_rule": the ending rule is a primary source's own words
  kParaphraseRule,  // "paraphrase_rule": the DLP paraphrase's (ours for a MANCALA record), or a
                    // reading
  kAssumedRule,     // "assumed_rule": the reconstruction assumes the ending rule
  kStoppingRule,    // "stopping_rule": the no-progress rule, stop_after_rounds
  kSafetyBound,     // "safety_bound": max_plies, max_rounds (unfinished)
};
constexpr int kCompletions = 5;
constexpr int kRuleClasses = 3;  // the first three: the rules of the game
constexpr bool by_rule(Completion c) { return c <= Completion::kAssumedRule; }
// Classes 1 and 2: the ending some text gives ("ended by the text's rule").
constexpr bool by_text(Completion c) { return c <= Completion::kParaphraseRule; }

// "source_rule", "paraphrase_rule", "assumed_rule", "stopping_rule", "safety_bound".
const char* completion_name(Completion c);
// The words a reader is shown: "ended by the source's rule", "ended by the paraphrase's rule",
// "ended by an assumed rule", "stopped by a stopping rule", "unfinished (safety bound)".
const char* completion_words(Completion c);
// Reads a completion key (completion_name's inverse) into `out`; false for any other name.
bool completion_from_name(const std::string& name, Completion& out);

// The rule key that defines a RuleEnd: "no_move", "must_feed", "end_on_majority", ...,
// "match_end", "holes_out"; "" for kNone.
const char* rule_end_key(RuleEnd r);

// The class of the witness a ruleset gives `key`: source -> kSourceRule; paraphrase, reading ->
// kParaphraseRule; an assumption, or no entry -> kAssumedRule.
Completion witness_class(const RuleSet& rules, const std::string& key);

// The class of each RuleEnd's key in a ruleset (kNone: kAssumedRule, never used).
using EndingClasses = std::array<Completion, kRuleEnds>;
EndingClasses ending_classes(const RuleSet& rules);

// A game's (a match's, a round's) completion: its end reason, and for kRule the class of the rule
// that ended it.
Completion completion_of(EndReason reason, Completion rule_class);

// The rules that can end a round of this ruleset (no_move always, must_feed, and each end_on_* /
// end_when_left rule that is on), and a match (match_end, and holes_out, whose player left no
// hole has lost; none in a one-round game).
std::vector<RuleEnd> round_rule_ends(const RuleSet& rules);
std::vector<RuleEnd> match_rule_ends(const RuleSet& rules);
// The weakest class among them (assumed before paraphrase before source): what a game ended by
// "a rule of the game" is known to rest on when the rule itself was not recorded (runs stored
// before the classes existed, as "own_rule"). `match`: of a match's endings, else of a round's.
Completion weakest_rule_class(const RuleSet& rules, bool match);

// The winner rule of a match the players stop (stop_after_rounds) with its standing, the class
// of stop_winner's witness (docs/terms.md, "Endings": a stop's winner rule has a witness of its
// own): "Matches stopped after 100 rounds (the reconstruction's stop_after_rounds) are stops
// whose winner rule the source states: the player holding more counters then wins (Das-Gupta
// 1926: 147-148)." ("the paraphrase states", "another reading states", "the reconstruction
// assumes"); empty where no match is stopped so.
std::string stop_winner_sentence(const RuleSet& rules);

}  // namespace mancala::sim
