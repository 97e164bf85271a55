// What the ruleset files share (private to simulator/): the field of a rule key, and a ruleset
// file read as strict JSON with the loader's messages.
#pragma once

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "simulator/ruleset_io.h"

namespace mancala::sim {

// The keys Bao's moves (capture occupied_inner_facing, bao_moves.cpp) play; every other key keeps
// its default with them, and acts in no such ruleset (rule_acts.cpp).
const std::set<std::string>& bao_played_keys();

// Whether `key` acts in `rules` by the field table's conditions alone, Bao's moves aside.
bool key_acts_by_condition(const RuleSet& rules, const std::string& key);

// Appends the keys of Bao's rules to the field table (rule_fields_bao.cpp).
void add_bao_fields(std::vector<FieldInfo>& f);
// Appends the keys of the rest of Bao's rules (issue 38, bao2: rule_fields_bao2.cpp).
void add_bao2_fields(std::vector<FieldInfo>& f);
// finalize's checks of those keys (ruleset_check_bao2.cpp): `bad(key, what)` refuses the ruleset.
using BadKey = std::function<void(const std::string&, const std::string&)>;
void finalize_bao2_keys(const RuleSet& r, const BadKey& bad);
// Issue 38, fourrow2: optional stops (rule_fields_fourrow2.cpp).
void add_fourrow2_fields(std::vector<FieldInfo>& f);
// finalize's checks of fourrow2's keys (ruleset_check_fourrow2.cpp); `bad(key, what)` records a
// contradiction.
using FinalizeBad = std::function<void(const std::string&, const std::string&)>;
void finalize_fourrow2_keys(const RuleSet& r, const FinalizeBad& bad);
// Appends the keys of issue 38's Ethiopian openings and ends (rule_fields_ethiopia.cpp).
void add_ethiopia_fields(std::vector<FieldInfo>& f);
// finalize's checks of those keys (ruleset_check_ethiopia.cpp): each contradiction to `bad`
// (the key, what is wrong).
void finalize_ethiopia_keys(const RuleSet& r,
                            const std::function<void(const std::string&, const std::string&)>& bad);
// Appends the keys of issue 38's branch fourrow1 (rule_fields_fourrow1.cpp).
void add_fourrow1_fields(std::vector<FieldInfo>& f);
// finalize's contradictions of those keys (ruleset_check_fourrow1.cpp).
void finalize_fourrow1_keys(const RuleSet& r,
                            const std::function<void(const std::string&, const std::string&)>& bad);

// Appends the keys of single two-row games' rules (issue 38, tworow: rule_fields_tworow.cpp).
void add_tworow_fields(std::vector<FieldInfo>& f);

// How finalize reports a contradiction: the key and what is wrong.
using BadKey = std::function<void(const std::string& key, const std::string& what)>;

// finalize's checks of those keys (ruleset_check_tworow.cpp).
void finalize_tworow_keys(const RuleSet& r, const BadKey& bad);
// Issue 38, branch ownership: hole_ownership and its keys (rule_fields_ownership.cpp).
void add_ownership_fields(std::vector<FieldInfo>& f);
// finalize's checks of hole_ownership (ruleset_check_ownership.cpp): bad(key, what is wrong).
using OwnershipBad = std::function<void(const std::string&, const std::string&)>;
void finalize_ownership_keys(const RuleSet& r, const OwnershipBad& bad);
// Appends the keys of the wegs (issue 38, branch weg) to the field table (rule_fields_weg.cpp).
void add_weg_fields(std::vector<FieldInfo>& f);
// finalize's checks of the wegs' keys (ruleset_check_weg.cpp): `bad(key, why)` for each.
void finalize_weg_keys(const RuleSet& r,
                       const std::function<void(const std::string&, const std::string&)>& bad);

// The field table's entry for `key`; null for an unknown key.
const FieldInfo* find_field(const std::string& key);

// What a key does in these rules, as the value of the key that would do the same: store_side
// acts only on sown stores (else it reads as its default), and after_row is the side the
// direction gives (Chonka's anticlockwise store after the row is a store at the right, as every
// ruleset had before the key); any other key its value.
nlohmann::json acting_value(const FieldInfo& f, const RuleSet& rules);

// A ruleset (or evidence) file as JSON; throws RuleError "<file>: <where>: <what is wrong>" for
// an unreadable file, malformed JSON, a key given twice or a number out of range.
nlohmann::json read_json_file(const std::filesystem::path& file);

}  // namespace mancala::sim
