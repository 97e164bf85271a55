// The readings of a source and the space of reconstructions they span (docs/reconstruct.md).
//
// A readings file (data/readings/<game>.json, or any file given with --readings) names a base
// ruleset and the source's ambiguous phrases: each choice point quotes one phrase and lists its
// alternatives, each a set of rule keys over the base with the reason for reading the phrase that
// way. Exactly one alternative of each choice is the base's own reading (its keys hold the base's
// values): the reference the effects are measured against. The space is the product of the
// alternatives: each combination is the base with every chosen alternative's keys applied, checked
// as `rules check` checks a file (sim::finalize); a combination refused is counted with the reason,
// and combinations whose resolved rules are the same (the same rules hash) are one candidate.
//
// Stopping thresholds (no-progress turns, round caps, the safety bounds) are not readings of a
// text: an alternative may not set them, so every candidate keeps the base's values and the
// figures say how much of each candidate's result rests on them.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "simulator/rules.h"
#include "simulator/witness.h"

namespace mancala::analysis {

// One way of reading a phrase: rule keys over the base, and why.
struct Alternative {
  std::string name;      // snake_case, unique within its choice
  nlohmann::json rules;  // an object: rule key -> value (empty: the base's reading)
  std::string because;   // the reason for this reading
  // Optional: the phrase this reading implements verbatim, with its witness ("source" or
  // "paraphrase" and the record, docs/terms.md); kind empty: none.
  sim::Witness witness;
  friend bool operator==(const Alternative&, const Alternative&) = default;
};

// One ambiguous phrase of the source and its readings.
struct Choice {
  std::string id;      // snake_case, unique within the file
  std::string phrase;  // quoted from the evidence
  // Whose words the phrase is: "source" or "paraphrase" with the record it quotes (text: the
  // phrase); "assumption" for a choice made of a base's assumption (--hide).
  sim::Witness witness;
  std::vector<Alternative> alternatives;  // at least two
  size_t reference = 0;                   // the alternative that is the base's reading
  friend bool operator==(const Choice&, const Choice&) = default;
};

// Something the file deliberately does not offer as a choice (a shipped baseline, a key the
// evidence settles), with the reason.
struct LeftOut {
  std::string what;
  std::string because;
  friend bool operator==(const LeftOut&, const LeftOut&) = default;
};

struct Readings {
  std::string game;
  std::string base;           // ruleset id (or file) the alternatives apply to
  std::string agent;          // optional: the skilled agent for this game's space
  std::string agent_because;  // why that agent (required with agent)
  std::vector<Choice> choices;
  std::vector<LeftOut> left_out;
  std::string origin;       // the file it was read from, or how it was made (--hide)
  nlohmann::json document;  // the document as read: a reconstruction's JSON carries it
};

// The keys no alternative may set: thresholds that stop play, not readings of the text.
bool is_stopping_threshold(const std::string& key);

// Reads and checks a readings document; `origin` names it in messages. Throws mancala::Error
// "<origin>: choices[2].alternatives[1].rules.capture: <what is wrong>" on an unknown or
// misspelt key, a value out of the vocabulary, a stopping threshold, a key two choices set, two
// alternatives of a choice with the same keys, a choice without the base's own reading (or with
// two), a base that does not load or belongs to another game.
Readings readings_from_json(const nlohmann::json& document, const std::string& origin);
// Reads a readings file (strict JSON: a key given twice is refused).
Readings load_readings(const std::string& path);
// data/readings/<game>.json; empty when there is none.
std::string default_readings_path(const std::string& game);

// The leave-one-out readings of a ruleset (an id, a game or a file; docs/reconstruct.md): one
// choice, the rule key `key`, whose alternatives are every value the vocabulary allows (an enum's
// values, both booleans, an integer's whole range when it has at most kMaxHiddenValues values),
// each named by its value; the ruleset's own value is the reference. Throws mancala::UsageError
// naming the key when it is unknown, a stopping threshold, or has too many values.
inline constexpr int kMaxHiddenValues = 32;
Readings hide_clause(const std::string& base, const std::string& key);

// One combination of alternatives: for each choice, the index of the alternative taken.
using Pick = std::vector<size_t>;

// A ruleset of the space, with every combination that resolves to it.
struct Candidate {
  int number = 0;                // 1-based, in the order of its first combination
  Pick pick;                     // its first combination (choices varying last-first)
  std::vector<Pick> same_rules;  // the later combinations with the same resolved rules
  sim::RuleSet rules;            // id "<game>/reading_<number>"
  std::string rules_hash;
};

// A combination `rules check` refuses, and why.
struct Refusal {
  Pick pick;
  std::string reason;  // "rules.capture: this capture looks at the next hole: ..."
};

struct Space {
  Readings readings;
  sim::RuleSet base;
  size_t generated = 0;  // the product of the alternatives' counts
  std::vector<Candidate> candidates;
  std::vector<Refusal> refused;
  // For each combination (by combination_index), the index into candidates, or -1 if refused.
  std::vector<int> candidate_of;
};

// The most combinations a space may have (a file that multiplies beyond it is refused).
inline constexpr size_t kMaxCombinations = 4096;

// Generates the space of a readings document. Throws mancala::Error when the product exceeds
// kMaxCombinations or every combination is refused.
Space generate_space(const Readings& readings);

// The index of a combination (the first choice varies slowest) and its inverse.
size_t combination_index(const Space& space, const Pick& pick);
Pick pick_of(const Space& space, size_t index);

// The candidate of the base's own readings (every choice's reference), or -1 when rules check
// refuses that combination.
int base_candidate(const Space& space);

// "capture=opposite_empty, tribute=own_turns" (the alternatives that are not the base's reading;
// "the base's reading" when there is none).
std::string pick_label(const Readings& readings, const Pick& pick);
// {"capture": "opposite_empty", ...}: every choice's alternative.
nlohmann::json pick_json(const Readings& readings, const Pick& pick);

// A readings file's origin as written rulesets name it, the same on every machine: its path
// under the data folder ("data/readings/otep.json"), else its file name; an origin that is not a
// file ("--hide capture") as it is.
std::string portable_origin(const std::string& origin);

// The candidate as a ruleset file extending the base (`reconstruct --write`): the keys its
// alternatives change, each with a provenance composed from its choice point (the evidence phrase
// an alternative implements, else an assumption quoting the phrase and the reason), a name and a
// summary naming the reading (and the readings file by portable_origin). `rules check` accepts
// it, wherever it is written. When the base is a file of the reader's own (not a ruleset id,
// nor a file under data/rulesets: base_is_shipped false), "extends" could not name it from
// another folder, so the candidate is written standalone instead (sim::standalone_ruleset_json:
// every key, the reading's with their provenance).
nlohmann::ordered_json candidate_ruleset_json(const Space& space, const Candidate& candidate);
// Whether a readings file's "base" names one of the project's rulesets (an id or game, or a file
// under data/rulesets), which a written candidate's "extends" finds from any folder.
bool base_is_shipped(const std::string& base);

}  // namespace mancala::analysis
