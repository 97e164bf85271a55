// Small helpers over Boost.Program_options shared by the commands.
#pragma once

#include <boost/program_options.hpp>
#include <cctype>
#include <ostream>
#include <string>
#include <typeinfo>

#include "cli/cli.h"
#include "common/error.h"
#include "simulator/agents.h"
#include "simulator/batch.h"
#include "simulator/play_counts.h"

namespace mancala::cli {

namespace po = boost::program_options;

// The positional arguments of a command: the option `name` takes the first `count` of them (-1:
// all); none when `name` is null.
struct Positional {
  const char* name = nullptr;
  int count = 0;
};

// The examples that end `mancala <command> --help` ("simulate", "evidence search"...): two or
// three command lines that work as written from the top of the repository after
// `bash scripts/run.sh` (a test runs them all). help_examples.cpp.
const std::vector<std::string>& help_examples(const std::string& command);
// Every command with examples, in the order a test runs them.
std::vector<std::string> commands_with_examples();
// "\nexamples:\n  <line>\n..." for `command`, or "" when it has none.
std::string examples_text(const std::string& command);

// How the help names a positional argument: the usage line's first word when it is not an option
// ("RULESET..." of "RULESET... [--games N]", "PATH..." of "[PATH...]"), else the option's name in
// capitals.
inline std::string positional_label(const std::string& usage, const std::string& name) {
  const size_t at = usage.find_first_not_of(" [");
  const std::string first =
      at == std::string::npos ? "" : usage.substr(at, usage.find_first_of(" ]\n", at) - at);
  if (!first.empty() && first[0] != '-') return first;
  std::string upper;
  for (char c : name) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return upper;
}

// A command's help: the usage line, the positional argument as the command line writes it (not
// as an option) with its description, the options with their defaults, and the examples.
inline void print_command_help(std::ostream& out, const std::string& command,
                               const std::string& usage, const po::options_description& desc,
                               const Positional& positional) {
  out << "usage: mancala " << command << " " << usage << "\n";
  po::options_description shown("options");
  for (const auto& option : desc.options()) {
    if (positional.name && option->long_name() == positional.name) {
      std::string line = "  " + positional_label(usage, positional.name);
      line += std::string(line.size() < 24 ? 24 - line.size() : 2, ' ');
      out << "\narguments:\n" << line << option->description() << "\n";
      continue;
    }
    shown.add(option);
  }
  out << "\n" << shown << examples_text(command);
}

// Parses args against `desc` (and the positional arguments); a parse error becomes a UsageError
// naming the command. Returns false when --help was asked for (the help has been printed).
inline bool parse_options(const std::string& command, const std::string& usage,
                          po::options_description& desc, const Positional& positional,
                          const Args& args, po::variables_map& vm, Io& io) {
  desc.add_options()("help,h", "show this help");
  po::positional_options_description pos;
  if (positional.name) pos.add(positional.name, positional.count);
  try {
    po::store(po::command_line_parser(args).options(desc).positional(pos).run(), vm);
    if (vm.count("help")) {
      print_command_help(io.out, command, usage, desc, positional);
      return false;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(command + ": " + e.what() + " (see 'mancala " + command + " --help')");
  }
  // A file or folder option given as '' would otherwise fall back to its default silently.
  for (const char* path_option : {"db", "output", "to-json", "write"}) {
    if (vm.count(path_option) && !vm[path_option].defaulted() &&
        vm[path_option].value().type() == typeid(std::string) &&
        vm[path_option].as<std::string>().empty()) {
      throw UsageError(command + ": --" + path_option + ": give a path, not an empty string");
    }
  }
  return true;
}

// --format checked against the formats a command writes: UsageError
// "<command>: --format: expected a, b or c, got '<format>'".
inline std::string check_format(const std::string& command, const std::string& format,
                                const std::vector<std::string>& allowed) {
  std::string list;
  for (size_t i = 0; i < allowed.size(); ++i) {
    if (format == allowed[i]) return format;
    list += (i == 0 ? "" : i + 1 == allowed.size() ? " or " : ", ") + allowed[i];
  }
  throw UsageError(command + ": --format: expected " + list + ", got '" + format + "'");
}

// The checks of --games, --seed and --threads (simulator/play_counts.h).
using sim::check_threads;
using sim::kMaxThreads;

// --threads T: worker threads, by default the machine's (sim::default_threads()).
inline po::typed_value<int>* threads_value(int& threads) {
  return po::value<int>(&threads)->default_value(sim::default_threads());
}

using sim::check_games;
using sim::set_play_counts;

// --agent SPEC (both players) and --agents SPEC1,SPEC2 (player 1, player 2); see agents.h.
inline void add_agent_options(po::options_description& desc) {
  desc.add_options()("agent", po::value<std::string>(),
                     ("both players' agent: " + sim::agent_help()).c_str())(
      "agents", po::value<std::string>(), "SPEC1,SPEC2: player 1's agent, then player 2's");
}

// The agents the options name (random when neither is given); a bad spec is a UsageError
// naming the command.
inline sim::AgentPair agents_option(const std::string& command, const po::variables_map& vm) {
  const std::string agent = vm.count("agent") ? vm["agent"].as<std::string>() : "";
  const std::string agents = vm.count("agents") ? vm["agents"].as<std::string>() : "";
  try {
    return sim::agents_from_options(vm.count("agent") ? &agent : nullptr,
                                    vm.count("agents") ? &agents : nullptr);
  } catch (const UsageError& e) {
    throw UsageError(command + ": " + e.what());
  }
}

// A note on stderr when one of `agents` chooses by the clock (AgentKind::deterministic false,
// abtime): the run is then not a function of its seed.
template <class Agents>
void note_reproducibility(Io& io, const std::string& command, const Agents& agents) {
  for (const sim::AgentSpec& a : agents) {
    if (sim::agent_kind(a.kind).deterministic) continue;
    io.err << "mancala: " << command << ": note: " << a.name()
           << " chooses by the clock: the results depend on this machine's speed and load and "
              "cannot be reproduced from the seed\n";
    return;
  }
}

}  // namespace mancala::cli
