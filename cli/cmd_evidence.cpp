// `mancala evidence ...`: import, search and show the evidence archive (see docs/archive.md).
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <map>
#include <sstream>

#include "archive/cite.h"
#include "archive/portal.h"
#include "archive/store.h"
#include "archive/text.h"
#include "cli/commands.h"
#include "cli/evidence_commands.h"
#include "cli/options.h"
#include "common/paths.h"
#include "simulator/ruleset_io.h"

namespace mancala::cli {
namespace {

namespace ar = mancala::archive;
namespace fs = std::filesystem;

constexpr const char* kSubcommands =
    "usage: mancala evidence <subcommand> [options]\n\n"
    "subcommands:\n"
    "  import PATH...          import JSON evidence files or folders (one transaction)\n"
    "  import-portal FILE...   import evidence pages saved from the DLP portal as text\n"
    "  search [TEXT]           full-text and filtered search\n"
    "  show ID|GAME            print one record whole, or list a game's records\n"
    "  cite ID...              the works records cite and the records themselves (text, BibTeX,\n"
    "                          CSL-JSON)\n"
    "  map --out FILE.svg      an SVG world map of the records a search finds\n"
    "  summary                 records per game and type, rulesets linked, runs stored\n"
    "  games                   the games, their keys and aliases\n\n"
    "Every subcommand takes --db FILE (default $MANCALA_DB, else ./mancala.db) and --help.\n";

// Boost reads "-2592" after an option as another option; glue negative numbers to their option.
Args glue_negative_values(const Args& args) {
  Args out;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool takes_number = a == "--from" || a == "--to" || a == "--near";
    if (takes_number && i + 1 < args.size() && args[i + 1].size() > 1 && args[i + 1][0] == '-' &&
        (std::isdigit(static_cast<unsigned char>(args[i + 1][1])) || args[i + 1][1] == '.')) {
      out.push_back(a + "=" + args[i + 1]);
      ++i;
    } else {
      out.push_back(a);
    }
  }
  return out;
}

std::string count_of(size_t n, const std::string& noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

std::string pad(const std::string& text, size_t width) {
  const size_t w = ar::display_width(text);
  return text + std::string(w < width ? width - w : 0, ' ');
}

std::string pad_left(const std::string& text, size_t width) {
  const size_t w = ar::display_width(text);
  return std::string(w < width ? width - w : 0, ' ') + text;
}

// Prints rows as a left-aligned table; columns listed in `right` are right-aligned.
void print_table(std::ostream& out, const std::vector<std::vector<std::string>>& rows,
                 const std::vector<bool>& right = {}) {
  std::vector<size_t> widths;
  for (const auto& row : rows) {
    widths.resize(std::max(widths.size(), row.size()), 0);
    for (size_t c = 0; c < row.size(); ++c)
      widths[c] = std::max(widths[c], ar::display_width(row[c]));
  }
  for (const auto& row : rows) {
    std::string line;
    for (size_t c = 0; c < row.size(); ++c) {
      const bool align_right = c < right.size() && right[c];
      const bool last = c + 1 == row.size();
      line += align_right ? pad_left(row[c], widths[c]) : (last ? row[c] : pad(row[c], widths[c]));
      if (!last) line += "  ";
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << "\n";
  }
}

std::string join(const std::vector<std::string>& parts, const std::string& separator) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : separator) + p;
  return out;
}

std::string date_text(const ar::EvidenceRecord& r) {
  if (!r.date_from) return "";
  const std::string from = ar::format_date(*r.date_from);
  const std::string to = ar::format_date(*r.date_to);
  return from == to ? from : from + " - " + to;
}

std::string number_text(double value, int precision) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(precision) << value;
  return out.str();
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string check_format(const std::string& format, std::initializer_list<const char*> allowed,
                         const std::string& command) {
  for (const char* a : allowed) {
    if (format == a) return format;
  }
  std::string list;
  for (const char* a : allowed) list += (list.empty() ? "" : "|") + std::string(a);
  throw UsageError(command + ": --format must be " + list + ", not '" + format + "'");
}

// Every ruleset under data/rulesets with the evidence ids it cites, to be linked in the import's
// transaction. A ruleset that does not load is not linked, and said so on stderr.
void add_ruleset_links(ar::ImportBatch& batch, Io& io) {
  for (const std::string& id : sim::list_ruleset_ids()) {
    try {
      const sim::RuleSet r = sim::load_ruleset(id);
      batch.ruleset_links.push_back({r.id, r.game, r.name, r.status, r.evidence});
    } catch (const Error& e) {
      io.err << "mancala: warning: ruleset " << id << " not linked to its evidence: " << e.what()
             << "\n";
    }
  }
}

// The named regions of data/places (every *.json there, in name order), written with the import
// so that records placed only by a region can be found by --near (docs/archive.md, "Places").
void add_places(ar::ImportBatch& batch) {
  const fs::path dir = data_dir() / "places";
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return;
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& f : files) {
    for (ar::Place& p : ar::read_places_file(f.string())) batch.places.push_back(std::move(p));
  }
}

