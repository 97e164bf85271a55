// The witness of a provenance entry: its shape, its label and its check against data/evidence.
#include "simulator/witness.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <mutex>

#include "common/paths.h"
#include "common/text.h"
#include "simulator/rules.h"
#include "simulator/ruleset_internal.h"

namespace mancala::sim {
namespace {

using nlohmann::json;

constexpr std::array<const char*, 4> kKinds = {"source", "paraphrase", "reading", "assumption"};

std::string string_member(const json& j, const char* key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// "Vanoverbergh 1927" and the pages, from a record's first citation with CSL data.
void read_citation(const json& record, EvidenceText& out) {
  const auto sources = record.find("sources");
  if (sources == record.end() || !sources->is_array()) return;
  for (const json& s : *sources) {
    if (!s.is_object() || !s.contains("csl") || !s["csl"].is_object()) continue;
    const json& csl = s["csl"];
    std::vector<std::string> families;
    if (csl.contains("author") && csl["author"].is_array()) {
      for (const json& a : csl["author"]) {
        const std::string family = a.is_object() ? string_member(a, "family") : "";
        if (!family.empty()) families.push_back(family);
      }
    }
    if (families.empty()) return;
    std::string names = families[0];
    if (families.size() == 2) names += " and " + families[1];
    if (families.size() > 2) names += " et al.";
    std::string year;
    if (csl.contains("issued") && csl["issued"].is_object()) {
      const json& parts = csl["issued"].value("date-parts", json());
      if (parts.is_array() && !parts.empty() && parts[0].is_array() && !parts[0].empty() &&
          parts[0][0].is_number_integer())
        year = std::to_string(parts[0][0].get<long long>());
    }
    out.author_year = year.empty() ? names : names + " " + year;
    out.page = string_member(csl, "page");
    return;
  }
}

void take_record(const json& record, std::map<std::string, EvidenceText>& texts) {
  if (!record.is_object()) return;
  const std::string id = string_member(record, "id");
  if (id.empty()) return;
  EvidenceText& t = texts[id];
  t.content = collapse_space(string_member(record, "content"));
  t.rules = collapse_space(string_member(record, "rules"));
  read_citation(record, t);
}

std::map<std::string, EvidenceText> read_evidence(const std::filesystem::path& dir) {
  std::map<std::string, EvidenceText> texts;
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) return texts;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir, ec)) {
    if (!e.is_regular_file() || e.path().extension() != ".json") continue;
    json j;
    try {
      j = read_json_file(e.path());
    } catch (const RuleError&) {
      continue;  // the archive import reports broken evidence files
    }
    if (j.is_array()) {
      for (const json& rec : j) take_record(rec, texts);
    } else if (j.is_object() && j.contains("records") && j["records"].is_array()) {
      for (const json& rec : j["records"]) take_record(rec, texts);
    } else {
      take_record(j, texts);
    }
  }
  return texts;
}

std::string get(const std::map<std::string, std::string>& entry, const char* key) {
  const auto it = entry.find(key);
  return it == entry.end() ? std::string() : it->second;
}

}  // namespace

const std::map<std::string, EvidenceText>& project_evidence() {
  static std::mutex mutex;
  static std::map<std::string, std::map<std::string, EvidenceText>> by_folder;
  const std::filesystem::path dir = data_dir() / "evidence";
  const std::lock_guard<std::mutex> lock(mutex);
  auto it = by_folder.find(dir.string());
  if (it == by_folder.end()) it = by_folder.emplace(dir.string(), read_evidence(dir)).first;
  return it->second;
}

std::optional<Witness> witness_from_entry(const std::map<std::string, std::string>& entry) {
  for (const char* kind : kKinds) {
    const auto it = entry.find(kind);
    if (it == entry.end()) continue;
    return Witness{kind, it->second, get(entry, "record"), get(entry, "page"), get(entry, "note")};
  }
  return std::nullopt;
}

std::optional<Witness> witness_of(const RuleSet& rules, const std::string& key) {
  const auto it = rules.provenance.find(key);
  if (it == rules.provenance.end()) return std::nullopt;
  return witness_from_entry(it->second);
}

std::string witness_field(const std::string& kind) {
  if (kind == "source") return "content";
  if (kind == "paraphrase") return "rules";
  return "";
}

std::string witness_label(const Witness& w) {
  if (w.kind == "assumption") return "assumption";
  if (w.kind == "reading") return "as read in " + w.text;
  if (w.kind == "paraphrase") {
    return (w.record.starts_with("DLP.") ? "DLP paraphrase (" : "our paraphrase (") + w.record +
           ")";
  }
  const auto& records = project_evidence();
  const auto it = records.find(w.record);
  if (it == records.end() || it->second.author_year.empty())
    return "the quoted text of " + w.record;
  const std::string page = w.page.empty() ? it->second.page : w.page;
  return it->second.author_year + (page.empty() ? "" : ": " + page);
}

