// mancala reconstruct: every reading a source allows, played in stages, ranked, and each
// ambiguity's effect measured (analysis/reconstruct.h). docs/reconstruct.md documents it.
#include <filesystem>

#include "analysis/reconstruct.h"
#include "analysis/reconstruct_panel.h"
#include "cli/commands.h"
#include "cli/reconstruct_write.h"
#include "cli/run_support.h"
#include "common/paths.h"
#include "common/strict_json.h"
#include "common/text.h"
#include "common/world.h"
#include "reports/reconstruct_render.h"

namespace mancala::cli {
namespace {

using nlohmann::json;

// The readings a command line names: a game's file, --readings FILE, or --hide KEY of a ruleset.
analysis::Readings readings_option(const po::variables_map& vm) {
  return analysis::readings_for(vm.count("game") ? vm["game"].as<std::string>() : "",
                                vm.count("readings") ? vm["readings"].as<std::string>() : "",
                                vm.count("hide") ? vm["hide"].as<std::string>() : "");
}

// The skilled agent: --agent, else the readings file's, else the default; with the reason.
analysis::ReconstructSettings settings_option(const po::variables_map& vm,
                                              const analysis::Readings& readings) {
  return analysis::reconstruct_settings(
      vm.count("agent") ? std::optional<std::string>(vm["agent"].as<std::string>()) : std::nullopt,
      readings);
}

// --pick N,M,...: the candidates' indices, each number checked (a usage error names the first
// that is not a candidate); empty when --pick is not given.
std::vector<size_t> picked_numbers(const po::variables_map& vm, const analysis::Reconstruction& r) {
  std::vector<size_t> out;
  if (!vm.count("pick")) return out;
  if (vm["pick"].as<std::string>().empty())
    throw UsageError("reconstruct: --pick: give the candidate numbers to write (N,M,...)");
  for (const std::string& item : split_list(vm["pick"].as<std::string>(), ',')) {
    size_t i = 0;
    while (i < r.space.candidates.size() && std::to_string(r.space.candidates[i].number) != item)
      ++i;
    if (i == r.space.candidates.size())
      throw UsageError("reconstruct: --pick: '" + item + "' is not a candidate number (1 to " +
                       std::to_string(r.space.candidates.size()) + ")");
    out.push_back(i);
  }
  return out;
}

// The candidates --write writes: those --pick names, else the Pareto front.
std::vector<size_t> picked(const po::variables_map& vm, std::vector<size_t> numbers,
                           const analysis::ReconstructResult& result) {
  if (vm.count("pick")) return numbers;
  std::vector<size_t> out;
  for (size_t i : result.order) {
    if (result.candidates[i].pareto) out.push_back(i);
  }
  return out;
}

}  // namespace

int cmd_reconstruct(const Args& args, Io& io) {
  po::options_description desc("options");
  long long games = analysis::kDefaultReconstructGames, seed = 1, top = 20;
  int threads = 0;
  double related_km = analysis::kDefaultRelatedKm;
  int related_years = analysis::kDefaultRelatedYears;
  desc.add_options()("game", po::value<std::string>(),
                     "the game (its data/readings file), or with --hide a ruleset")(
      "readings", po::value<std::string>(), "a readings file (docs/reconstruct.md)")(
      "hide", po::value<std::string>(),
      "leave-one-out: offer every value of this rule key of the ruleset as the only choice")(
      "agent", po::value<std::string>(),
      "the skilled agent (default: the readings file's, else alphabeta:2)")(
      "panel", po::value<std::string>()->default_value(analysis::kDefaultPanel),
      "the agents the finalists are also ranked under (two or more, comma-separated)")(
      "games,n", po::value<long long>(&games)->default_value(games),
      "the most games a candidate plays in a stage")(
      "seed,s", po::value<long long>(&seed)->default_value(1), "random seed (>= 0)")(
      "threads,t", threads_value(threads), "worker threads (the results do not depend on it)")(
      "shard", po::value<std::string>(),
      "i/n: play only shard i of n of the next stage; merge with --merge")(
      "merge", po::value<std::vector<std::string>>()->multitoken(),
      "combine the JSON of a stage's shards instead of playing")(
      "resume", po::value<std::string>(), "go on from a reconstruction's JSON (a merged stage)")(
      "format", po::value<std::string>()->default_value("table"), "table|json|csv|html")(
      "output,o", po::value<std::string>(), "write to this file (whole or not at all)")(
      "runs",
      "with --format json: keep every stage's runs in a complete search's JSON too, so "
      "that --resume can render it again")("top", po::value<long long>(&top)->default_value(top),
                                           "candidates the table shows (0: all)")(
      "wide", "every column of the text tables")(
      "write", po::value<std::string>(),
      "write chosen candidates as rulesets extending the base into this folder")(
      "pick", po::value<std::string>(),
      "N,M,...: the candidates --write writes (default: the "
      "Pareto front)")("force", "with --write: replace files of the names it writes")(
      "db", po::value<std::string>(),
      "archive for the related-games column (default $MANCALA_DB or ./mancala.db)")(
      "related-km", po::value<double>(&related_km)->default_value(related_km),
      "related games: evidence within this distance")(
      "related-years", po::value<int>(&related_years)->default_value(related_years),
      "related games: and within this many years");
  po::variables_map vm;
  if (!parse_options(
          "reconstruct",
          "GAME | --readings FILE | RULESET --hide KEY [--agent SPEC] [--panel SPEC,...]\n"
          "       [--games N] [--seed S] [--threads T] [--shard i/n]\n"
          "       [--format table|json|csv|html] [--output FILE] [--top N] [--wide]\n"
          "       [--write DIR [--pick N,M] [--force]]\n"
          "   or: mancala reconstruct --merge SHARD.json... [--format ...]\n"
          "   or: mancala reconstruct --resume FILE.json [--shard i/n] [--format ...]",
          desc, {"game", 1}, args, vm, io)) {
    return 0;
  }
  const std::string format =
      check_format("reconstruct", vm["format"].as<std::string>(), {"table", "json", "csv", "html"});
  const int sources = static_cast<int>(vm.count("game") && !vm.count("hide")) +
                      static_cast<int>(vm.count("readings")) + static_cast<int>(vm.count("hide")) +
                      static_cast<int>(vm.count("merge")) + static_cast<int>(vm.count("resume"));
  if (sources != 1)
    throw UsageError(
        "reconstruct: give one of GAME, --readings FILE, RULESET --hide KEY, --merge "
        "or --resume (see 'mancala reconstruct --help')");
  if (top < 0) throw UsageError("reconstruct: --top: must be 0 or more");
  if (related_km <= 0 || related_years < 0)
    throw UsageError("reconstruct: --related-km must be above 0 and --related-years 0 or more");
  if (vm.count("pick") && !vm.count("write"))
    throw UsageError("reconstruct: --pick: chooses what --write writes; give --write DIR");
  if (vm.count("force") && !vm.count("write"))
    throw UsageError("reconstruct: --force: lets --write replace files; give --write DIR");
  const bool continuing = vm.count("merge") || vm.count("resume");
  for (const char* option : {"agent", "panel", "games", "seed"}) {
    if (continuing && vm.count(option) && !vm[option].defaulted())
      throw UsageError(std::string("reconstruct: --") + option +
                       " comes from the files being continued; do not give it");
  }
  analysis::PlayStageOptions play;
  check_threads("reconstruct", threads);
  play.threads = threads;
  if (vm.count("shard")) {
    if (vm.count("merge")) throw UsageError("reconstruct: --merge: give no --shard");
    // Refused before any folder is made or game played: a shard never completes the search.
    if (vm.count("write"))
      throw UsageError(
          "reconstruct: --write: a shard plays part of the search; write the rulesets from the "
          "merged shards (--merge FILE... --write DIR)");
    try {
      play.shard = sim::parse_shard(vm["shard"].as<std::string>());
    } catch (const UsageError& e) {
      throw UsageError(std::string("reconstruct: ") + e.what());
    }
  }

  // Everything that can fail does so before the first game: readings, files, output, folder.
  analysis::Reconstruction r;
  InterruptGuard guard;  // the merge's files, the games, the effects: Ctrl-C stops each
  if (vm.count("merge")) {
    std::vector<analysis::ReconstructShard> shards;
    for (const std::string& file : vm["merge"].as<std::vector<std::string>>()) {
      if (InterruptGuard::interrupted()) return interrupted_merge("reconstruct", io);
      shards.push_back({file, analysis::reconstruction_from_json(read_json_file(file), file)});
    }
    r = analysis::merge_reconstruction_shards(shards);
    if (InterruptGuard::interrupted()) return interrupted_merge("reconstruct", io);
  } else if (vm.count("resume")) {
    const std::string file = vm["resume"].as<std::string>();
    r = analysis::reconstruction_from_json(read_json_file(file), file);
  } else {
    check_games("reconstruct", games);
    if (seed < 0) throw UsageError("reconstruct: --seed: must be 0 or more");
    analysis::Readings readings = readings_option(vm);
    analysis::ReconstructSettings settings = settings_option(vm, readings);
    settings.games = games;
    settings.seed = static_cast<uint64_t>(seed);
    settings.panel = analysis::parse_panel(vm["panel"].as<std::string>());
    r = analysis::start_reconstruction(analysis::generate_space(readings), settings);
  }
  const std::vector<size_t> pick_numbers = picked_numbers(vm, r);  // before any file or folder
  const std::string write_dir = vm.count("write") ? vm["write"].as<std::string>() : "";
  const bool force = vm.count("force") > 0;
  if (!write_dir.empty()) {
    std::vector<size_t> may_write = pick_numbers;
    if (!vm.count("pick")) {
      for (size_t i = 0; i < r.space.candidates.size(); ++i) may_write.push_back(i);
    }
    check_write_folder(write_dir, r.space, may_write, force);
  }
  reports::OutputFile output = output_option(io, vm);
  if (!write_dir.empty() && world::writer()) {
    std::error_code ec;
    std::filesystem::create_directories(write_dir, ec);
    if (!std::filesystem::is_directory(write_dir, ec))
      throw Error(where(write_dir, "", "cannot make the folder for --write"));
  }

  const Stopwatch watch;
  if (!vm.count("merge")) {
    play.stop = &InterruptGuard::interrupted();
    ProgressBar bar(io, "");
    play.progress = [&](const analysis::StagePlan& plan, size_t done, size_t total,
                        uint64_t games_done, uint64_t games_total) {
      bar.update("stage " + std::to_string(plan.index) + " " + plan.agent.name() + " candidate " +
                     std::to_string(done + 1) + "/" + std::to_string(total),
                 games_done, games_total);
    };
    analysis::run_reconstruction(r, play);
  }
  const analysis::ReconstructResult result =
      analysis::evaluate_reconstruction(r, &InterruptGuard::interrupted());
  const analysis::Related related = analysis::find_related(
      r.space, default_db_path(vm.count("db") ? vm["db"].as<std::string>() : ""), related_km,
      related_years);
  const reports::ReconstructView view{r, result, related, vm.count("runs") > 0};
  output.stream() << reports::render_reconstruction(
      view, format, vm.count("wide") ? 0 : output_width(io), static_cast<size_t>(top));
  output.commit();

  const bool stopped = r.partial() || !result.effects_complete();
  if (!write_dir.empty() && !stopped) {
    if (!result.complete) throw Error("reconstruct: --write: the search is not complete");
    const std::vector<size_t> chosen = picked(vm, pick_numbers, result);
    write_candidates(write_dir, r.space, chosen, force, io);
    io.err << "reconstruct: wrote " << chosen.size() << " rulesets "
           << (analysis::base_is_shipped(r.space.readings.base)
                   ? "extending " + r.space.base.id
                   : "of " + r.space.base.id + ", standalone,")
           << " to " << write_dir << " (check them: mancala rules check " << write_dir
           << "/*.json)\n";
  }
  io.err << "reconstruct: " << r.space.readings.game << ": " << r.space.candidates.size()
         << " candidates, " << r.stages.size() << " stages in " << watch.text() << " s"
         << (stopped ? " (partial)" : "") << "\n";
  if (r.partial()) {
    io.err << "mancala: reconstruct: interrupted: the figures cover the games completed before "
           << InterruptGuard::cause()
           << (write_dir.empty() ? "" : "; nothing was written to " + write_dir) << "\n";
    return InterruptGuard::exit_code();
  }
  if (!result.effects_complete()) {
    io.err << "mancala: reconstruct: interrupted by " << InterruptGuard::cause()
           << " while the effects were measured: every game was played and the ranking is "
              "complete; the effects are not given"
           << (write_dir.empty() ? "" : ", and nothing was written to " + write_dir) << "\n";
    return InterruptGuard::exit_code();
  }
  return 0;
}

}  // namespace mancala::cli