// One warning naming the records that cite no source (a historian cannot check them): the first
// five by file and item, then how many more. Printed once the import has succeeded.
void warn_unsourced(const ar::ImportBatch& batch, Io& io) {
  std::vector<std::string> named;
  size_t count = 0;
  for (size_t i = 0; i < batch.records.size(); ++i) {
    if (!batch.records[i].sources.empty()) continue;
    const ar::Origin& o = batch.record_origins[i];
    if (++count <= 5) named.push_back(o.file + ": " + o.item);
  }
  if (count == 0) return;
  io.err << "mancala: warning: "
         << (count == 1 ? "1 record cites" : std::to_string(count) + " records cite")
         << " no source: " << join(named, ", ")
         << (count > named.size() ? " and " + std::to_string(count - named.size()) + " more" : "")
         << "\n";
}

// "; rulesets linked: N" for the import's message.
std::string links_text(const ar::ImportBatch& batch) {
  return "; rulesets linked: " + std::to_string(batch.ruleset_links.size());
}

// --dry-run and --allow-removals, for both imports (docs/archive.md, "Updates").
void add_import_options(po::options_description& desc) {
  desc.add_options()("dry-run", "show what the import would change and write nothing")(
      "allow-removals", "accept updates that leave empty a field the archived record has");
}

ar::ImportOptions import_options(const po::variables_map& vm) {
  return {vm.count("dry-run") > 0, vm.count("allow-removals") > 0};
}

// The archive to import into; a dry run into an archive not made yet runs on an empty one in
// memory, so that nothing is created.
ar::Store open_for_import(const std::string& path, bool dry_run) {
  std::error_code ec;
  if (dry_run && !fs::exists(path, ec)) return ar::Store::open(":memory:");
  return ar::Store::open(path);
}

// A line per record a dry run would add or change; after a real import, a line per record that
// lost fields (accepted with --allow-removals).
void print_changes(const ar::ImportResult& r, bool dry_run, Io& io) {
  auto list = [](const std::vector<std::string>& fields) {
    std::string out;
    for (const std::string& f : fields) out += (out.empty() ? "" : ", ") + f;
    return out;
  };
  for (const ar::RecordChange& c : r.changes) {
    if (dry_run && c.added) {
      io.err << "would add " << c.id << "\n";
    } else if (dry_run) {
      io.err << "would update " << c.id << ": " << list(c.changed)
             << (c.removed.empty()
                     ? ""
                     : "; would remove " + list(c.removed) + " (refused without --allow-removals)")
             << "\n";
    } else if (!c.removed.empty()) {
      io.err << "updated " << c.id << ": removed " << list(c.removed) << "\n";
    }
  }
}

