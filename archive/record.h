// EvidenceRecord and Game: the archive's data as it is read from and written to JSON
// (data/evidence/*.json, `import-portal --to-json`, `search --format json`).
//
// A JSON evidence file is an object {"games": [Game...], "records": [EvidenceRecord...]}
// (either key may be left out), a single record object, or an array of records. Keys are the
// field names below; docs/archive.md lists them with their types and rules.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "archive/dates.h"

namespace mancala::archive {

// JSON values keep their keys in the order written, so files read naturally.
using Json = nlohmann::ordered_json;

// A work a record cites: the citation as written (verbatim from the portal for DLP records) and,
// where the archive knows it, the work as a CSL-JSON item (type, title, author, issued,
// container-title, volume, issue, page, URL...; no "id"), from which `evidence cite` writes
// BibTeX and CSL-JSON. In JSON a source is the citation string, or
// {"citation": "...", "csl": {...}}.
struct Source {
  std::string citation;
  Json csl = Json::object();  // empty: only the citation text is known

  Source() = default;
  Source(std::string text) : citation(std::move(text)) {}  // NOLINT: a bare citation
  Source(const char* text) : citation(text) {}             // NOLINT
  Source(std::string text, Json item) : citation(std::move(text)), csl(std::move(item)) {}
  bool operator==(const Source&) const = default;
};

// The CSL-JSON keys a source's "csl" object may hold (anything else is refused).
bool is_csl_key(const std::string& key);

// One piece of evidence about a game: what a source says, where and when.
struct EvidenceRecord {
  std::string id;        // e.g. "DLP.Evidence.1450" or "MANCALA.Evidence.1" (required)
  std::string game;      // a game key, display name or alias (required; stored as the key)
  std::string type;      // Ethnography, Artifact, Secondary web source... (required)
  std::string location;  // as written: coordinates text or a named region
  std::optional<double> latitude;  // decimal degrees, both or neither
  std::optional<double> longitude;
  std::optional<HistoricalDate> date_from;  // both or neither
  std::optional<HistoricalDate> date_to;
  std::string rules;              // a paraphrase of the rules
  std::string content;            // the quoted source text
  std::optional<int> confidence;  // 0..100
  std::vector<std::string> spaces;
  std::vector<std::string> ages;
  std::vector<std::string> social_status;
  std::vector<std::string> genders;
  std::vector<Source> sources;  // citations, in order
  std::string notes;            // the archive's own remarks (not evidence)

  bool operator==(const EvidenceRecord&) const = default;
};

// The fields of `after` that differ from `before`, by their JSON names ("confidence", "sources",
// "date_from"...), in the record's field order; and those among them that `after` leaves empty
// while `before` had a value (what an update would remove).
std::vector<std::string> changed_fields(const EvidenceRecord& before, const EvidenceRecord& after);
std::vector<std::string> removed_fields(const EvidenceRecord& before, const EvidenceRecord& after);

// A game: its key (the rulesets' folder name), display name and other spellings.
struct Game {
  std::string key;   // snake_case, e.g. "toguz_kumalak"
  std::string name;  // e.g. "Toguz Kumalak"
  std::vector<std::string> aliases;
  std::optional<int> dlp_ruleset;  // the Digital Ludeme Project's ruleset id, when known

  bool operator==(const Game&) const = default;
};

// Checks a record's values (required fields, id syntax, ranges, both-or-neither pairs, date
// order). Throws ArchiveError with the bare complaint, e.g. "latitude 91 is beyond 90".
void validate(const EvidenceRecord& record);
void validate(const Game& game);

// JSON forms. Absent optional fields and empty lists are left out.
Json to_json(const EvidenceRecord& record);
Json to_json(const Game& game);
Json to_json(const Source& source);  // the citation string, or {"citation", "csl"}
Source source_from_json(const Json& json);

// Reads one record or game, rejecting unknown fields, wrong types and invalid values.
// Throws ArchiveError with the bare complaint ("missing required field 'type'").
EvidenceRecord record_from_json(const Json& json);
Game game_from_json(const Json& json);

// Where an item of an import came from, for error messages: "file" and "records[2] (ID)".
struct Origin {
  std::string file;
  std::string item;
};

// Everything one `import` invocation reads, checked and de-duplicated, before the store writes
// it in one transaction.
// A ruleset as linked to evidence: id "game/name", its game key, display name, epistemic
// status (observed | described | reconstructed) and the evidence ids it cites.
struct RulesetLink {
  std::string ruleset, game, name, status;
  std::vector<std::string> evidence;
  bool operator==(const RulesetLink&) const = default;
};

// A named region (Bari, Iloko, Khasi...) with an approximate position: a centre and how far the
// region reaches from it, and where that position comes from (data/places, docs/archive.md).
struct Place {
  std::string name;
  std::vector<std::string> aliases;  // other spellings of the region
  double latitude = 0, longitude = 0, radius_km = 0;
  std::string source;
  bool operator==(const Place&) const = default;
};

// Reads a places file ({"places": [{"name", "aliases", "latitude", "longitude", "radius_km",
// "source"}...]}); errors name the file and the entry.
std::vector<Place> read_places_file(const std::string& path);

struct ImportBatch {
  std::vector<Game> games;
  std::vector<Origin> game_origins;
  std::vector<EvidenceRecord> records;
  std::vector<Origin> record_origins;
  // Rulesets whose evidence links are written in the same transaction (each replaces its links).
  std::vector<RulesetLink> ruleset_links;
  // Named regions; when not empty they replace the archive's places in the same transaction.
  std::vector<Place> places;

  // Adds a record; an identical repeat is dropped, a different one with the same id throws
  // "<file>: <item>: duplicate id with different content (first in <file>: <item>)".
  void add(EvidenceRecord record, Origin origin);
  void add(Game game, Origin origin);

 private:
  std::unordered_map<std::string, size_t> record_index_;  // id -> position in records
  std::unordered_map<std::string, size_t> game_index_;    // key -> position in games
};

// Reads JSON evidence files and folders (every *.json below a folder, in name order) into
// `batch`. Errors name the file and the record: malformed JSON (with its line), invalid UTF-8
// (with its line), unreadable files, missing or unknown fields, invalid values, duplicates.
void read_evidence_paths(const std::vector<std::string>& paths, ImportBatch& batch);

// Parses one JSON evidence file's text; `file` is only used in messages.
void read_evidence_text(const std::string& text, const std::string& file, ImportBatch& batch);

// Reads a whole file as bytes; throws ArchiveError "<file>: cannot read: <reason>".
std::string read_file(const std::string& path);

// Writes a whole file (common/file_write.h: atomically, a special file written through); throws
// ArchiveError "<path>: cannot write the file (<reason>)".
void write_file(const std::string& path, const std::string& text);

// The item label for messages: "records[2] (DLP.Evidence.7)" or "records[2]" without an id.
std::string item_label(const std::string& list, size_t index, const std::string& id);

}  // namespace mancala::archive