std::string witness_text(const Witness& w) {
  std::string out;
  if (w.kind == "source" || w.kind == "paraphrase") {
    out = witness_label(w) + ": \"" + w.text + "\"";
  } else if (w.kind == "reading") {
    out = witness_label(w);
  } else {
    out = "assumption: " + w.text;
  }
  if (!w.note.empty()) out += " (note: " + w.note + ")";
  return out;
}

json witness_json(const Witness& w) {
  json j = {{"witness", w.kind}, {"shown_as", witness_label(w)}};
  if (w.kind == "source" || w.kind == "paraphrase") {
    j["phrase"] = w.text;
    j["record"] = w.record;
    j["field"] = witness_field(w.kind);
    if (!w.page.empty()) j["page"] = w.page;
  } else if (w.kind == "reading") {
    j["ruleset"] = w.text;
  } else {
    j["reason"] = w.text;
  }
  if (!w.note.empty()) j["note"] = w.note;
  return j;
}

void check_witness_shape(const json& entry, const std::string& where) {
  const std::string expected =
      "expected an object naming its witness: \"source\" or \"paraphrase\" (the phrase, with "
      "\"record\"), \"reading\" (a ruleset id) or \"assumption\" (the reason)";
  if (!entry.is_object()) throw RuleError(where + ": " + expected);
  int kinds = 0;
  for (const auto& [k, v] : entry.items()) {
    if (k == "evidence") {
      throw RuleError(where +
                      ".evidence: name the witness instead: \"source\" (a phrase of the "
                      "record's quoted content) or \"paraphrase\" (of its rules field), "
                      "each with \"record\"; \"reading\" or \"assumption\" "
                      "(docs/rules-format.md)");
    }
    const bool kind = std::find(kKinds.begin(), kKinds.end(), k) != kKinds.end();
    if (!kind && k != "record" && k != "page" && k != "note" && k != "shown_as") {
      throw RuleError(where + "." + k +
                      ": unknown key (expected source, paraphrase, reading or assumption, and "
                      "record, page, shown_as, note)");
    }
    if (!v.is_string() || v.get<std::string>().empty())
      throw RuleError(where + "." + k + ": expected a non-empty string");
    kinds += kind ? 1 : 0;
  }
  if (kinds != 1) {
    throw RuleError(where +
                    ": give exactly one witness: \"source\", \"paraphrase\", \"reading\" "
                    "or \"assumption\"");
  }
  const bool quoted = entry.contains("source") || entry.contains("paraphrase");
  if (quoted && !entry.contains("record")) {
    throw RuleError(where +
                    ".record: missing: a quoted phrase names the evidence record it "
                    "quotes");
  }
  if (!quoted && entry.contains("record")) {
    throw RuleError(where + ".record: only a quoted phrase (source, paraphrase) names a record");
  }
  if (entry.contains("page") && !entry.contains("source")) {
    throw RuleError(where + ".page: only a source's phrase has a page");
  }
}

std::string witness_problem(const Witness& w, const std::string& where,
                            const std::set<std::string>& ruleset_ids) {
  if (w.kind == "reading") {
    if (ruleset_ids.count(w.text)) return "";
    return where + ": reading: no ruleset '" + w.text + "' ('mancala rules list' names them)";
  }
  const std::string field = witness_field(w.kind);
  if (field.empty()) return "";
  const auto& records = project_evidence();
  const auto it = records.find(w.record);
  if (it == records.end()) {
    return where + ": record: no evidence record '" + w.record + "' in " +
           (data_dir() / "evidence").string();
  }
  const std::string phrase = collapse_space(w.text);
  const std::string& text = field == "content" ? it->second.content : it->second.rules;
  if (text.find(phrase) != std::string::npos) return "";
  std::string message = where + ": " + w.kind + ": the phrase \"" + w.text + "\" is not in the " +
                        field + " field of " + w.record +
                        (w.kind == "source" ? " (the source's quoted words)" : " (its paraphrase)");
  const std::string& other = field == "content" ? it->second.rules : it->second.content;
  if (other.find(phrase) != std::string::npos) {
    message += w.kind == "source"
                   ? "; it is in the rules field, the paraphrase: its witness is \"paraphrase\""
                   : "; it is in the content field, the source's words: its witness is \"source\"";
  }
  return message;
}

}  // namespace mancala::sim