int import_json(const Args& args, Io& io) {
  po::options_description desc("options");
  std::string db;
  std::vector<std::string> paths;
  desc.add_options()("db", po::value(&db), "archive file (default $MANCALA_DB or ./mancala.db)")(
      "path", po::value(&paths), "JSON files or folders");
  add_import_options(desc);
  po::positional_options_description pos;
  pos.add("path", -1);
  po::variables_map vm;
  if (!parse_options("evidence import", "PATH... [--db FILE] [--dry-run] [--allow-removals]", desc,
                     pos, args, vm, io))
    return 0;
  if (paths.empty()) throw UsageError("evidence import: give at least one JSON file or folder");
  ar::ImportBatch batch;
  ar::read_evidence_paths(paths, batch);
  add_ruleset_links(batch, io);
  add_places(batch);
  const ar::ImportOptions options = import_options(vm);
  ar::Store store = open_for_import(default_db_path(db), options.dry_run);
  const ar::ImportResult r = store.import(batch, options);
  print_changes(r, options.dry_run, io);
  warn_unsourced(batch, io);
  io.err << (options.dry_run ? "dry run: would import " : "imported ")
         << count_of(batch.records.size(), "record") << " into " << default_db_path(db) << ": "
         << r.records_added << " added, " << r.records_updated << " updated, "
         << r.records_unchanged << " unchanged; games: " << r.games_added << " added, "
         << r.games_updated << " updated" << links_text(batch)
         << (options.dry_run ? "; nothing written" : "") << "\n";
  return 0;
}

int import_portal(const Args& args, Io& io) {
  po::options_description desc("options");
  std::string db;
  std::string json_dir;
  std::vector<std::string> files;
  desc.add_options()("db", po::value(&db), "archive file (default $MANCALA_DB or ./mancala.db)")(
      "to-json", po::value(&json_dir),
      "write each record to DIR/<id>.json (the database only with --db)")("file", po::value(&files),
                                                                          "portal page text files");
  add_import_options(desc);
  po::positional_options_description pos;
  pos.add("file", -1);
  po::variables_map vm;
  if (!parse_options("evidence import-portal",
                     "FILE... [--db FILE] [--to-json DIR] [--dry-run] [--allow-removals]", desc,
                     pos, args, vm, io)) {
    return 0;
  }
  if (files.empty()) throw UsageError("evidence import-portal: give at least one page file");
  ar::ImportBatch batch;
  for (const std::string& file : files) {
    for (ar::EvidenceRecord& record : ar::parse_portal_page(ar::read_file(file), file)) {
      const std::string id = record.id;
      batch.add(std::move(record), ar::Origin{file, id});
    }
  }
  const bool to_db = json_dir.empty() || vm.count("db") > 0;
  const ar::ImportOptions options = import_options(vm);
  if (to_db) {
    add_ruleset_links(batch, io);
    add_places(batch);
    ar::Store store = open_for_import(default_db_path(db), options.dry_run);
    const ar::ImportResult r = store.import(batch, options);
    print_changes(r, options.dry_run, io);
    warn_unsourced(batch, io);
    io.err << (options.dry_run ? "dry run: would import " : "imported ")
           << count_of(batch.records.size(), "record") << " into " << default_db_path(db) << ": "
           << r.records_added << " added, " << r.records_updated << " updated, "
           << r.records_unchanged << " unchanged" << links_text(batch)
           << (options.dry_run ? "; nothing written" : "") << "\n";
  }
  if (!json_dir.empty() && !options.dry_run) {
    std::error_code ec;
    fs::create_directories(json_dir, ec);
    if (ec) throw Error(where(json_dir, "", "cannot create folder: " + ec.message()));
    for (const ar::EvidenceRecord& record : batch.records) {
      ar::Json doc;
      doc["records"] = ar::Json::array({ar::to_json(record)});
      ar::write_file((fs::path(json_dir) / (record.id + ".json")).string(), doc.dump(2) + "\n");
    }
    if (!to_db) warn_unsourced(batch, io);
    io.err << "wrote " << count_of(batch.records.size(), "JSON file") << " to " << json_dir << "\n";
  }
  return 0;
}

