// mancala serve: the archive, the rulesets and a board to play them, in a browser (docs/serve.md);
// mancala playtests list|show|export: the games saved from it.
#include <stdlib.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>

#include "archive/playtests.h"
#include "archive/store.h"
#include "cli/commands.h"
#include "cli/options.h"
#include "common/paths.h"
#include "server/app.h"
#include "server/http.h"
#include "server/request.h"

namespace mancala::cli {

int cmd_serve(const Args& args, Io& io) {
  po::options_description desc("options");
  int port = 8080, max_games = 0, workers = 0, idle_minutes = 0;
  std::string host, db;
  server::AppOptions options;
  desc.add_options()("port", po::value(&port)->default_value(8080), "port (0: any free port)")(
      "host", po::value(&host)->default_value("127.0.0.1"),
      "address to listen on (127.0.0.1 or localhost: this machine only; 0.0.0.0: every network, "
      "with a token)")("db", po::value(&db), "archive (default $MANCALA_DB or ./mancala.db)")(
      "max-games", po::value(&max_games)->default_value(options.limits.max_games),
      "games kept at once (a finished one makes room for a new one)")(
      "idle-minutes", po::value(&idle_minutes)->default_value(120),
      "when the server is full, a game going on that nobody touched for this long makes room "
      "too (0: never)")("workers", po::value(&workers)->default_value(options.limits.workers),
                        "threads computing the agents' moves");
  po::variables_map vm;
  if (!parse_options("serve", "[--port N] [--host ADDRESS] [--db FILE]", desc, {}, args, vm, io))
    return 0;
  if (port < 0 || port > 65535) throw UsageError("serve: --port: expected 0 to 65535");
  // Each game may hold max_game_bytes: the server's budget bounds how many it keeps.
  const int most_games =
      static_cast<int>(options.limits.max_server_bytes / options.limits.max_game_bytes);
  if (max_games < 1 || max_games > most_games) {
    throw UsageError("serve: --max-games: expected 1 to " + std::to_string(most_games) +
                     " (a game may hold " + std::to_string(options.limits.max_game_bytes >> 20) +
                     " MiB of moves, the server " +
                     std::to_string(options.limits.max_server_bytes >> 20) + " MiB)");
  }
  if (idle_minutes < 0 || idle_minutes > 525600)
    throw UsageError("serve: --idle-minutes: expected 0 to 525600 (a year)");
  check_threads("serve", workers);
  options.db = default_db_path(db);
  options.host = host;
  options.limits.max_games = max_games;
  options.limits.idle_after = std::chrono::minutes(idle_minutes);
  options.limits.workers = workers;
  // Reachable from elsewhere: the API asks for a token, printed with the address (docs/serve.md).
  if (!server::loopback_host(host)) options.token = server::random_hex(24);
  std::error_code ec;
  if (std::filesystem::exists(options.db, ec)) {
    // Migrated now (a newer program's play-tests table), so the pages read it as it is.
    archive::Store::open(options.db);
  } else {
    io.err << "mancala: serve: no archive at " << options.db
           << ": the search finds nothing until `mancala evidence import data/evidence`; a saved "
              "play-test creates it\n";
  }
  // A save waits 2 s at most for an archive another process is writing to (then 503, "try
  // again"), not the 15 s a command waits: $MANCALA_BUSY_TIMEOUT says otherwise.
  if (const char* env = std::getenv("MANCALA_BUSY_TIMEOUT"); env == nullptr || *env == '\0')
    ::setenv("MANCALA_BUSY_TIMEOUT", "2", 1);
  server::App app(options);
  for (const std::string& line : app.check_rulesets())
    io.err << "mancala: serve: warning: a ruleset that does not load is listed as such and not "
              "served: "
           << line << "\n";
  server::ServeOptions serve;
  serve.host = host;
  serve.port = static_cast<unsigned short>(port);
  server::serve_http(app, serve, [&](const std::string& address) {
    const std::string open = options.token.empty() ? address : address + "?token=" + options.token;
    io.out << "mancala serve: " << open << " (archive " << options.db << "; Ctrl-C stops it)"
           << std::endl;
    const std::string warning = server::reach_warning(host);
    if (!warning.empty()) io.err << "mancala: serve: " << warning << std::endl;
  });
  io.err << "mancala: serve: stopped\n";
  return 0;
}

namespace {

std::string db_option(const po::variables_map& vm) {
  return default_db_path(vm.count("db") ? vm["db"].as<std::string>() : "");
}

int playtests_list(const Args& args, Io& io, bool exporting) {
  const std::string command = exporting ? "playtests export" : "playtests list";
  po::options_description desc("options");
  desc.add_options()("ruleset", po::value<std::string>()->default_value(""),
                     "only play-tests of this ruleset id or game")(
      "format", po::value<std::string>()->default_value(exporting ? "json" : "table"),
      exporting ? "json|csv" : "table|json|csv")("db", po::value<std::string>(),
                                                 "archive (default $MANCALA_DB or ./mancala.db)");
  po::variables_map vm;
  if (!parse_options(command, "[--ruleset ID] [--format F] [--db PATH]", desc, {}, args, vm, io))
    return 0;
  const std::string format =
      exporting ? check_format(command, vm["format"].as<std::string>(), {"json", "csv"})
                : check_format(command, vm["format"].as<std::string>(), {"table", "json", "csv"});
  archive::Store store = archive::Store::open(db_option(vm), archive::Store::Mode::kExisting);
  const auto records = store.list_playtests(vm["ruleset"].as<std::string>());
  if (format == "json") {
    archive::Json all = archive::Json::array();
    for (const auto& r : records) all.push_back(archive::playtest_json(r));
    io.out << archive::Json{{"playtests", all}}.dump(2) << "\n";
  } else if (format == "csv") {
    io.out << archive::playtests_csv(records);
  } else if (records.empty()) {
    io.err << "mancala: no play-tests in " << store.path()
           << (vm["ruleset"].as<std::string>().empty() ? ""
                                                       : " for " + vm["ruleset"].as<std::string>())
           << " (save one from `mancala serve`)\n";
  } else {
    io.out << archive::playtests_table(records);
  }
  return 0;
}

int playtests_show(const Args& args, Io& io) {
  po::options_description desc("options");
  long long id = 0;
  desc.add_options()("id", po::value<long long>(&id),
                     "play-test id (see 'mancala playtests list')")(
      "format", po::value<std::string>()->default_value("text"), "text|json")(
      "db", po::value<std::string>(), "archive (default $MANCALA_DB or ./mancala.db)");
  po::variables_map vm;
  if (!parse_options("playtests show", "ID [--format text|json] [--db PATH]", desc, {"id", 1}, args,
                     vm, io))
    return 0;
  if (!vm.count("id")) throw UsageError("playtests show: missing the play-test id");
  const std::string format =
      check_format("playtests show", vm["format"].as<std::string>(), {"text", "json"});
  archive::Store store = archive::Store::open(db_option(vm), archive::Store::Mode::kExisting);
  const auto record = store.get_playtest(id);
  if (!record) {
    throw Error(where(store.path(), "play-test " + std::to_string(id),
                      "no such play-test (see 'mancala playtests list')"));
  }
  if (format == "json") {
    io.out << archive::playtest_json(*record).dump(2) << "\n";
  } else {
    io.out << archive::playtest_text(*record);
  }
  return 0;
}

}  // namespace

int cmd_playtests(const Args& args, Io& io) {
  if (args.empty())
    throw UsageError(
        "playtests: missing the subcommand (list, show or export; see 'mancala playtests --help')");
  if (args[0] == "--help" || args[0] == "-h") {
    io.out << "usage: mancala playtests <subcommand> [options]\n\n"
              "The games played and saved in the browser (mancala serve), with their notes.\n\n"
              "subcommands:\n"
              "  list      one line per play-test: id, date, ruleset, seats, plies, result\n"
              "            (--ruleset ID, --format table|json|csv)\n"
              "  show ID   one play-test whole: seats, seed, moves, end, holdings, notes\n"
              "            (--format text|json)\n"
              "  export    every play-test, to read elsewhere (--ruleset ID, --format json|csv)\n\n"
              "Each takes --db PATH (default $MANCALA_DB, else ./mancala.db). 'mancala playtests\n"
              "<subcommand> --help' describes one.\n"
           << examples_text("playtests");
    return 0;
  }
  const Args rest(args.begin() + 1, args.end());
  if (args[0] == "list") return playtests_list(rest, io, false);
  if (args[0] == "export") return playtests_list(rest, io, true);
  if (args[0] == "show") return playtests_show(rest, io);
  throw UsageError("playtests: unknown subcommand '" + args[0] + "' (list, show, export)");
}

}  // namespace mancala::cli
