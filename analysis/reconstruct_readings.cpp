#include "analysis/reconstruct_readings.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "common/error.h"
#include "common/paths.h"
#include "common/strict_json.h"
#include "simulator/agents.h"
#include "simulator/ruleset_io.h"

namespace mancala::analysis {
namespace {

using nlohmann::json;

const sim::FieldInfo* find_field(const std::string& key) {
  for (const sim::FieldInfo& f : sim::rule_fields()) {
    if (f.key == key) return &f;
  }
  return nullptr;
}

// Letters, digits, '_' and '-' only: ids and names appear in tables, CSV cells and file names.
bool is_name(const std::string& s) {
  return !s.empty() && s.size() <= 64 && std::all_of(s.begin(), s.end(), [](unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  });
}

void check_keys(const json& object, const std::set<std::string>& known, const std::string& at) {
  if (!object.is_object()) throw Error(where(at, "", "expected a JSON object"));
  for (const auto& [key, value] : object.items()) {
    if (!known.count(key)) {
      std::string list;
      for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
      throw Error(where(at, key, "unknown key (expected " + list + ")"));
    }
  }
}

std::string text_member(const json& object, const std::string& key, const std::string& at,
                        bool required) {
  const auto it = object.find(key);
  if (it == object.end()) {
    if (required) throw Error(where(at, key, "missing"));
    return "";
  }
  if (!it->is_string() || it->get<std::string>().empty())
    throw Error(where(at, key, "expected a non-empty string"));
  return it->get<std::string>();
}

const json& array_member(const json& object, const std::string& key, const std::string& at) {
  const auto it = object.find(key);
  if (it == object.end()) throw Error(where(at, key, "missing"));
  if (!it->is_array()) throw Error(where(at, key, "expected an array"));
  return *it;
}

// An alternative's optional quoted phrase: "source" or "paraphrase", with "record".
sim::Witness quoted_witness(const json& j, const std::string& at, bool required) {
  const std::string source = text_member(j, "source", at, false);
  const std::string paraphrase = text_member(j, "paraphrase", at, false);
  const std::string record = text_member(j, "record", at, false);
  if (!source.empty() && !paraphrase.empty())
    throw Error(where(at, "paraphrase", "give one witness: source or paraphrase"));
  if (source.empty() && paraphrase.empty()) {
    if (required) throw Error(where(at, "source", "missing (or paraphrase)"));
    if (!record.empty())
      throw Error(where(at, "record", "only a quoted phrase (source, paraphrase) names a record"));
    return {};
  }
  if (record.empty()) throw Error(where(at, "record", "missing: the record the phrase quotes"));
  return source.empty() ? sim::Witness{"paraphrase", paraphrase, record, "", ""}
                        : sim::Witness{"source", source, record, "", ""};
}

Alternative read_alternative(const json& j, const std::string& at, const sim::RuleSet& base) {
  check_keys(j, {"name", "rules", "because", "source", "paraphrase", "record"}, at);
  Alternative a;
  a.name = text_member(j, "name", at, true);
  if (!is_name(a.name))
    throw Error(where(at, "name", "'" + a.name + "': use a-z, 0-9, _ and - (at most 64)"));
  a.because = text_member(j, "because", at, true);
  a.witness = quoted_witness(j, at, false);
  const auto rules = j.find("rules");
  if (rules == j.end()) throw Error(where(at, "rules", "missing (an empty object for the base's)"));
  if (!rules->is_object()) throw Error(where(at, "rules", "expected an object of rule keys"));
  for (const auto& [key, value] : rules->items()) {
    if (is_stopping_threshold(key)) {
      throw Error(where(at, "rules." + key,
                        "a stopping threshold, not a reading of the text: it stays at the "
                        "base's value"));
    }
  }
  sim::RuleSet probe = base;
  sim::apply_rule_keys(probe, *rules, at);
  a.rules = *rules;
  return a;
}

bool is_base_reading(const Alternative& a, const sim::RuleSet& base) {
  for (const auto& [key, value] : a.rules.items()) {
    if (sim::rule_value(base, key) != value) return false;
  }
  return true;
}

Choice read_choice(const json& j, const std::string& at, const sim::RuleSet& base) {
  check_keys(j, {"id", "phrase", "witness", "record", "alternatives"}, at);
  Choice c;
  c.id = text_member(j, "id", at, true);
  if (!is_name(c.id))
    throw Error(where(at, "id", "'" + c.id + "': use a-z, 0-9, _ and - (at most 64)"));
  c.phrase = text_member(j, "phrase", at, true);
  const std::string kind = text_member(j, "witness", at, true);
  if (kind != "source" && kind != "paraphrase" && kind != "assumption") {
    throw Error(where(at, "witness",
                      "'" + kind +
                          "': expected source (the record's quoted content), paraphrase "
                          "(its rules field) or assumption"));
  }
  c.witness = {kind, c.phrase, text_member(j, "record", at, kind != "assumption"), "", ""};
  if (kind == "assumption" && !c.witness.record.empty())
    throw Error(where(at, "record", "only a quoted phrase (source, paraphrase) names a record"));
  const json& alternatives = array_member(j, "alternatives", at);
  if (alternatives.size() < 2)
    throw Error(where(at, "alternatives", "a choice needs two alternatives or more"));
  std::vector<size_t> references;
  // Each alternative is looked up among those before it by name and by its keys' text (dump()
  // writes an object's keys in order): a choice of n alternatives takes n log n, not n * n.
  std::map<std::string, size_t> by_name, by_rules;
  for (size_t i = 0; i < alternatives.size(); ++i) {
    const std::string here = where(at, "alternatives[" + std::to_string(i) + "]", "");
    Alternative a = read_alternative(alternatives[i], here, base);
    if (!by_name.emplace(a.name, i).second)
      throw Error(where(here, "name", "'" + a.name + "' is given twice in this choice"));
    if (const auto [it, added] = by_rules.emplace(a.rules.dump(), i); !added) {
      throw Error(
          where(here, "rules", "the same keys as '" + c.alternatives[it->second].name + "'"));
    }
    if (is_base_reading(a, base)) references.push_back(i);
    c.alternatives.push_back(std::move(a));
  }
  if (references.size() != 1) {
    throw Error(where(at, "alternatives",
                      references.empty()
                          ? "none is the base's reading (an alternative whose keys hold the "
                            "base's values, such as \"rules\": {}): the effects are measured "
                            "against it"
                          : "'" + c.alternatives[references[0]].name + "' and '" +
                                c.alternatives[references[1]].name +
                                "' are both the base's reading (their keys hold its values)"));
  }
  c.reference = references.front();
  return c;
}

std::string too_many_combinations(const std::string& origin) {
  return where(origin, "choices",
               "the alternatives multiply to more than " + std::to_string(kMaxCombinations) +
                   " combinations: split the question into smaller readings files");
}

// The space's size refused before any alternative is read or compared (generate_space checks it
// again on what was read): the product of the choices' alternatives counted from the arrays'
// sizes, so a file of 30,000 alternatives is refused at once.
void check_combination_count(const json& choices, const std::string& origin) {
  size_t total = 1;
  for (const json& choice : choices) {
    if (!choice.is_object()) continue;  // read_choice says what is wrong with it
    const auto it = choice.find("alternatives");
    if (it == choice.end() || !it->is_array() || it->empty()) continue;
    total *= it->size();
    if (total > kMaxCombinations) throw Error(too_many_combinations(origin));
  }
}

}  // namespace

bool is_stopping_threshold(const std::string& key) {
  static const std::set<std::string> keys = {"no_progress_turns", "stop_after_rounds", "max_plies",
                                             "max_rounds", "max_sowings_per_move"};
  return keys.count(key) > 0;
}

Readings readings_from_json(const json& document, const std::string& origin) {
  check_keys(document, {"game", "base", "agent", "agent_because", "choices", "left_out"}, origin);
  Readings r;
  r.origin = origin;
  r.document = document;
  r.game = text_member(document, "game", origin, true);
  r.base = text_member(document, "base", origin, true);
  r.agent = text_member(document, "agent", origin, false);
  r.agent_because = text_member(document, "agent_because", origin, false);
  if (!r.agent.empty()) {
    sim::AgentSpec spec;
    if (!sim::try_parse_agent(r.agent, spec))
      throw Error(where(origin, "agent", "'" + r.agent + "' is not an agent (see docs/agents.md)"));
    if (r.agent_because.empty())
      throw Error(where(origin, "agent_because", "missing: say why this agent plays the space"));
  } else if (!r.agent_because.empty()) {
    throw Error(where(origin, "agent_because", "given without an agent"));
  }
  sim::RuleSet base;
  try {
    base = sim::load_ruleset(r.base);
  } catch (const Error& e) {
    throw Error(where(origin, "base", e.what()));
  }
  if (base.game != r.game) {
    throw Error(
        where(origin, "base", r.base + " is a ruleset of " + base.game + ", not of " + r.game));
  }
  const json& choices = array_member(document, "choices", origin);
  if (choices.empty()) throw Error(where(origin, "choices", "no choice point"));
  check_combination_count(choices, origin);
  std::map<std::string, std::string> key_owner;  // rule key -> the choice that sets it
  for (size_t i = 0; i < choices.size(); ++i) {
    const std::string at = where(origin, "choices[" + std::to_string(i) + "]", "");
    Choice c = read_choice(choices[i], at, base);
    for (const Choice& before : r.choices) {
      if (before.id == c.id) throw Error(where(at, "id", "'" + c.id + "' is given twice"));
    }
    for (const Alternative& a : c.alternatives) {
      for (const auto& [key, value] : a.rules.items()) {
        const auto [it, added] = key_owner.emplace(key, c.id);
        if (!added && it->second != c.id) {
          throw Error(where(
              at, "rules." + key,
              "also set by choice '" + it->second + "': a rule key belongs to one choice point"));
        }
      }
    }
    r.choices.push_back(std::move(c));
  }
  if (document.contains("left_out")) {
    const json& left = array_member(document, "left_out", origin);
    for (size_t i = 0; i < left.size(); ++i) {
      const std::string at = where(origin, "left_out[" + std::to_string(i) + "]", "");
      check_keys(left[i], {"what", "because"}, at);
      r.left_out.push_back(
          {text_member(left[i], "what", at, true), text_member(left[i], "because", at, true)});
    }
  }
  return r;
}

Readings load_readings(const std::string& path) {
  return readings_from_json(read_json_file(path), path);
}

std::string default_readings_path(const std::string& game) {
  const std::filesystem::path file = data_dir() / "readings" / (game + ".json");
  std::error_code ec;
  return std::filesystem::is_regular_file(file, ec) ? file.string() : "";
}

Readings hide_clause(const std::string& base_name, const std::string& key) {
  const std::string option = "--hide";
  const sim::FieldInfo* field = find_field(key);
  if (!field)
    throw UsageError(option + ": " + key + ": unknown rule key (see 'mancala rules keys')");
  if (is_stopping_threshold(key))
    throw UsageError(option + ": " + key + ": a stopping threshold, not a clause of the rules");
  const sim::RuleSet base = sim::load_ruleset(base_name);
  std::vector<json> values;
  switch (field->kind) {
    case sim::FieldInfo::Kind::kEnum:
      for (const sim::FieldValue& v : field->values) values.emplace_back(v.name);
      break;
    case sim::FieldInfo::Kind::kBool:
      values = {json(false), json(true)};
      break;
    case sim::FieldInfo::Kind::kInt:
      if (field->high - field->low + 1 > kMaxHiddenValues) {
        throw UsageError(option + ": " + key + ": takes " +
                         std::to_string(field->high - field->low + 1) + " values (" + field->type +
                         "): at most " + std::to_string(kMaxHiddenValues) + " can be offered");
      }
      for (int v = field->low; v <= field->high; ++v) values.emplace_back(v);
      break;
    case sim::FieldInfo::Kind::kList:
      // A list key (start_layout, capture_counts, ...) has too many values to offer each.
      throw UsageError(option + ": " + key + ": a list (" + field->type +
                       "): its values cannot be offered one by one");
  }
  const json own = sim::rule_value(base, key);
  std::string phrase;
  json witness = {{"witness", "assumption"}};
  const std::optional<sim::Witness> w = sim::witness_of(base, key);
  if (w && (w->kind == "source" || w->kind == "paraphrase")) {
    phrase = w->text;
    witness = {{"witness", w->kind}, {"record", w->record}};
  } else if (w && w->kind == "reading") {
    phrase = "(" + base.id + " takes the reading of " + w->text + ")";
  } else if (w) {
    phrase = "(an assumption of " + base.id + ": " + w->text + ")";
  } else {
    phrase = "(" + base.id + " keeps the vocabulary's default)";
  }
  json alternatives = json::array();
  for (const json& v : values) {
    const std::string name = v.is_string() ? v.get<std::string>() : v.dump();
    json alternative = {{"name", name}, {"rules", json::object()}};
    if (v == own) {
      alternative["because"] = "the value " + base.id + " has: the clause hidden";
    } else {
      alternative["rules"][key] = v;
      alternative["because"] = "a value of the vocabulary: " + sim::describe_rule_value(key, v);
    }
    alternatives.push_back(alternative);
  }
  json choice = {{"id", key}, {"phrase", phrase}};
  choice.update(witness);
  choice["alternatives"] = alternatives;
  const json document = {
      {"game", base.game},
      {"base", base_name},
      {"choices", json::array({choice})},
      {"left_out",
       json::array({{{"what", "every other clause"},
                     {"because", "leave-one-out: only the hidden clause " + key +
                                     " is offered, with every value of the vocabulary"}}})}};
  return readings_from_json(document, option + " " + key);
}

size_t combination_index(const Space& space, const Pick& pick) {
  size_t index = 0;
  for (size_t c = 0; c < space.readings.choices.size(); ++c)
    index = index * space.readings.choices[c].alternatives.size() + pick[c];
  return index;
}

Pick pick_of(const Space& space, size_t index) {
  const auto& choices = space.readings.choices;
  Pick pick(choices.size());
  for (size_t c = choices.size(); c-- > 0;) {
    pick[c] = index % choices[c].alternatives.size();
    index /= choices[c].alternatives.size();
  }
  return pick;
}

int base_candidate(const Space& space) {
  Pick pick;
  for (const Choice& c : space.readings.choices) pick.push_back(c.reference);
  return space.candidate_of[combination_index(space, pick)];
}

std::string pick_label(const Readings& readings, const Pick& pick) {
  std::string out;
  for (size_t c = 0; c < readings.choices.size(); ++c) {
    const Choice& choice = readings.choices[c];
    if (pick[c] == choice.reference) continue;
    out += (out.empty() ? "" : ", ") + choice.id + "=" + choice.alternatives[pick[c]].name;
  }
  return out.empty() ? "the base's reading" : out;
}

json pick_json(const Readings& readings, const Pick& pick) {
  json out = json::object();
  for (size_t c = 0; c < readings.choices.size(); ++c)
    out[readings.choices[c].id] = readings.choices[c].alternatives[pick[c]].name;
  return out;
}

namespace {

// The provenance a reading gives each key it changes (docs/reconstruct.md, "Witnesses of a
// reading"): the alternative's own witness when it quotes a phrase of its own; else the phrase the
// choice reads, with its witness (source or paraphrase), the reading and its reason as the note;
// an assumption (the reason) for a choice made of an assumption (--hide). In play and in the
// written candidate alike, so an ending a reading gives takes the class of the text it reads
// (docs/terms.md, "Endings").
std::map<std::string, std::string> reading_entry(const Choice& choice, const Alternative& a) {
  const std::string why = "reading '" + choice.id + "' as '" + a.name + "' (of \"" + choice.phrase +
                          "\"): " + a.because;
  const sim::Witness& own = a.witness;
  if (!own.kind.empty()) return {{own.kind, own.text}, {"record", own.record}, {"note", why}};
  const sim::Witness& read = choice.witness;
  if (read.kind == "source" || read.kind == "paraphrase") {
    std::map<std::string, std::string> entry = {
        {read.kind, read.text}, {"record", read.record}, {"note", why}};
    if (!read.page.empty()) entry["page"] = read.page;
    return entry;
  }
  return {{"assumption", why}};
}

// The keys an alternative changes from the base, with their provenance, into `rules`.
void witness_reading(sim::RuleSet& rules, const sim::RuleSet& base, const Choice& choice,
                     const Alternative& a) {
  for (const auto& [key, value] : a.rules.items()) {
    if (sim::rule_value(base, key) == value) continue;
    rules.provenance[key] = reading_entry(choice, a);
  }
}

}  // namespace

Space generate_space(const Readings& readings) {
  Space space;
  space.readings = readings;
  space.base = sim::load_ruleset(readings.base);
  size_t total = 1;
  for (const Choice& c : readings.choices) {
    total *= c.alternatives.size();
    if (total > kMaxCombinations) throw Error(too_many_combinations(readings.origin));
  }
  space.generated = total;
  space.candidate_of.assign(total, -1);
  std::map<std::string, size_t> by_hash;
  for (size_t index = 0; index < total; ++index) {
    const Pick pick = pick_of(space, index);
    sim::RuleSet rules = space.base;
    for (size_t c = 0; c < readings.choices.size(); ++c) {
      const Alternative& a = readings.choices[c].alternatives[pick[c]];
      sim::apply_rule_keys(rules, a.rules, readings.origin);
      witness_reading(rules, space.base, readings.choices[c], a);
    }
    try {
      sim::finalize(rules, "");
    } catch (const sim::RuleError& e) {
      std::string reason = e.what();
      if (reason.starts_with(": ")) reason.erase(0, 2);
      space.refused.push_back({pick, reason});
      continue;
    }
    const std::string hash = sim::rules_hash(rules);
    if (const auto it = by_hash.find(hash); it != by_hash.end()) {
      space.candidates[it->second].same_rules.push_back(pick);
      space.candidate_of[index] = static_cast<int>(it->second);
      continue;
    }
    Candidate candidate;
    candidate.number = static_cast<int>(space.candidates.size()) + 1;
    candidate.pick = pick;
    candidate.rules_hash = hash;
    rules.id = readings.game + "/reading_" + std::to_string(candidate.number);
    rules.extends = space.base.id;
    rules.name = space.base.name + ", reading " + std::to_string(candidate.number);
    rules.summary = "Reading " + pick_label(readings, pick) + " of " + space.base.id + ".";
    rules.status = "reconstructed";
    candidate.rules = std::move(rules);
    by_hash.emplace(hash, space.candidates.size());
    space.candidate_of[index] = static_cast<int>(space.candidates.size());
    space.candidates.push_back(std::move(candidate));
  }
  if (space.candidates.empty()) {
    throw Error(
        where(readings.origin, "choices",
              "rules check refuses every combination (" + space.refused.front().reason + ")"));
  }
  return space;
}

std::string portable_origin(const std::string& origin) {
  if (origin.empty() || origin.starts_with("--")) return origin;
  std::error_code ec;
  const std::filesystem::path file = std::filesystem::weakly_canonical(origin, ec);
  if (ec) return std::filesystem::path(origin).filename().string();
  const std::filesystem::path data = std::filesystem::weakly_canonical(data_dir(), ec);
  if (!ec) {
    const std::filesystem::path inside = file.lexically_relative(data);
    if (!inside.empty() && *inside.begin() != ".." && !inside.is_absolute())
      return "data/" + inside.generic_string();
  }
  return file.filename().string();
}

bool base_is_shipped(const std::string& base) {
  const std::filesystem::path p(base);
  std::error_code ec;
  if (p.extension() != ".json" || !std::filesystem::is_regular_file(p, ec)) return true;  // an id
  const std::filesystem::path file = std::filesystem::weakly_canonical(p, ec);
  const std::filesystem::path shipped = std::filesystem::weakly_canonical(sim::rulesets_dir(), ec);
  const std::filesystem::path inside = file.lexically_relative(shipped);
  return !ec && !inside.empty() && *inside.begin() != ".." && !inside.is_absolute();
}

nlohmann::ordered_json candidate_ruleset_json(const Space& space, const Candidate& candidate) {
  using ordered = nlohmann::ordered_json;
  const Readings& readings = space.readings;
  ordered rules = ordered::object();
  ordered provenance = ordered::object();
  sim::RuleSet standalone = candidate.rules;  // the base's provenance, and the reading's below
  std::string reading;
  for (size_t c = 0; c < readings.choices.size(); ++c) {
    const Choice& choice = readings.choices[c];
    const Alternative& a = choice.alternatives[candidate.pick[c]];
    reading += (reading.empty() ? "" : "; ") + choice.id + ": " + a.name;
    for (const auto& [key, value] : a.rules.items()) {
      if (sim::rule_value(space.base, key) == value) continue;
      rules[key] = value;
      const std::map<std::string, std::string> entry = reading_entry(choice, a);
      // The witness first, then record, page and note, as the shipped files write them.
      ordered written = ordered::object();
      for (const char* kind : {"source", "paraphrase", "reading", "assumption"})
        if (entry.count(kind)) written[kind] = entry.at(kind);
      for (const char* member : {"record", "page", "note"})
        if (entry.count(member)) written[member] = entry.at(member);
      provenance[key] = written;
      standalone.provenance[key] = entry;
    }
  }
  const std::string name = space.base.name + ", reading " + std::to_string(candidate.number);
  const std::string summary = "As " + space.base.id + ", with the readings " + reading +
                              " (mancala reconstruct, " + portable_origin(readings.origin) +
                              "; rules hash " + candidate.rules_hash + ").";
  if (!base_is_shipped(readings.base)) {
    // A base of the reader's own (a file outside data/rulesets): "extends" could name it only
    // relative to where the base lies, so the candidate is written whole, loading anywhere.
    standalone.name = name;
    standalone.status = "reconstructed";
    standalone.summary = summary + " Written standalone: its base " + readings.base +
                         " is not among the project's rulesets.";
    return sim::standalone_ruleset_json(standalone);
  }
  ordered j = ordered::object();
  j["name"] = name;
  j["status"] = "reconstructed";
  j["extends"] = space.base.id;
  j["summary"] = summary;
  j["rules"] = rules;
  j["provenance"] = provenance;
  return j;
}

}  // namespace mancala::analysis