int parse_year(const std::string& text, const char* option, const std::string& command) {
  size_t used = 0;
  int year = 0;
  try {
    year = std::stoi(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || text.empty()) {
    throw UsageError(command + ": " + option + " must be a whole year (negative = BCE), not '" +
                     text + "'");
  }
  if (year == 0) throw UsageError(command + ": " + option + ": there is no year 0 (use 1 or -1)");
  if (year > ar::kMaxYear || year < -ar::kMaxYear)
    throw UsageError(command + ": " + option + ": year out of range");
  return year;
}

// The search results in the chosen format (docs/archive.md, "Full-text search" and "Places").
void print_hits(const std::vector<ar::SearchHit>& hits, const std::string& format,
                bool with_distance, ar::Store& store, Io& io) {
  if (format == "json") {
    ar::Json doc;
    doc["records"] = ar::Json::array();
    ar::Json positions = ar::Json::object();
    for (const ar::SearchHit& hit : hits) {
      doc["records"].push_back(ar::to_json(hit.record));
      if (hit.place) {
        positions[hit.record.id] = {{"place", hit.place->name},
                                    {"latitude", hit.place->latitude},
                                    {"longitude", hit.place->longitude},
                                    {"radius_km", hit.place->radius_km},
                                    {"approximate", true},
                                    {"source", hit.place->source}};
      }
    }
    if (!positions.empty()) doc["positions"] = positions;
    io.out << doc.dump(2) << "\n";
  } else if (format == "csv") {
    io.out << "id,game,type,location,latitude,longitude,date_from,date_to,confidence,spaces,ages,"
              "social_status,genders,sources,rules,content,notes,position,position_latitude,"
              "position_longitude,position_radius_km"
           << (with_distance ? ",distance_km" : "") << "\n";
    for (const ar::SearchHit& hit : hits) {
      const ar::EvidenceRecord& r = hit.record;
      std::vector<std::string> citations;
      for (const ar::Source& source : r.sources) citations.push_back(source.citation);
      const bool exact = r.latitude.has_value();
      const std::vector<std::string> fields = {r.id,
                                               r.game,
                                               r.type,
                                               r.location,
                                               r.latitude ? number_text(*r.latitude, 6) : "",
                                               r.longitude ? number_text(*r.longitude, 6) : "",
                                               r.date_from ? ar::format_date(*r.date_from) : "",
                                               r.date_to ? ar::format_date(*r.date_to) : "",
                                               r.confidence ? std::to_string(*r.confidence) : "",
                                               join(r.spaces, "; "),
                                               join(r.ages, "; "),
                                               join(r.social_status, "; "),
                                               join(r.genders, "; "),
                                               join(citations, "; "),
                                               r.rules,
                                               r.content,
                                               r.notes,
                                               exact       ? "exact"
                                               : hit.place ? "approximate"
                                                           : "",
                                               exact       ? number_text(*r.latitude, 6)
                                               : hit.place ? number_text(hit.place->latitude, 6)
                                                           : "",
                                               exact       ? number_text(*r.longitude, 6)
                                               : hit.place ? number_text(hit.place->longitude, 6)
                                                           : "",
                                               exact       ? "0"
                                               : hit.place ? number_text(hit.place->radius_km, 0)
                                                           : ""};
      std::string line;
      for (const std::string& f : fields)
        line += (line.empty() && &f == &fields[0] ? "" : ",") + csv_field(f);
      if (with_distance) line += "," + (hit.distance_km ? number_text(*hit.distance_km, 1) : "");
      io.out << line << "\n";
    }
  } else {
    std::vector<std::vector<std::string>> rows;
    rows.push_back({"id", "game", "type", "date", "location", "confidence"});
    if (with_distance) {
      rows[0].push_back("km");
      rows[0].push_back("position");
    }
    std::map<std::string, std::string> names;
    for (const ar::Game& g : store.games()) names[g.key] = g.name;
    for (const ar::SearchHit& hit : hits) {
      const ar::EvidenceRecord& r = hit.record;
      rows.push_back({r.id, names.contains(r.game) ? names[r.game] : r.game,
                      ar::truncate_display(r.type, 24), date_text(r),
                      ar::truncate_display(r.location, 32),
                      r.confidence ? std::to_string(*r.confidence) : "-"});
      if (with_distance) {
        rows.back().push_back(hit.distance_km ? number_text(*hit.distance_km, 1) : "");
        rows.back().push_back(
            hit.place ? "approximate, ±" + number_text(hit.place->radius_km, 0) + " km" : "exact");
      }
    }
    print_table(io.out, rows, {false, false, false, false, false, true, true, false});
    io.err << count_of(hits.size(), "record") << "\n";
  }
}

int search(const Args& args, Io& io) {
  po::options_description desc("options");
  std::string format = "table";
  SearchOptions so;
  add_search_options(desc, so);
  desc.add_options()("format", po::value(&format), "table | json | csv");
  po::positional_options_description pos;
  pos.add("text", -1);
  po::variables_map vm;
  if (!parse_options(
          "evidence search",
          "[TEXT] [--game G] [--type T] [--from YEAR] [--to YEAR] "
          "[--near LAT,LON --radius-km R] [--min-confidence N] [--format table|json|csv]",
          desc, pos, glue_negative_values(args), vm, io)) {
    return 0;
  }
  check_format(format, {"table", "json", "csv"}, "evidence search");
  const ar::SearchQuery q = search_query(so, vm, "evidence search");
  const std::string& db = so.db;
  ar::Store store = ar::Store::open(default_db_path(db), ar::Store::Mode::kExisting);
  int64_t unplaced = 0;
  const std::vector<ar::SearchHit> hits = store.search(q, &unplaced);
  print_hits(hits, format, q.near_latitude.has_value(), store, io);
  if (unplaced > 0) {
    io.err << (unplaced == 1 ? "1 record without a position was"
                             : std::to_string(unplaced) + " records without a position were")
           << " not searched\n";
  }
  return 0;
}

// `evidence show GAME`: the game's records, by date.
void show_game(ar::Store& store, const ar::Game& game, Io& io) {
  ar::SearchQuery q;
  q.game = game.key;
  std::vector<ar::SearchHit> hits = store.search(q);
  io.out << game.name << " (" << game.key << ")";
  if (!game.aliases.empty()) io.out << ", also " << join(game.aliases, ", ");
  io.out << ": " << count_of(hits.size(), "evidence record") << "\n\n";
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"id", "type", "date", "location", "confidence"});
  for (const ar::SearchHit& hit : hits) {
    const ar::EvidenceRecord& r = hit.record;
    rows.push_back({r.id, ar::truncate_display(r.type, 24), date_text(r),
                    ar::truncate_display(r.location, 32),
                    r.confidence ? std::to_string(*r.confidence) : "-"});
  }
  print_table(io.out, rows, {false, false, false, false, true});
  io.err << "(mancala evidence show ID prints a record whole)\n";
}

