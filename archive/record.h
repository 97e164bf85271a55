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
  // The same work as other records cite it, by their citation text ("Das-Gupta 1926a: 147-148."
  // for the DLP's string of Das-Gupta 1926): `evidence cite` gives the work once, in this
  // source's form. Written in curated records (JSON key "same_work").
  std::vector<std::string> same_work = {};

  Source() = default;
  Source(std::string text) : citation(std::move(text)) {}  // NOLINT: a bare citation
  Source(const char* text) : citation(text) {}             // NOLINT
  Source(std::string text, Json item) : citation(std::move(text)), csl(std::move(item)) {}
  Source(std::string text, Json item, std::vector<std::string> same)
      : citation(std::move(text)), csl(std::move(item)), same_work(std::move(same)) {}
  bool operator==(const Source&) const = default;
};

// The CSL-JSON keys a source's "csl" object may hold (anything else is refused).
bool is_csl_key(const std::string& key);

// The board a description gives (issue 23): for the DLP's games, read from the game's code
// (or, where the code draws the board otherwise, from the rules paraphrase; `from` says which).
struct BoardFacts {
  std::optional<int> rows;               // rows of holes on the board (2, 3, 4...)
  std::optional<int> holes_per_row;      // holes in each row
  std::optional<int> stores;             // store holes (0: none)
  std::optional<int> counters_per_hole;  // at the start, when every hole holds as many
  std::string start;  // the counters at the start in words: "2 in each hole", "uneven: 5, 1, 2..."
  std::string open;   // what a reconstruction leaves open: "holes per row [3..40]"
  std::string from;   // where the facts come from: "code", "rules paraphrase"...

  bool empty() const {
    return !rows && !holes_per_row && !stores && !counters_per_hole && start.empty() &&
           open.empty() && from.empty();
  }
  bool operator==(const BoardFacts&) const = default;
};

// Another ruleset the DLP gives for the same game (its file's `useFor` entries): its name, DLP
// ruleset id and portal page, its rules and its sources as written.
struct DlpVariant {
  std::string name;  // e.g. "Murray (Observed)"
  std::optional<int> dlp_ruleset;
  std::string portal_url;
  std::string rules;
  std::vector<std::string> sources;
  bool operator==(const DlpVariant&) const = default;
};

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
  // The author's own reservations about his account, in his words (Das-Gupta 1923: "I would
  // not be surprised if it was found that the rules enumerated above require correction").
  std::string author_doubts;
  // Records of the same game in another collection (a curated record and the DLP's entry for its
  // game): ids, kept in curated files only (data/evidence/dlp is generated).
  std::vector<std::string> see_also;
  // A description of the game as a secondary source writes it (the DLP's records, issue 23).
  std::string description;         // what the game is, where and by whom it was played
  std::string origin;              // the place and date as written: "This game was played in..."
  std::string classification;      // e.g. "board/sow/four rows/reconstruction"
  BoardFacts board;                // rows, holes, stores and counters
  std::optional<int> dlp_ruleset;  // the DLP ruleset the record describes
  std::string portal_url;          // its page on the DLP's portal
  std::optional<HistoricalDate> accessed;  // when the record was taken from there (a day)
  std::string credit;                      // who wrote the DLP's description
  std::vector<DlpVariant> dlp_variants;    // the DLP's other rulesets of the game

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
Json to_json(const BoardFacts& board);
BoardFacts board_from_json(const Json& json);
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

// A named region (Bari, Iloko, Khasi, South Sudan, East Africa...) with an approximate position:
// a centre and how far the region reaches from it, its outline where known, and where that comes
// from (data/places, docs/archive.md). An uncertain place ("Russia? Iran?") lists its candidates;
// its outline joins theirs.
struct Place {
  std::string name;
  std::vector<std::string> aliases;  // other spellings of the region
  double latitude = 0, longitude = 0, radius_km = 0;
  std::string source;
  std::string kind =
      {};  // country, region, world_region, countries, circle, uncertain ("": circle)
  std::vector<std::string> polygon =
      {};  // rings as "lon,lat lon,lat ..." (even-odd); none: a circle
  std::vector<std::string> candidates = {};  // for an uncertain place: the places it may be
  // A historical place (kind "historical": Anglo-Egyptian Sudan, British India): the places of
  // today it held and the years it stood (historical numbering), so that a search by one of
  // them at those dates searches it (docs/archive.md, "Places as historians name them").
  std::vector<std::string> today = {};
  std::optional<int> from_year = {}, to_year = {};
  bool operator==(const Place&) const = default;
};

// Reads a places file ({"places": [{"name", "aliases", "latitude", "longitude", "radius_km",
// "source", "kind", "polygon", "candidates", "today", "from", "to"}...]}); errors name the file
// and the entry.
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
