// Issue 20, item 9: the README and the docs agree with the program. Every example shown with its
// output (a "$ mancala ..." line followed by what it prints) is run and its output compared with
// the text; every command of the README's tour runs as written, in a scratch folder with its own
// archive (a few that run for minutes or need other machines are named below, with why); what a
// tour comment promises is checked where it names something a reader sees; and each docs page's
// synopsis is the command's own usage line (`--help`). docs/ladder.md and docs/agents.md are the
// agents' pages and are checked there.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "cli_test_util.h"
#include "common/paths.h"

namespace mancala::cli {
namespace {

namespace fs = std::filesystem;
using testing::read_text;
using testing::Result;
using testing::run_cli;
using testing::TempDir;

const fs::path kTop = mancala::source_dir();

// One command of a document: its line, and the output the text shows (or none).
struct Example {
  std::string file;
  std::string command;  // "mancala ..." without the comment
  std::string comment;  // the comment after '#', or empty
  std::optional<std::string> output;
};

// The code blocks of a Markdown file: "$ mancala ..." lines with the lines after them as their
// output, and in ```sh blocks every line that starts with "mancala ".
std::vector<Example> examples(const fs::path& path) {
  std::ifstream in(path);
  std::vector<Example> out;
  bool in_block = false, sh = false;
  Example* shown = nullptr;
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("```")) {
      in_block = !in_block;
      sh = in_block && line == "```sh";
      shown = nullptr;
      continue;
    }
    if (!in_block) continue;
    const std::string name = path.filename().string();
    if (line.starts_with("$ mancala ")) {
      out.push_back({name, line.substr(2), "", std::string()});
      shown = &out.back();
    } else if (shown) {
      *shown->output += line + "\n";
    } else if (sh && line.starts_with("mancala ")) {
      Example e{name, line, "", std::nullopt};
      if (const std::size_t hash = line.find("  #"); hash != std::string::npos) {
        e.command = line.substr(0, hash);
        e.comment = line.substr(line.find_first_not_of(" #", hash));
      }
      while (!e.command.empty() && e.command.back() == ' ') e.command.pop_back();
      out.push_back(e);
    }
  }
  return out;
}

// The words of a command line, with "..." quoting, less "mancala" and any "> file" redirection.
Args words_of(const std::string& command) {
  Args out;
  std::string word;
  bool quoted = false, any = false;
  for (char c : command) {
    if (c == '"') {
      quoted = !quoted;
      any = true;
    } else if (c == ' ' && !quoted) {
      if (any) out.push_back(word);
      word.clear();
      any = false;
    } else {
      word += c;
      any = true;
    }
  }
  if (any) out.push_back(word);
  out.erase(out.begin());  // "mancala"
  if (const auto redirect = std::find(out.begin(), out.end(), ">"); redirect != out.end())
    out.erase(redirect, out.end());
  return out;
}

// The text less the spaces at the ends of its lines (a Markdown file keeps none).
std::string without_trailing_spaces(const std::string& text) {
  std::string out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    line.erase(line.find_last_not_of(' ') + 1);
    out += line + "\n";
  }
  return out;
}

// Tour commands not run here, each with why (a prefix of the command).
const std::map<std::string, std::string> kNotRun = {
    {"mancala solve ", "minutes and gigabytes of table: the solver's tests and docs/agents.md"},
    {"mancala ladder ", "the ladder's page and tests are the agents' (docs/ladder.md)"},
    {"mancala report --ladder", "the whole report with ladders (minutes): scripts/run.sh runs it"},
    {"mancala report --games 20000",
     "every ruleset at 20,000 games (minutes): report_test runs it "
     "smaller"},
    {"mancala bench ", "a speed measurement over 200,000 games"},
    {"mancala simulate toguz_kumalak khutka_boia --games 100000",
     "100,000 matches: the 2000-game example above runs the same command, output compared"},
    {"mancala simulate toguz_kumalak --agent alphabeta:3", "search agents: docs/agents.md"},
    {"mancala simulate toguz_kumalak --agents alphabeta:3", "search agents: docs/agents.md"},
    {"mancala compare khutka_boia khutka_boia/opposite_capture --games 20000",
     "40,000 matches: compare_test runs the comparison smaller"},
    {"mancala compare --evidence DLP.Evidence.741 --games 5000",
     "every Mawkar Katiya reading at 5000 matches: compare_test runs --evidence smaller"},
    {"mancala compare --game khutka_boia --all-pairs", "36 pairs of 10,000 matches"},
    {"mancala report --game khutka_boia", "every Khutka Boia reading at 50,000 matches (minutes)"},
    {"mancala report --readings", "every ruleset and every reading of each source (minutes)"},
    {"mancala reconstruct ",
     "a search over every reading of a source, minutes each: reconstruct_cli_test runs them "
     "smaller"},
    {"mancala serve", "a server runs until Ctrl-C: tests/server drive it"},
};