int show(const Args& args, Io& io) {
  po::options_description desc("options");
  std::string db, id, format = "text";
  desc.add_options()("db", po::value(&db), "archive file (default $MANCALA_DB or ./mancala.db)")(
      "format", po::value(&format), "text | json")("id", po::value(&id),
                                                   "evidence id, or a game's name");
  po::positional_options_description pos;
  pos.add("id", 1);
  po::variables_map vm;
  if (!parse_options("evidence show", "ID|GAME [--format text|json]", desc, pos, args, vm, io))
    return 0;
  if (id.empty()) throw UsageError("evidence show: give an evidence id or a game's name");
  check_format(format, {"text", "json"}, "evidence show");
  ar::Store store = ar::Store::open(default_db_path(db), ar::Store::Mode::kExisting);
  const std::optional<ar::EvidenceRecord> found = store.get(id);
  if (!found) {
    const std::optional<ar::Game> game = store.find_game(id);
    if (!game) {
      throw Error(where(store.path(), id,
                        "no evidence record or game of that name (see 'mancala evidence games')"));
    }
    if (format == "json") {
      ar::SearchQuery q;
      q.game = game->key;
      ar::Json doc;
      doc["games"] = ar::Json::array({ar::to_json(*game)});
      doc["records"] = ar::Json::array();
      for (const ar::SearchHit& hit : store.search(q))
        doc["records"].push_back(ar::to_json(hit.record));
      io.out << doc.dump(2) << "\n";
      return 0;
    }
    show_game(store, *game, io);
    return 0;
  }
  const ar::EvidenceRecord& r = *found;
  if (format == "json") {
    io.out << ar::to_json(r).dump(2) << "\n";
    return 0;
  }
  const std::optional<ar::Game> game = store.find_game(r.game);
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"id", r.id});
  rows.push_back({"game", game ? game->name + " (" + game->key + ")" : r.game});
  rows.push_back({"type", r.type});
  if (!r.location.empty()) rows.push_back({"location", r.location});
  if (r.latitude) {
    rows.push_back(
        {"coordinates", number_text(*r.latitude, 6) + ", " + number_text(*r.longitude, 6)});
  } else if (const std::optional<ar::Place> place = store.place_of(r)) {
    rows.push_back({"position", number_text(place->latitude, 2) + ", " +
                                    number_text(place->longitude, 2) + " approximate: the region " +
                                    place->name + ", within " + number_text(place->radius_km, 0) +
                                    " km"});
    rows.push_back({"position source", place->source});
  }
  if (r.date_from) rows.push_back({"date", date_text(r)});
  if (r.confidence) rows.push_back({"confidence", std::to_string(*r.confidence)});
  if (!r.spaces.empty()) rows.push_back({"spaces", join(r.spaces, ", ")});
  if (!r.ages.empty()) rows.push_back({"ages", join(r.ages, ", ")});
  if (!r.social_status.empty()) rows.push_back({"social status", join(r.social_status, ", ")});
  if (!r.genders.empty()) rows.push_back({"genders", join(r.genders, ", ")});
  for (size_t i = 0; i < r.sources.size(); ++i)
    rows.push_back({i == 0 ? "sources" : "", r.sources[i].citation});
  const std::vector<ar::RulesetLink> links = store.rulesets_for_evidence(r.id);
  for (size_t i = 0; i < links.size(); ++i) {
    rows.push_back({i == 0 ? "rulesets" : "", links[i].ruleset + " (" + links[i].status + ")"});
  }
  print_table(io.out, rows);
  for (const auto& [title, text] : {std::pair<const char*, const std::string&>{"rules", r.rules},
                                    {"content", r.content},
                                    {"notes", r.notes}}) {
    if (text.empty()) continue;
    io.out << "\n" << title << ":\n";
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) io.out << "  " << line << "\n";
  }
  return 0;
}

