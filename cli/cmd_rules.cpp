// mancala rules check|list|show|export|keys: validate rulesets, list them, print them with their
// provenance, write one as a standalone file.
#include <algorithm>
#include <cstdlib>
#include <set>

#include "archive/listing.h"
#include "cli/commands.h"
#include "cli/evidence_commands.h"
#include "cli/options.h"
#include "cli/run_support.h"
#include "common/paths.h"
#include "common/suggest.h"
#include "reports/rules_text.h"
#include "simulator/ruleset_io.h"

namespace mancala::cli {
namespace {

using nlohmann::json;
namespace ar = mancala::archive;

// --db FILE, taken by every rules subcommand as by every other command; `what` says what this
// subcommand reads from it.
void add_db_option(po::options_description& desc, std::string& db, const std::string& what) {
  desc.add_options()("db", po::value(&db),
                     ("archive file (default $MANCALA_DB or ./mancala.db): " + what).c_str());
}
constexpr const char* kNoArchive = "accepted as by every command; this subcommand reads none";

int rules_check(const Args& args, Io& io) {
  po::options_description desc("options");
  std::string db;
  desc.add_options()("paths", po::value<std::vector<std::string>>(),
                     "ruleset files or folders (default: data/rulesets)");
  add_db_option(desc, db,
                "accepted as by every command; the quoted phrases are checked in data/evidence");
  po::variables_map vm;
  if (!parse_options("rules check", "[PATH...] [--db FILE]", desc, {"paths", -1}, args, vm, io))
    return 0;
  std::vector<std::string> paths;
  if (vm.count("paths")) paths = vm["paths"].as<std::vector<std::string>>();
  if (paths.empty()) paths.push_back(sim::rulesets_dir().string());
  const auto problems = sim::check_rulesets(paths);
  for (const auto& p : problems) io.err << "mancala: " << p << "\n";
  if (!problems.empty()) return 1;
  io.err << "rules check: all rulesets are valid\n";
  return 0;
}

// The ids of the records the board, place and date filters of `rules list` find (as `evidence
// search` finds them, in the archive --db names), with what the search could not test on stderr;
// nullopt when no filter is given.
std::optional<std::set<std::string>> filtered_records(SearchOptions& so,
                                                      const po::variables_map& vm, Io& io) {
  if (std::none_of(std::begin(kBoardPlaceDateOptions), std::end(kBoardPlaceDateOptions),
                   [&](const char* option) { return vm.count(option) > 0; }))
    return std::nullopt;
  const ar::SearchQuery q = search_query(so, vm, "rules list");
  ar::Store store = open_store_to_read(default_db_path(so.db), io);
  ar::SearchCounts counts;
  std::set<std::string> ids;
  for (const ar::SearchHit& hit : store.search(q, &counts)) ids.insert(hit.record.id);
  io.err << ar::search_counts_text(counts);
  return ids;
}

int rules_list(const Args& args, Io& io) {
  po::options_description desc("options");
  SearchOptions so;
  desc.add_options()("format", po::value<std::string>()->default_value("table"), "table|json")(
      "game", po::value<std::string>(), "only this game's rulesets (a folder of data/rulesets)");
  add_board_place_date_options(desc, so);
  add_db_option(desc, so.db, "the records the filters search");
  po::variables_map vm;
  if (!parse_options("rules list",
                     "[--game G] [--from YEAR] [--to YEAR] [--rows N] [--holes N]\n"
                     "       [--near LAT,LON --radius-km R | --near PLACE [--radius-km R]] "
                     "[--db FILE]\n"
                     "       [--format table|json]",
                     desc, {}, glue_search_values(args), vm, io))
    return 0;
  const std::string format = vm["format"].as<std::string>();
  if (format != "table" && format != "json")
    throw UsageError("rules list: --format: expected table or json");
  // With a board, place or date filter: the rulesets citing a record the filters find.
  const std::optional<std::set<std::string>> records = filtered_records(so, vm, io);
  const json all =
      reports::rulesets_json(vm.count("game") ? vm["game"].as<std::string>() : "", records);
  if (format == "json") {
    io.out << all.dump(2) << "\n";
    return 0;
  }
  io.out << reports::rulesets_table(all);
  if (records) io.err << ar::count_of(all.size(), "ruleset") << "\n";
  return 0;
}

// The evidence records `ids` name, as `store` holds them: a table of id, game, type,
// date and place, a record the archive lacks said so.
std::string evidence_table(const std::vector<std::string>& ids, ar::Store& store) {
  std::vector<std::vector<std::string>> rows = {{"record", "game", "type", "date", "place"}};
  for (const std::string& id : ids) {
    const std::optional<ar::EvidenceRecord> r = store.get(id);
    if (!r) {
      rows.push_back({id, "(not in the archive)"});
      continue;
    }
    const std::optional<ar::Game> game = store.find_game(r->game);
    rows.push_back(
        {id, game ? game->name : r->game, r->type, ar::date_range_text(*r), r->location});
  }
  return "\nevidence (" + store.path() + "):\n" + ar::text_table(rows);
}

int rules_show(const Args& args, Io& io) {
  po::options_description desc("options");
  std::string db;
  desc.add_options()("id", po::value<std::string>(), "ruleset id, game name or file")(
      "format", po::value<std::string>()->default_value("text"), "text|json");
  add_db_option(desc, db,
                "the evidence records the ruleset cites, listed after its rules (text; read when "
                "--db or $MANCALA_DB names the archive)");
  po::variables_map vm;
  if (!parse_options("rules show", "ID [--db FILE] [--format text|json]", desc, {"id", 1}, args, vm,
                     io))
    return 0;
  if (!vm.count("id"))
    throw UsageError("rules show: missing the ruleset id (see 'mancala rules show --help')");
  const std::string format = vm["format"].as<std::string>();
  if (format != "text" && format != "json")
    throw UsageError("rules show: --format: expected text or json");
  const sim::RuleSet r = sim::load_ruleset(vm["id"].as<std::string>());
  // The records themselves where an archive is named (opened before anything is printed): a
  // ruleset needs none to be shown.
  std::optional<ar::Store> store;
  if (format == "text" && !r.evidence.empty() && (vm.count("db") || std::getenv("MANCALA_DB")))
    store.emplace(open_store_to_read(default_db_path(db), io));
  if (format == "json") {
    // What `rules export` writes: a file `rules check` accepts and that loads to the same rules.
    io.out << sim::standalone_ruleset_json(r).dump(2) << "\n";
    return 0;
  }
  io.out << reports::ruleset_text(r);
  if (store) io.out << evidence_table(r.evidence, *store);
  return 0;
}

int rules_export(const Args& args, Io& io) {
  po::options_description desc("options");
  std::string db;
  desc.add_options()("id", po::value<std::string>(), "ruleset id, game name or file");
  add_db_option(desc, db, kNoArchive);
  po::variables_map vm;
  if (!parse_options("rules export", "ID [--db FILE]", desc, {"id", 1}, args, vm, io)) return 0;
  if (!vm.count("id"))
    throw UsageError("rules export: missing the ruleset id (see 'mancala rules export --help')");
  io.out << sim::standalone_ruleset_json(sim::load_ruleset(vm["id"].as<std::string>())).dump(2)
         << "\n";
  return 0;
}

int rules_keys(const Args& args, Io& io) {
  po::options_description desc("options");
  std::string db;
  add_db_option(desc, db, kNoArchive);
  po::variables_map vm;
  if (!parse_options("rules keys", "[--db FILE]", desc, {}, args, vm, io)) return 0;
  io.out << sim::rule_keys_doc();
  return 0;
}

}  // namespace

int cmd_rules(const Args& args, Io& io) {
  const std::string usage =
      "rules: expected a subcommand: check [PATH...] | list | show ID | export ID | keys";
  if (args.empty()) throw UsageError(usage);
  const std::string sub = args[0];
  const Args rest(args.begin() + 1, args.end());
  if (sub == "check") return rules_check(rest, io);
  if (sub == "list") return rules_list(rest, io);
  if (sub == "show") return rules_show(rest, io);
  if (sub == "export") return rules_export(rest, io);
  if (sub == "keys") return rules_keys(rest, io);
  if (sub == "--help" || sub == "-h") {
    io.out << "usage: mancala rules <subcommand> [options]\n\n"
              "subcommands:\n"
              "  check [PATH...]    strict validation of ruleset files or folders (default:\n"
              "                     data/rulesets): unknown keys, types, ranges, contradictions\n"
              "  list               every ruleset with its status and evidence (--game G,\n"
              "                     --format table|json); --rows, --holes, --near, --radius-km,\n"
              "                     --from, --to: those citing a record 'evidence search' finds\n"
              "  show ID            the resolved rules, each key with its witness: the source's\n"
              "                     words, the paraphrase, a reading or an assumption\n"
              "                     (--format text|json)\n"
              "  export ID          the ruleset as one standalone file on stdout: no extends,\n"
              "                     every key set along its chain, resolved, with its provenance\n"
              "  keys               every rule key with its meaning, type and default\n\n"
              "ID is a ruleset id (khutka_boia/opposite_capture), a game name (its default\n"
              "reconstruction) or a JSON file. Every subcommand takes --db FILE (default\n"
              "$MANCALA_DB, else ./mancala.db): list's filters search it, show lists the records\n"
              "cited from it. 'mancala rules <subcommand> --help' describes one.\n"
           << examples_text("rules");
    return 0;
  }
  throw UsageError("rules: unknown subcommand '" + sub + "' (check|list|show|export|keys)");
}

}  // namespace mancala::cli
