// mancala rules check|list|show|export|keys: validate rulesets, list them, print them with their
// provenance, write one as a standalone file.
#include <algorithm>

#include "archive/listing.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "common/suggest.h"
#include "reports/rules_text.h"
#include "simulator/ruleset_io.h"

namespace mancala::cli {
namespace {

using nlohmann::json;

int rules_check(const Args& args, Io& io) {
  po::options_description desc("options");
  desc.add_options()("paths", po::value<std::vector<std::string>>(),
                     "ruleset files or folders (default: data/rulesets)");
  po::variables_map vm;
  if (!parse_options("rules check", "[PATH...]", desc, {"paths", -1}, args, vm, io)) return 0;
  std::vector<std::string> paths;
  if (vm.count("paths")) paths = vm["paths"].as<std::vector<std::string>>();
  if (paths.empty()) paths.push_back(sim::rulesets_dir().string());
  const auto problems = sim::check_rulesets(paths);
  for (const auto& p : problems) io.err << "mancala: " << p << "\n";
  if (!problems.empty()) return 1;
  io.err << "rules check: all rulesets are valid\n";
  return 0;
}

int rules_list(const Args& args, Io& io) {
  po::options_description desc("options");
  desc.add_options()("format", po::value<std::string>()->default_value("table"), "table|json")(
      "game", po::value<std::string>(), "only this game's rulesets (a folder of data/rulesets)");
  po::variables_map vm;
  if (!parse_options("rules list", "[--game G] [--format table|json]", desc, {}, args, vm, io))
    return 0;
  const std::string format = vm["format"].as<std::string>();
  if (format != "table" && format != "json")
    throw UsageError("rules list: --format: expected table or json");
  std::string game;
  if (vm.count("game")) {
    game = vm["game"].as<std::string>();
    const auto games = reports::ruleset_games();
    if (std::find(games.begin(), games.end(), game) == games.end()) {
      throw Error(where(
          sim::rulesets_dir().string(), "--game",
          "no game '" + game + "'" + did_you_mean(game, games) + " (see 'mancala rules list')"));
    }
  }
  json all = json::array();
  for (const auto& id : sim::list_ruleset_ids()) {
    if (!game.empty() && id.substr(0, id.find('/')) != game) continue;
    const sim::RuleSet r = sim::load_ruleset(id);
    all.push_back({{"id", r.id},
                   {"game", r.game},
                   {"name", r.name},
                   {"status", r.status},
                   {"evidence", r.evidence},
                   {"extends", r.extends},
                   {"dlp_ruleset", r.dlp_ruleset > 0 ? json(r.dlp_ruleset) : json(nullptr)}});
  }
  if (format == "json") {
    io.out << all.dump(2) << "\n";
    return 0;
  }
  io.out << reports::rulesets_table(all);
  return 0;
}

int rules_show(const Args& args, Io& io) {
  po::options_description desc("options");
  desc.add_options()("id", po::value<std::string>(), "ruleset id, game name or file")(
      "format", po::value<std::string>()->default_value("text"), "text|json");
  po::variables_map vm;
  if (!parse_options("rules show", "ID [--format text|json]", desc, {"id", 1}, args, vm, io))
    return 0;
  if (!vm.count("id"))
    throw UsageError("rules show: missing the ruleset id (see 'mancala rules show --help')");
  const std::string format = vm["format"].as<std::string>();
  if (format != "text" && format != "json")
    throw UsageError("rules show: --format: expected text or json");
  const sim::RuleSet r = sim::load_ruleset(vm["id"].as<std::string>());
  if (format == "json") {
    // What `rules export` writes: a file `rules check` accepts and that loads to the same rules.
    io.out << sim::standalone_ruleset_json(r).dump(2) << "\n";
    return 0;
  }
  io.out << reports::ruleset_text(r);
  return 0;
}

int rules_export(const Args& args, Io& io) {
  po::options_description desc("options");
  desc.add_options()("id", po::value<std::string>(), "ruleset id, game name or file");
  po::variables_map vm;
  if (!parse_options("rules export", "ID", desc, {"id", 1}, args, vm, io)) return 0;
  if (!vm.count("id"))
    throw UsageError("rules export: missing the ruleset id (see 'mancala rules export --help')");
  io.out << sim::standalone_ruleset_json(sim::load_ruleset(vm["id"].as<std::string>())).dump(2)
         << "\n";
  return 0;
}

int rules_keys(const Args& args, Io& io) {
  po::options_description desc("options");
  po::variables_map vm;
  if (!parse_options("rules keys", "", desc, {}, args, vm, io)) return 0;
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
              "                     --format table|json)\n"
              "  show ID            the resolved rules, each key with its witness: the source's\n"
              "                     words, the paraphrase, a reading or an assumption\n"
              "                     (--format text|json)\n"
              "  export ID          the ruleset as one standalone file on stdout: no extends,\n"
              "                     every key set along its chain, resolved, with its provenance\n"
              "  keys               every rule key with its meaning, type and default\n\n"
              "ID is a ruleset id (khutka_boia/opposite_capture), a game name (its default\n"
              "reconstruction) or a JSON file. 'mancala rules <subcommand> --help' describes one.\n"
           << examples_text("rules");
    return 0;
  }
  throw UsageError("rules: unknown subcommand '" + sub + "' (check|list|show|export|keys)");
}

}  // namespace mancala::cli