int summary(const Args& args, Io& io) {
  po::options_description desc("options");
  std::string db;
  desc.add_options()("db", po::value(&db), "archive file (default $MANCALA_DB or ./mancala.db)");
  po::positional_options_description pos;
  po::variables_map vm;
  if (!parse_options("evidence summary", "[--db FILE]", desc, pos, args, vm, io)) return 0;
  ar::Store store = ar::Store::open(default_db_path(db), ar::Store::Mode::kExisting);
  const ar::ArchiveSummary s = store.summary();
  io.out << "archive " << store.path() << " (schema " << s.schema_version << ")\n\n";
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"game", "records", "rulesets", "runs", "types"});
  for (const auto& g : s.games) {
    std::vector<std::string> types;
    for (const auto& [type, count] : g.types) types.push_back(type + " " + std::to_string(count));
    rows.push_back({g.name, std::to_string(g.records), std::to_string(g.rulesets),
                    std::to_string(g.runs), join(types, ", ")});
  }
  rows.push_back(
      {"total", std::to_string(s.records), std::to_string(s.rulesets), std::to_string(s.runs),
       std::to_string(s.sources) + (s.sources == 1 ? " source cited" : " sources cited")});
  print_table(io.out, rows, {false, true, true, true, false});
  return 0;
}

int games(const Args& args, Io& io) {
  po::options_description desc("options");
  std::string db;
  desc.add_options()("db", po::value(&db), "archive file (default $MANCALA_DB or ./mancala.db)");
  po::positional_options_description pos;
  po::variables_map vm;
  if (!parse_options("evidence games", "[--db FILE]", desc, pos, args, vm, io)) return 0;
  ar::Store store = ar::Store::open(default_db_path(db), ar::Store::Mode::kExisting);
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"key", "name", "aliases"});
  for (const ar::Game& g : store.games()) rows.push_back({g.key, g.name, join(g.aliases, ", ")});
  print_table(io.out, rows);
  return 0;
}

}  // namespace

