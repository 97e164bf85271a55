// `mancala evidence ...`: import, search and show the evidence archive (see docs/archive.md).
#include "archive/import_policy.h"
#include "archive/listing.h"
#include "archive/portal.h"
#include "archive/store.h"
#include "cli/commands.h"
#include "cli/evidence_commands.h"
#include "cli/options.h"
#include "cli/run_support.h"
#include "common/paths.h"
#include "common/suggest.h"
#include "common/text.h"
#include "reports/evidence_report.h"

namespace mancala::cli {
namespace {

namespace ar = mancala::archive;

constexpr const char* kSubcommands =
    "usage: mancala evidence <subcommand> [options]\n\n"
    "subcommands:\n"
    "  import PATH...          import JSON evidence files or folders (one transaction)\n"
    "  import-portal FILE...   import evidence pages saved from the DLP portal as text\n"
    "  search [TEXT]           full-text and filtered search\n"
    "  show ID|GAME            print one record whole, or list a game's records\n"
    "  cite ID|GAME...         the works records cite and the records themselves (text, BibTeX,\n"
    "                          CSL-JSON); a game's name cites all its records\n"
    "  map --out FILE.svg      an SVG world map of the records a search finds\n"
    "  similar GAME            the games nearest to one by board, counters, place, date and\n"
    "                          what sources say of the two\n"
    "  places                  the named places records are placed by\n"
    "  summary                 records per game and type, rulesets linked, runs stored\n"
    "  games                   the games, their keys and aliases\n\n"
    "Every subcommand takes --db FILE (default $MANCALA_DB, else ./mancala.db) and --help.\n";

bool is_era(const std::string& word) {
  const std::string w = ascii_lower(word);
  return w == "bce" || w == "bc" || w == "ce" || w == "ad" || w == "b.c.e." || w == "b.c." ||
         w == "c.e." || w == "a.d.";
}

// Boost reads "-33.9,18.4" after an option as another option, and "--from 500 BCE" as a year and
// a word of text: glue a negative number, and an era after a year, to their option.
Args glue_negative_values(const Args& args) {
  Args out;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool takes_number = a == "--from" || a == "--to" || a == "--near";
    if (takes_number && i + 1 < args.size() && args[i + 1].size() > 1 && args[i + 1][0] == '-' &&
        (std::isdigit(static_cast<unsigned char>(args[i + 1][1])) || args[i + 1][1] == '.')) {
      out.push_back(a + "=" + args[i + 1]);
      ++i;
    } else if ((a == "--from" || a == "--to") && i + 2 < args.size() && is_era(args[i + 2])) {
      out.push_back(a + "=" + args[i + 1] + " " + args[i + 2]);
      i += 2;
    } else {
      out.push_back(a);
    }
  }
  return out;
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

// --db, and for the imports --dry-run, --merge, --overwrite and --allow-removals (docs/archive.md,
// "Updates").
void add_db_option(po::options_description& desc, std::string& db) {
  desc.add_options()("db", po::value(&db), "archive file (default $MANCALA_DB or ./mancala.db)");
}
void add_import_options(po::options_description& desc) {
  desc.add_options()("dry-run", "show what the import would change and write nothing")(
      "merge",
      "a record the archive holds in another version: keep every field it has, add those it lacks")(
      "overwrite", "a record the archive holds in another version: replace it with the import")(
      "allow-removals", "with --overwrite: accept leaving empty a field the archived record has");
}

// What the import does with a record the archive holds in another version.
ar::UpdatePolicy update_policy(const po::variables_map& vm, const std::string& command) {
  if (vm.count("merge") && vm.count("overwrite"))
    throw UsageError(command + ": give --merge or --overwrite, not both");
  if (vm.count("allow-removals") && !vm.count("overwrite"))
    throw UsageError(command + ": --allow-removals goes with --overwrite");
  return vm.count("merge")       ? ar::UpdatePolicy::kMerge
         : vm.count("overwrite") ? ar::UpdatePolicy::kOverwrite
                                 : ar::UpdatePolicy::kRefuse;
}

// Imports `batch` with every ruleset's evidence links and data/places; prints the changes, the
// unsourced-records warning and the closing line.
void import_batch(ar::ImportBatch& batch, const std::string& db, const po::variables_map& vm,
                  bool with_games, Io& io) {
  const std::string command = with_games ? "evidence import" : "evidence import-portal";
  batch.ruleset_links = reports::ruleset_links([&](const std::string& id, const Error& e) {
    io.err << "mancala: warning: ruleset " << id << " not linked to its evidence: " << e.what()
           << "\n";
  });
  batch.places = ar::read_places_folder((data_dir() / "places").string());
  const ar::ImportOptions options{vm.count("dry-run") > 0, vm.count("allow-removals") > 0};
  ar::Store store = ar::open_for_import(default_db_path(db), options.dry_run);
  // Nothing curated is replaced unless asked: refused, merged field by field, or overwritten.
  const ar::UpdatePolicy policy = update_policy(vm, command);
  const std::vector<ar::RecordUpdate> updates = ar::apply_update_policy(store, batch, policy);
  if (policy != ar::UpdatePolicy::kOverwrite || options.dry_run)
    io.err << ar::updates_text(updates, policy);
  if (!options.dry_run) ar::refuse_updates(updates, policy);
  const ar::ImportResult r = store.import(batch, options);
  if (options.dry_run && policy == ar::UpdatePolicy::kRefuse && !updates.empty())
    io.err << "dry run: the updates above are refused without --merge or --overwrite\n";
  // What --overwrite replaced, field by field (its removals among them).
  if (!options.dry_run && policy == ar::UpdatePolicy::kOverwrite)
    io.err << ar::overwrites_text(updates);
  else
    io.err << ar::changes_text(r, options.dry_run);
  io.err << ar::unsourced_warning(batch)
         << ar::import_summary(batch, r, default_db_path(db), options.dry_run, with_games);
}

int import_json(const Args& args, Io& io) {
  po::options_description desc("options");
  std::string db;
  std::vector<std::string> paths;
  add_db_option(desc, db);
  desc.add_options()("path", po::value(&paths), "JSON files or folders");
  add_import_options(desc);
  po::variables_map vm;
  if (!parse_options("evidence import",
                     "PATH... [--db FILE] [--dry-run] [--merge | --overwrite [--allow-removals]]",
                     desc, {"path", -1}, args, vm, io))
    return 0;
  if (paths.empty()) throw UsageError("evidence import: give at least one JSON file or folder");
  ar::ImportBatch batch;
  ar::read_evidence_paths(paths, batch);
  import_batch(batch, db, vm, true, io);
  return 0;
}

int import_portal(const Args& args, Io& io) {
  po::options_description desc("options");
  std::string db;
  std::string json_dir;
  std::vector<std::string> files;
  add_db_option(desc, db);
  desc.add_options()("to-json", po::value(&json_dir),
                     "write each record to DIR/<id>.json (the database only with --db)")(
      "file", po::value(&files), "portal page text files");
  add_import_options(desc);
  po::variables_map vm;
  if (!parse_options("evidence import-portal",
                     "FILE... [--db FILE] [--to-json DIR] [--dry-run]\n"
                     "       [--merge | --overwrite [--allow-removals]]",
                     desc, {"file", -1}, args, vm, io)) {
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
  if (to_db) import_batch(batch, db, vm, false, io);
  if (!json_dir.empty() && !vm.count("dry-run")) {
    ar::write_record_files(json_dir, batch.records);
    if (!to_db) io.err << ar::unsourced_warning(batch);
    io.err << "wrote " << ar::count_of(batch.records.size(), "JSON file") << " to " << json_dir
           << "\n";
  }
  return 0;
}

int search(const Args& args, Io& io) {
  po::options_description desc("options");
  std::string format = "table";
  SearchOptions so;
  add_search_options(desc, so);
  desc.add_options()("format", po::value(&format)->default_value("table"), "table|json|csv");
  po::variables_map vm;
  if (!parse_options(
          "evidence search",
          "[TEXT] [--game G] [--type T] [--from YEAR] [--to YEAR] [--rows N] [--holes N] "
          "[--near LAT,LON --radius-km R | --near PLACE [--radius-km R]] [--min-confidence N] "
          "[--format table|json|csv]",
          desc, {"text", -1}, glue_negative_values(args), vm, io)) {
    return 0;
  }
  check_format(format, {"table", "json", "csv"}, "evidence search");
  const ar::SearchQuery q = search_query(so, vm, "evidence search");
  ar::Store store = open_store_to_read(default_db_path(so.db), io);
  ar::SearchCounts counts;
  const std::vector<ar::SearchHit> hits = store.search(q, &counts);
  const bool with_distance = q.near_latitude.has_value() || !q.near_place.empty();
  if (format == "json") {
    io.out << ar::hits_json(hits).dump(2) << "\n";
  } else if (format == "csv") {
    io.out << ar::hits_csv(hits, with_distance);
  } else {
    io.out << ar::hits_table(hits, store.games(), with_distance);
    io.err << ar::count_of(hits.size(), "record") << "\n";
    io.err << ar::see_also_text(store, hits);
  }
  io.err << search_counts_text(counts);
  return 0;
}

int show(const Args& args, Io& io) {
  po::options_description desc("options");
  std::string db, id, format = "text";
  add_db_option(desc, db);
  desc.add_options()("format", po::value(&format)->default_value("text"), "text|json")(
      "id", po::value(&id), "evidence id, or a game's name");
  po::variables_map vm;
  if (!parse_options("evidence show", "ID|GAME [--format text|json]", desc, {"id", 1}, args, vm,
                     io))
    return 0;
  if (id.empty()) throw UsageError("evidence show: give an evidence id or a game's name");
  check_format(format, {"text", "json"}, "evidence show");
  ar::Store store = open_store_to_read(default_db_path(db), io);
  const std::optional<ar::EvidenceRecord> found = store.get(id);
  if (found) {
    io.out << (format == "json" ? ar::to_json(*found).dump(2) + "\n"
                                : ar::record_text(store, *found));
    return 0;
  }
  const std::vector<ar::Game> games = store.find_games(id);
  if (games.empty()) {
    std::vector<std::string> known;
    for (const ar::Game& g : store.games()) {
      known.push_back(g.name);
      known.insert(known.end(), g.aliases.begin(), g.aliases.end());
    }
    throw Error(where(store.path(), id,
                      "no evidence record or game of that name" + did_you_mean(id, known) +
                          " (see 'mancala evidence games')"));
  }
  ar::Json all = ar::Json::object();
  for (size_t i = 0; i < games.size(); ++i) {
    ar::SearchQuery q;
    q.game = games[i].key;
    const std::vector<ar::SearchHit> hits = store.search(q);  // the game's records, by date
    if (format == "json") {
      const ar::Json doc = ar::game_records_json(games[i], hits);
      if (all.empty()) {
        all = doc;
      } else {
        for (const auto& g : doc["games"]) all["games"].push_back(g);
        for (const auto& r : doc["records"]) all["records"].push_back(r);
      }
      continue;
    }
    io.out << (i == 0 ? "" : "\n") << ar::game_records_text(games[i], hits);
  }
  if (format == "json") {
    io.out << all.dump(2) << "\n";
    return 0;
  }
  if (games.size() > 1)
    io.err << "('" << id << "' names " << games.size() << " games: an alias they share)\n";
  io.err << "(mancala evidence show ID prints a record whole)\n";
  return 0;
}

// `evidence similar GAME`: the nearest games by board, counters, place, date and sources' words,
// each with its reason (archive/similar.h).
int similar(const Args& args, Io& io) {
  po::options_description desc("options");
  std::string db, game, format = "table";
  int64_t limit = 10;
  add_db_option(desc, db);
  desc.add_options()("game", po::value(&game), "a game's key, name or alias")(
      "limit", po::value(&limit)->default_value(10), "at most this many games")(
      "format", po::value(&format)->default_value("table"), "table|json");
  po::variables_map vm;
  if (!parse_options("evidence similar", "GAME [--limit N] [--format table|json]", desc,
                     {"game", 1}, args, vm, io))
    return 0;
  if (game.empty()) throw UsageError("evidence similar: give a game's key, name or alias");
  if (limit < 1) throw UsageError("evidence similar: --limit must be 1 or more");
  check_format(format, {"table", "json"}, "evidence similar");
  ar::Store store = open_store_to_read(default_db_path(db), io);
  const std::vector<ar::SimilarGame> found = store.similar(game, static_cast<size_t>(limit));
  io.out << (format == "json" ? ar::similar_json(store, game, found).dump(2) + "\n"
                              : ar::similar_text(store, game, found));
  return 0;
}

// `evidence summary` and `evidence games`: options --db alone.
int listing(const std::string& command, const Args& args, Io& io) {
  po::options_description desc("options");
  std::string db;
  add_db_option(desc, db);
  po::variables_map vm;
  if (!parse_options("evidence " + command, "[--db FILE]", desc, {}, args, vm, io)) return 0;
  ar::Store store = open_store_to_read(default_db_path(db), io);
  io.out << (command == "games"    ? ar::games_table(store.games())
             : command == "places" ? ar::places_table(store)
                                   : ar::summary_text(store.path(), store.summary()));
  return 0;
}

}  // namespace

void add_board_place_date_options(po::options_description& desc, SearchOptions& so) {
  desc.add_options()("from", po::value(&so.from),
                     "records whose dates reach this year or later (1939, 500 BCE)")(
      "to", po::value(&so.to), "records whose dates reach this year or earlier")(
      "rows", po::value(&so.rows), "boards of this many rows of holes")(
      "holes", po::value(&so.holes), "boards of this many holes a row")(
      "near", po::value(&so.near), "LAT,LON in decimal degrees, or a place's name")(
      "radius-km", po::value(&so.radius),
      "with --near LAT,LON: great-circle radius in km; with a place: how far beyond it");
}

void add_search_options(po::options_description& desc, SearchOptions& so) {
  add_db_option(desc, so.db);
  desc.add_options()("game", po::value(&so.query.game), "game key, name or alias")(
      "type", po::value(&so.query.type), "evidence type");
  add_board_place_date_options(desc, so);
  desc.add_options()("min-confidence", po::value(&so.min_confidence), "confidence 0-100 at least")(
      "limit", po::value(&so.query.limit), "at most this many records")(
      "text", po::value(&so.words), "full-text query");
}

Args glue_search_values(const Args& args) { return glue_negative_values(args); }

ar::SearchQuery search_query(SearchOptions& so, const po::variables_map& vm,
                             const std::string& command) {
  ar::SearchFilters filters;
  filters.text = ar::join(so.words, " ");
  filters.game = so.query.game;
  filters.type = so.query.type;
  if (vm.count("from")) filters.from = so.from;
  if (vm.count("to")) filters.to = so.to;
  if (vm.count("near")) filters.near = so.near;
  if (vm.count("radius-km")) filters.radius_km = so.radius;
  if (vm.count("rows")) filters.rows = so.rows;
  if (vm.count("holes")) filters.holes = so.holes;
  if (vm.count("min-confidence")) filters.min_confidence = so.min_confidence;
  if (vm.count("limit")) filters.limit = so.query.limit;
  return ar::search_query(filters, command);
}

int cmd_evidence(const Args& args, Io& io) {
  if (args.empty()) {
    io.err << kSubcommands;
    return 2;
  }
  const std::string& sub = args[0];
  const Args rest(args.begin() + 1, args.end());
  if (sub == "--help" || sub == "-h" || sub == "help") {
    io.out << kSubcommands << examples_text("evidence");
    return 0;
  }
  if (sub == "import") return import_json(rest, io);
  if (sub == "import-portal") return import_portal(rest, io);
  if (sub == "search") return search(rest, io);
  if (sub == "show") return show(rest, io);
  if (sub == "summary" || sub == "games" || sub == "places") return listing(sub, rest, io);
  if (sub == "similar") return similar(rest, io);
  if (sub == "cite") return evidence_cite(rest, io);
  if (sub == "map") return evidence_map(rest, io);
  throw UsageError("evidence: unknown subcommand '" + sub + "' (see 'mancala evidence --help')");
}

}  // namespace mancala::cli
