// Reading, validating and describing rulesets.
//
// A ruleset file is JSON: metadata (name, status, evidence, summary, default, extends), "rules"
// (only keys that differ from the parent or from the struct's defaults) and "provenance" (for each
// rule key set in the file, the evidence phrase it implements or the assumption it makes). Loading
// resolves "extends" chains, rejects unknown keys, wrong types, values out of range and
// contradictory switches with "<file>: <key>: <what is wrong>", and calls finalize().
#pragma once

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "common/error.h"
#include "simulator/rules.h"

namespace mancala::sim {

class RuleError : public mancala::Error {
 public:
  using Error::Error;
};

// One value of a rule key with a phrase of its own.
struct FieldValue {
  std::string name;    // as written in a ruleset file: "next_hole", "true", "0"
  std::string phrase;  // as comparisons say it: "relay from the next hole", "no tuzdyk"
};

// One rule key: how to read, write, document and say it. This table is the rule vocabulary's one
// source: loading, `rules keys`, docs/rules-format.md (a test keeps it current) and the phrases
// of comparisons all read it.
struct FieldInfo {
  // kList: an array of ints (each within low..high), or of counts and the words "even" and "odd"
  // (capture_counts).
  enum class Kind { kInt, kBool, kEnum, kList };
  std::string key;
  std::string group;  // board, sowing, relay, capture, special holes, turn model, end of round, ...
  std::string doc;    // one line: what the key means
  Kind kind = Kind::kInt;
  std::string type;              // "int 1..2", "bool", "one of: a|b|c"
  int low = 0, high = 0;         // an int key's range (a list key's: its items')
  nlohmann::json default_value;  // the key's value in a RuleSet{}
  // An enum key: every value, in declaration order, with its phrase (a test checks each has
  // one). A bool or int key: the values with a phrase of their own ("true", "false"; "0").
  std::vector<FieldValue> values;
  // An int key's other values: "{}" stands for the value ("a tuzdyk made at {}"); empty: the key
  // in words and the value ("counters per hole 5").
  std::string phrase_pattern;
  std::function<void(RuleSet&, const nlohmann::json&, const std::string& where)> set;
  std::function<nlohmann::json(const RuleSet&)> get;
};

// Every rule key, in documentation order.
const std::vector<FieldInfo>& rule_fields();

// The resolved value of one rule key ("resolution" -> "lockstep"); null for an unknown key.
nlohmann::json rule_value(const RuleSet& rules, const std::string& key);

// Every rule key as documentation lines "key: meaning [type] (default)", grouped by heading;
// docs/rules-format.md holds these lines (a test keeps it so).
std::string rule_keys_doc();

// A short phrase for a rule key's value, from the field table, e.g. ("capture",
// "opposite_empty_next") -> "capture the hole opposite the empty hole", ("tuzdyk", false) -> "no
// tuzdyk", ("tuzdyk_count", 4) -> "a tuzdyk made at 4"; a value without a phrase reads "<key in
// words>: <value>" ("<key in words> <value>" for an integer), as does an unknown key.
std::string describe_rule_value(const std::string& key, const nlohmann::json& value);

// A rule key's value as a page's value column says it, beside the key (issue 39, item 2): the
// field table's phrase when it has one (every enum and bool value, an int's own values and
// pattern: "capture the hole opposite the empty hole", "first-turn captures as usual"), else the
// value as written ("4", "[1, 3]"). The terminal, CSV and JSON keep the value itself.
std::string rule_value_in_words(const std::string& key, const nlohmann::json& value);

// Whether a rule key can change play in `rules`, from the field table's conditions (the "with
// ..." of its `rules keys` line: capture_counts acts only with capture count or count_sown_holes,
// the tuzdyk keys only with tuzdyk, the match's only in a match); a key with no condition acts
// everywhere. acting_keys: those of rule_fields() that act, in its order; key_has_condition:
// whether the table gives the key a condition.
bool key_acts(const RuleSet& rules, const std::string& key);
std::vector<std::string> acting_keys(const RuleSet& rules);
bool key_has_condition(const std::string& key);

// Sets derived fields and checks contradictions between keys; throws RuleError with every
// contradiction found, one a line, each "<file>: rules.<key>: <what is wrong>".
void finalize(RuleSet& rules, const std::string& file);

// The resolved rule keys as JSON (key -> value), in rule_fields() order.
nlohmann::json rules_to_json(const RuleSet& rules);
// The keys the rules hash covers, with their values: every key the hash was first defined over,
// and each key added since only where it acts (a value other than its default, read as what it
// does: store_side after_row as the side it resolves to), so that a new key changes the hash of
// no ruleset that does not use it (issue 37).
nlohmann::json hashed_rules(const RuleSet& rules);
// A stable hash (hex) of hashed_rules: two runs with equal hashes played equal rules.
std::string rules_hash(const RuleSet& rules);

// The ruleset as one standalone file (`mancala rules export`): no extends, every rule key set
// along its extends chain with its resolved value and provenance, its name, status, evidence and
// summary, and "exported_from" (its id and rules hash). Loaded back it resolves to the same rules
// (same rules_hash) and plays the same games; it is not marked as any game's default.
nlohmann::ordered_json standalone_ruleset_json(const RuleSet& rules);

// The folder of ruleset files (data/rulesets).
std::filesystem::path rulesets_dir();

// Loads a ruleset by id ("toguz_kumalak/standard"), by game name ("toguz_kumalak": its default
// ruleset) or by path to a .json file.
RuleSet load_ruleset(const std::string& id_or_path);
// Loads a ruleset file whose id is given by its path relative to `root`.
RuleSet load_ruleset_file(const std::filesystem::path& file, const std::filesystem::path& root);

// Every ruleset id under rulesets_dir(), sorted.
std::vector<std::string> list_ruleset_ids();
// The game of a ruleset id: its folder ("khutka_boia/opposite_capture" -> "khutka_boia").
std::string game_of_ruleset_id(const std::string& id);

// Checks files or folders of rulesets; returns one message per problem (empty: all good).
// Besides loading, it checks each game has exactly one default ruleset and that every evidence
// phrase in a provenance occurs in one of the ruleset's evidence records (data/evidence).
std::vector<std::string> check_rulesets(const std::vector<std::string>& paths);
// What `rules check` finds in one loaded ruleset beyond loading (its evidence ids in
// data/evidence, each quoted phrase in the field its witness names, every acting key of a
// described or reconstructed ruleset traced), one message a problem, each "<file>: <key>: ...";
// `ruleset_ids` are the ids a "reading" witness may name (list_ruleset_ids). check_rulesets and
// the Python module's Ruleset.check call it.
std::vector<std::string> ruleset_problems(const RuleSet& rules, const std::string& file,
                                          const std::set<std::string>& ruleset_ids);
std::vector<std::string> ruleset_problems(const RuleSet& rules, const std::string& file);

// Sets the rule keys of `keys` (a JSON object: rule key -> value) in `rules`, each value checked
// by the field table; throws Error "<at>: rules.<key>: unknown rule key (see 'mancala rules
// keys')" or the field's own message. finalize() is left to the caller. Readings files and the
// Python module's Ruleset.with_rules set keys through it.
void apply_rule_keys(RuleSet& rules, const nlohmann::json& keys, const std::string& at);

}  // namespace mancala::sim