void add_search_options(po::options_description& desc, SearchOptions& so) {
  desc.add_options()("db", po::value(&so.db), "archive file (default $MANCALA_DB or ./mancala.db)")(
      "game", po::value(&so.query.game), "game key, name or alias")(
      "type", po::value(&so.query.type), "evidence type")(
      "from", po::value(&so.from), "records whose dates reach this year or later (negative = BCE)")(
      "to", po::value(&so.to), "records whose dates reach this year or earlier")(
      "near", po::value(&so.near), "LAT,LON in decimal degrees")(
      "radius-km", po::value(&so.radius), "with --near: great-circle radius in km")(
      "min-confidence", po::value(&so.min_confidence), "confidence 0-100 at least")(
      "limit", po::value(&so.query.limit), "at most this many records")(
      "text", po::value(&so.words), "full-text query");
}

Args glue_search_values(const Args& args) { return glue_negative_values(args); }

ar::SearchQuery search_query(SearchOptions& so, const po::variables_map& vm,
                             const std::string& command) {
  ar::SearchQuery q = so.query;
  q.text = join(so.words, " ");
  if (vm.count("from")) q.from_year = parse_year(so.from, "--from", command);
  if (vm.count("to")) q.to_year = parse_year(so.to, "--to", command);
  if (q.from_year && q.to_year && *q.from_year > *q.to_year) {
    throw UsageError(command + ": --from " + so.from + " is after --to " + so.to);
  }
  if (vm.count("near") != vm.count("radius-km")) {
    throw UsageError(command + ": --near and --radius-km go together");
  }
  if (vm.count("near")) {
    const std::vector<std::string> parts = ar::split_list(so.near, ',');
    double lat = 0, lon = 0;
    try {
      if (parts.size() != 2) throw std::invalid_argument("parts");
      size_t a = 0, b = 0;
      lat = std::stod(parts[0], &a);
      lon = std::stod(parts[1], &b);
      if (a != parts[0].size() || b != parts[1].size()) throw std::invalid_argument("trailing");
    } catch (const std::exception&) {
      throw UsageError(command + ": --near must be LAT,LON in decimal degrees, not '" + so.near +
                       "'");
    }
    if (!(std::abs(lat) <= 90 && std::abs(lon) <= 180)) {  // NaN fails too
      throw UsageError(command + ": --near " + so.near +
                       ": latitude must be within 90 and longitude within 180");
    }
    if (!(so.radius >= 0 && std::isfinite(so.radius))) {
      throw UsageError(command + ": --radius-km must be a distance of 0 km or more");
    }
    q.near_latitude = lat;
    q.near_longitude = lon;
    q.radius_km = so.radius;
  }
  if (vm.count("min-confidence")) {
    if (so.min_confidence < 0 || so.min_confidence > 100)
      throw UsageError(command + ": --min-confidence must be 0-100");
    q.min_confidence = so.min_confidence;
  }
  if (vm.count("limit") && q.limit < 1) throw UsageError(command + ": --limit must be 1 or more");
  return q;
}

int cmd_evidence(const Args& args, Io& io) {
  if (args.empty()) {
    io.err << kSubcommands;
    return 2;
  }
  const std::string& sub = args[0];
  const Args rest(args.begin() + 1, args.end());
  if (sub == "--help" || sub == "-h" || sub == "help") {
    io.out << kSubcommands;
    return 0;
  }
  if (sub == "import") return import_json(rest, io);
  if (sub == "import-portal") return import_portal(rest, io);
  if (sub == "search") return search(rest, io);
  if (sub == "show") return show(rest, io);
  if (sub == "summary") return summary(rest, io);
  if (sub == "games") return games(rest, io);
  if (sub == "cite") return evidence_cite(rest, io);
  if (sub == "map") return evidence_map(rest, io);
  throw UsageError("evidence: unknown subcommand '" + sub + "' (see 'mancala evidence --help')");
}

}  // namespace mancala::cli
