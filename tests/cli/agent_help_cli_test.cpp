// Issue 22, "one registry of agent kinds that every command's --agent help and the docs read":
// the help of every command that plays games names every kind of simulator/agents.cpp's registry,
// and no page of the docs lists the kinds by hand.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <sstream>
#include <string>

#include "../test_support.h"
#include "cli/cli.h"
#include "common/paths.h"
#include "simulator/agents.h"

namespace mancala::cli {
namespace {

using sim::agent_kinds;
using sim::agent_list;
using sim::AgentKind;

const std::filesystem::path kSource = mancala::source_dir();

// Whitespace runs as one space: help wrapped by Boost, a message quoted over several lines.
std::string squeeze(const std::string& text) {
  return std::regex_replace(text, std::regex("\\s+"), " ");
}

// The --agent help of every command that plays games, and ladder's --agents, name every kind.
TEST(AgentHelp, EveryCommandsAgentHelpNamesEveryKind) {
  for (const char* command : {"simulate", "trace", "compare", "handicap", "report", "bench"}) {
    std::ostringstream out, err;
    ASSERT_EQ(run({command, "--help"}, out, err), 0) << command;
    const std::string help = squeeze(out.str());
    for (const AgentKind& kind : agent_kinds())
      EXPECT_NE(help.find(kind.syntax()), std::string::npos) << command << ": " << kind.syntax();
  }
  std::ostringstream out, err;
  ASSERT_EQ(run({"ladder", "--help"}, out, err), 0);
  for (const AgentKind& kind : agent_kinds())
    EXPECT_NE(squeeze(out.str()).find(kind.syntax()), std::string::npos) << kind.syntax();
}

// A page that quotes the bad-spec error quotes today's list; no synopsis lists kinds by hand
// (docs/simulate.md said "--agent random|greedy" long after the search agents came).
TEST(AgentHelp, NoPageListsTheKindsByHand) {
  std::vector<std::filesystem::path> pages = {kSource / "README.md"};
  for (const auto& entry : std::filesystem::directory_iterator(kSource / "docs"))
    if (entry.path().extension() == ".md") pages.push_back(entry.path());
  const std::regex synopsis("--agents? [a-z:]+\\|");
  const std::string quoted = "is not an agent (";
  for (const auto& page : pages) {
    const std::string text = squeeze(test_support::read_text(page));
    EXPECT_FALSE(std::regex_search(text, synopsis)) << page << ": a synopsis lists agent kinds";
    for (size_t at = text.find(quoted); at != std::string::npos; at = text.find(quoted, at + 1)) {
      EXPECT_EQ(text.substr(at + quoted.size(), agent_list().size() + 1), agent_list() + ")")
          << page << ": quotes an old list of agents";
    }
  }
}

}  // namespace
}  // namespace mancala::cli
