// Issue 22, "one registry of agent kinds": every kind's entry is complete and in the enum's order,
// every spec the registry describes parses and names itself, and docs/agents.md's table is the
// generated one. The commands' help and the other pages: tests/cli/agent_help_cli_test.cpp.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "../test_support.h"
#include "common/paths.h"
#include "simulator/agents.h"

namespace mancala::sim {
namespace {

const std::filesystem::path kSource = mancala::source_dir();

TEST(AgentRegistry, EachKindIsTheEntryOfItsEnumValueAndComplete) {
  size_t k = 0;
  for (const AgentKind& kind : agent_kinds()) {
    EXPECT_EQ(static_cast<size_t>(kind.id), k++) << kind.name;
    EXPECT_FALSE(kind.name.empty());
    EXPECT_FALSE(kind.doc.empty()) << kind.name;
    EXPECT_EQ(kind.make == nullptr, kind.id == Agent::kRandom) << kind.name;
    if (!kind.param.empty()) {
      EXPECT_GE(kind.min, 1) << kind.name;
      EXPECT_LE(kind.min, kind.max) << kind.name;
    }
  }
}

TEST(AgentRegistry, EverySpecAtItsBoundsParsesAndNamesItselfAndOneBeyondIsRefused) {
  for (const AgentKind& kind : agent_kinds()) {
    const std::string name(kind.name);
    if (kind.param.empty()) {
      EXPECT_EQ(parse_agent(name).name(), name);
      EXPECT_THROW(parse_agent(name + ":1"), UsageError);
      continue;
    }
    for (int v : {kind.min, kind.max}) {
      const std::string spec = name + ":" + std::to_string(v);
      EXPECT_EQ(parse_agent(spec), AgentSpec(kind.id, v)) << spec;
      EXPECT_EQ(parse_agent(spec).name(), spec);
    }
    for (const std::string& bad : {name, name + ":", name + ":" + std::to_string(kind.min - 1),
                                   name + ":" + std::to_string(kind.max + 1LL), name + ":1x"})
      EXPECT_THROW(parse_agent(bad), UsageError) << bad;
  }
}

TEST(AgentRegistry, TheErrorListsEveryKindWithItsBounds) {
  std::string expected;
  for (const AgentKind& kind : agent_kinds())
    expected += (expected.empty() ? "" : ", ") + kind.syntax_with_bounds();
  EXPECT_EQ(agent_list(), expected);
  EXPECT_EQ(test_support::thrown_message<UsageError>([] { parse_agent("clever"); }),
            "--agent: 'clever' is not an agent (" + expected + ")");
}

TEST(AgentRegistry, TheDocsTableIsTheRegistrys) {
  const std::string doc = test_support::read_text(kSource / "docs" / "agents.md");
  EXPECT_NE(doc.find(agent_table_markdown()), std::string::npos)
      << "docs/agents.md's table of specs must read:\n"
      << agent_table_markdown();
}

// An agent in words for pages and pickers (issue 39, item 4: the readings page said
// "alphabeta:2"): the kind's doc with its parameter's value, the noun singular after 1.
TEST(AgentRegistry, AnAgentInWordsIsItsDocWithItsValue) {
  EXPECT_EQ(agent_in_words(AgentSpec(Agent::kAlphaBeta, 4)), "alpha-beta search 4 plies deep");
  EXPECT_EQ(agent_in_words(AgentSpec(Agent::kAlphaBeta, 1)), "alpha-beta search 1 ply deep");
  EXPECT_EQ(agent_in_words(AgentSpec(Agent::kMcts, 200)), "UCT with 200 simulations per move");
  EXPECT_EQ(agent_in_words(AgentSpec(Agent::kMcts, 1)), "UCT with 1 simulation per move");
  EXPECT_EQ(agent_in_words(AgentSpec(Agent::kGreedy)),
            "the move that captures most at once; ties at random");
}

}  // namespace
}  // namespace mancala::sim