// A scratch folder holding the repository's data (the tour's relative paths) and the seed
// evidence imported into its archive ($MANCALA_DB).
class DocsExamples : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::create_directory_symlink(kTop / "data", dir_ / "data");
    std::filesystem::copy_file(kTop / "tests/archive/fixtures/otep_dlp1880.txt", dir_ / "page.txt");
    old_dir_ = fs::current_path();
    fs::current_path(dir_.path());
    ::setenv("MANCALA_DB", (dir_ / "mancala.db").c_str(), 1);
    ASSERT_EQ(run_cli({"evidence", "import", "data/evidence"}).code, 0);
  }
  void TearDown() override {
    fs::current_path(old_dir_);
    ::unsetenv("MANCALA_DB");
  }
  TempDir dir_;
  fs::path old_dir_;
};

TEST_F(DocsExamples, EveryExampleOutputIsWhatTheCommandPrints) {
  int shown = 0;
  for (const fs::path& doc :
       {kTop / "README.md", kTop / "docs/report.md", kTop / "docs/compare.md",
        kTop / "docs/simulate.md", kTop / "docs/metrics.md", kTop / "docs/archive.md"}) {
    for (const Example& e : examples(doc)) {
      if (!e.output) continue;
      const Result r = run_cli(words_of(e.command));
      EXPECT_EQ(r.code, 0) << e.file << ": " << e.command << "\n" << r.err;
      EXPECT_EQ(without_trailing_spaces(r.out), *e.output) << e.file << ": " << e.command;
      ++shown;
    }
  }
  EXPECT_GE(shown, 3);
}

TEST_F(DocsExamples, EveryCommandOfTheReadmesTourRunsAsWritten) {
  int run = 0;
  for (const Example& e : examples(kTop / "README.md")) {
    if (e.output) continue;
    const auto skip = std::find_if(kNotRun.begin(), kNotRun.end(),
                                   [&](const auto& s) { return e.command.starts_with(s.first); });
    if (skip != kNotRun.end()) continue;
    const Result r = run_cli(words_of(e.command));
    EXPECT_EQ(r.code, 0) << e.command << "\n" << r.err;
    ++run;
    // What the comment promises, where it names something a reader sees.
    if (e.comment.starts_with("rounds, settlements and handicaps shown")) {
      for (const char* shown : {"out of play", "set aside", "(1-4:", "(2-3:"})
        EXPECT_NE(r.out.find(shown), std::string::npos) << e.command << " shows no " << shown;
    }
    if (e.command.starts_with("mancala merge ")) {
      EXPECT_TRUE(r.out.starts_with("ruleset ")) << "merge prints simulate's table: " << r.out;
    }
  }
  EXPECT_GE(run, 25);
}

// A docs page's synopsis is the command's usage line: the text after "usage: " of --help, line
// for line.
TEST_F(DocsExamples, EachSynopsisIsTheCommandsUsage) {
  for (const auto& [command, doc] :
       std::vector<std::pair<std::string, std::string>>{{"simulate", "docs/simulate.md"},
                                                        {"merge", "docs/simulate.md"},
                                                        {"bench", "docs/simulate.md"},
                                                        {"report", "docs/report.md"},
                                                        {"compare", "docs/compare.md"},
                                                        {"handicap", "docs/compare.md"}}) {
    const Result help = run_cli({command, "--help"});
    ASSERT_EQ(help.code, 0);
    std::string usage = help.out.substr(0, help.out.find("\n\n") + 1);
    ASSERT_TRUE(usage.starts_with("usage: ")) << command;
    usage = usage.substr(7);
    EXPECT_NE(read_text(kTop / doc).find("\n" + usage), std::string::npos)
        << doc << " should give the synopsis of " << command << " as --help does:\n"
        << usage;
  }
}

}  // namespace
}  // namespace mancala::cli
