// Whose words a rule rests on: the witness of each provenance entry (docs/terms.md, "Witness").
//
// A provenance entry names exactly one witness: "source" (a phrase of an evidence record's quoted
// content, with "record" and, where the record gives one, "page"), "paraphrase" (a phrase of a
// record's rules field: the DLP's paraphrase, or ours for a MANCALA record; with "record"),
// "reading" (another ruleset's id: its reading is taken over) or "assumption" (the reason); and
// may add a "note". Loading checks the shape only (check_witness_shape), so exported and user
// rulesets load anywhere; `rules check` also checks that each quoted phrase occurs verbatim, up
// to white space, in the field it names of data/evidence (witness_problem).
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>

namespace mancala::sim {

struct RuleSet;

// What an evidence record of data/evidence says, as the witnesses need it.
struct EvidenceText {
  std::string content;      // the quoted source, white space collapsed
  std::string rules;        // the paraphrase, white space collapsed
  std::string author_year;  // "Vanoverbergh 1927", from the record's first citation; or empty
  std::string page;         // that citation's pages ("236-237"), or empty
};

// data/evidence's records by id (the curated files and data/evidence/dlp), read once per data
// folder. A file that does not parse is left out (the archive's import reports it).
const std::map<std::string, EvidenceText>& project_evidence();

// One rule key's witness.
struct Witness {
  std::string kind;    // source | paraphrase | reading | assumption
  std::string text;    // the phrase, the ruleset read (reading) or the reason (assumption)
  std::string record;  // the evidence record (source, paraphrase)
  std::string page;    // the page the entry gives (source), or empty
  std::string note;    // what the entry adds, or empty
  friend bool operator==(const Witness&, const Witness&) = default;
};

// The witness of a provenance entry as loaded (RuleSet::provenance's values); nullopt for an
// entry of no witness kind.
std::optional<Witness> witness_from_entry(const std::map<std::string, std::string>& entry);
// The witness of one rule key of a ruleset; nullopt when the ruleset gives the key none.
std::optional<Witness> witness_of(const RuleSet& rules, const std::string& key);

// The field of an evidence record a witness quotes: "content" (source), "rules" (paraphrase),
// empty for the others.
std::string witness_field(const std::string& kind);

// The witness as a reader is shown it (docs/terms.md): "Vanoverbergh 1927: 236-237" (the
// record's author, year and the entry's page, else the citation's), "the quoted text of
// MANCALA.Evidence.1" (a record citing no author), "DLP paraphrase (DLP.Evidence.693)", "our
// paraphrase (MANCALA.Evidence.2)", "as read in mawkar_katiya/das_gupta_1923", "assumption".
std::string witness_label(const Witness& w);

// The witness with its words, on one line: `<label>: "<phrase>"` for a quoted phrase, the label
// for a reading, `assumption: <reason>` for an assumption; then ` (note: <note>)`.
std::string witness_text(const Witness& w);

// The witness as JSON: {"witness", "shown_as", "phrase" | "ruleset" | "reason", "record",
// "field", "page", "note"} (the members that apply).
nlohmann::json witness_json(const Witness& w);

// Checks one provenance entry's shape; throws RuleError "<where>[.<member>]: <what is wrong>".
void check_witness_shape(const nlohmann::json& entry, const std::string& where);

// The problem with a witness's words, or empty: a quoted phrase not in the field it names of
// its record, a record missing from data/evidence, a reading of a ruleset that `ruleset_ids`
// does not hold. `where` starts the message ("<file>: provenance.<key>").
std::string witness_problem(const Witness& w, const std::string& where,
                            const std::set<std::string>& ruleset_ids);

}  // namespace mancala::sim
