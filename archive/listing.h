// What `mancala evidence ...` prints, and the checks of its query values: the archive's records,
// games, summary, import changes and search hits as text tables, CSV and JSON
// (docs/archive.md). The command line parses the options and prints what these return.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "archive/record.h"
#include "archive/store.h"

namespace mancala::archive {

// "1 record", "3 records".
std::string count_of(size_t n, const std::string& noun);
// The parts with `separator` between them.
std::string join(const std::vector<std::string>& parts, const std::string& separator);
// The record's dates as "1850" or "1850 - 1900"; empty when it has none.
std::string date_range_text(const EvidenceRecord& record);
// The record's dates as a historian writes them on a page: whole years as years ("1939" for
// 1939-01-01 - 1939-12-31, "800–1099", "500 BCE"), other dates as date_range_text does; empty
// when it has none.
std::string years_text(const EvidenceRecord& record);
// `value` with `precision` digits after the point.
std::string fixed_text(double value, int precision);

// Rows as a table, one line each: columns as wide as their widest cell (display width), two
// spaces apart, left-aligned but those marked in `right`; no trailing spaces; each cell on one
// line with its control characters escaped (printable_line).
std::string text_table(const std::vector<std::vector<std::string>>& rows,
                       const std::vector<bool>& right = {});

// Search hits (docs/archive.md, "Full-text search" and "Places"): JSON {"records": [...]} with
// "positions" for the records placed by a named region; CSV with a header line (distance_km
// last when `with_distance`); a text table naming games by `games`' names.
Json hits_json(const std::vector<SearchHit>& hits);
std::string hits_csv(const std::vector<SearchHit>& hits, bool with_distance);
std::string hits_table(const std::vector<SearchHit>& hits, const std::vector<Game>& games,
                       bool with_distance);

// The pairs of records of the same game (see_also, either way) both among `hits`, a line each:
// "DLP.Evidence.1880 and DLP.Ruleset.1283 are records of the same game"; "" when there is none.
std::string see_also_text(Store& store, const std::vector<SearchHit>& hits);

// What a search could not test, for stderr: "2 records without a position were not searched",
// "3 records without a date were left out by the date filter" (a line each; "" for none).
std::string search_counts_text(const SearchCounts& counts);
// `evidence similar GAME`: the game's profile, then a table of the nearest games (game, board,
// place, dates, why), or the same as JSON {"game": {...}, "similar": [...]}.
std::string similar_text(Store& store, const std::string& game,
                         const std::vector<SimilarGame>& found);
Json similar_json(Store& store, const std::string& game, const std::vector<SimilarGame>& found);
// `evidence places`: every named place (name, kind, centre, radius, outline or not, records).
std::string places_table(Store& store);

// `evidence show GAME`: the game's heading and its records' table (text), or
// {"games": [game], "records": [...]} (JSON).
std::string game_records_text(const Game& game, const std::vector<SearchHit>& hits);
Json game_records_json(const Game& game, const std::vector<SearchHit>& hits);
// `evidence show ID`: the record whole, with its game's name, its region when it has no
// coordinates, and the rulesets citing it, from `store`.
std::string record_text(Store& store, const EvidenceRecord& record);
// `evidence summary` of the archive at `path`, and `evidence games`.
std::string summary_text(const std::string& path, const ArchiveSummary& summary);
std::string games_table(const std::vector<Game>& games);
// `evidence cite --format text`: per record, the works it cites and the record as a citable item.
std::string citations_text(
    const std::vector<std::pair<EvidenceRecord, std::optional<Game>>>& records);

// The records `ids` name (`evidence cite ID|GAME...`, the Python module's Archive.cite): a
// record's id, or a game (key, name or alias), every record of it in date order; each record once,
// with its works cited once (with_same_works) and its game. Throws Error naming each game's
// record ids for an alias of several games, and UnknownRecordError "evidence cite: no evidence
// record or game '<name>'; did you mean ...? (see 'mancala evidence games')" for a name the
// archive lacks.
std::vector<std::pair<EvidenceRecord, std::optional<Game>>> cited_records(
    Store& store, const std::vector<std::string>& ids);

// A year option's value ("--from", "--to"): a whole year in the record files' syntax, "1939" or
// "500 BCE" (also BC, CE, AD, with or without a space). Throws UsageError "<command>: <option>
// must be a whole year (e.g. 1939, or 500 BCE), not '<text>'", "...: there is no year 0", "...:
// year out of range", or, for "-500", "...: write a year before the common era as '500 BCE', as
// in record files, not '-500'".
int parse_year(const std::string& text, const char* option, const std::string& command);
// True for "LAT,LON" (two signed decimals), false for a place's name.
bool is_coordinate_pair(const std::string& text);
// Sets the query's --near (LAT,LON, then --radius-km is required; or a place's name, the radius
// optional) and --radius-km; throws UsageError "<command>: --near ..." for a position that does
// not read or is off the globe, "<command>: --radius-km ..." for a radius below 0.
void set_near(SearchQuery& query, const std::string& near, std::optional<double> radius_km,
              const std::string& command);

// The filters of a search as a user gives them (`evidence search` and `evidence map`'s options,
// the Python module's Archive.search): each set one must hold. Years as in record files ("1939",
// "500 BCE"), the place as LAT,LON or a place's name.
struct SearchFilters {
  std::string text, game, type;
  std::optional<std::string> from, to, near;
  std::optional<double> radius_km;
  std::optional<int> rows, holes, min_confidence;
  std::optional<int64_t> limit;
};
// The query `filters` give, checked as the command line checks its options: UsageError
// "<command>: --from 1950 is after --to 1900", "...: --radius-km goes with --near", "...: --rows
// must be 1 to 100", "...: --min-confidence must be 0-100", "...: --limit must be 1 or more", and
// those of parse_year and set_near.
SearchQuery search_query(const SearchFilters& filters, const std::string& command);

// The named regions of the *.json files in `dir` (in name order); none when there is no folder.
std::vector<Place> read_places_folder(const std::string& dir);
// The archive to import into; a dry run into an archive not made yet runs on an empty one in
// memory, so that nothing is created.
Store open_for_import(const std::string& path, bool dry_run);
// A line per record a dry run would add or change; after a real import, a line per record that
// lost fields (accepted with --allow-removals).
std::string changes_text(const ImportResult& result, bool dry_run);
// One warning line naming the records that cite no source (a historian cannot check them): the
// first five by file and item, then how many more; empty when every record cites one.
std::string unsourced_warning(const ImportBatch& batch);
// Writes each record to <dir>/<id>.json as {"records": [record]}, creating the folder; throws
// Error "<dir>: cannot create folder: <reason>".
void write_record_files(const std::string& dir, const std::vector<EvidenceRecord>& records);
// The import's closing line: "imported N records into DB: a added, u updated, n unchanged[;
// games: ...]; rulesets linked: L" (or "dry run: would import ...; nothing written").
std::string import_summary(const ImportBatch& batch, const ImportResult& result,
                           const std::string& db, bool dry_run, bool with_games);

}  // namespace mancala::archive
