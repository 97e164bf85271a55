// Issue 27, "Help with examples": every command's --help ends with two or three examples that
// work as written (run here, in order, from a folder laid out like the repository's top after
// `bash scripts/run.sh`); positional arguments are shown as such, the defaults of --format shown.
#include <unistd.h>

#include <filesystem>
#include <set>

#include "cli/options.h"
#include "cli_test_util.h"

namespace mancala::cli::testing {
namespace {

namespace fs = std::filesystem;

// The words of a shell command line: spaces separate, single or double quotes group.
Args shell_words(const std::string& line) {
  Args out;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (const char c : line) {
    if (quote != 0) {
      if (c == quote) {
        quote = 0;
      } else {
        word += c;
      }
    } else if (c == '"' || c == '\'') {
      quote = c;
      in_word = true;
    } else if (c == ' ') {
      if (in_word) out.push_back(word);
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (in_word) out.push_back(word);
  return out;
}

// The first word of each line of `section` in `help` ("commands:", "subcommands:"), up to the
// first empty line.
std::vector<std::string> listed(const std::string& help, const std::string& section) {
  std::vector<std::string> out;
  const size_t at = help.find(section + "\n");
  if (at == std::string::npos) return out;
  std::istringstream in(help.substr(at + section.size() + 1));
  for (std::string line; std::getline(in, line) && !line.empty();) {
    if (line.size() > 2 && line[0] == ' ' && line[2] != ' ') out.push_back(words(line)[0]);
  }
  return out;
}

// Every command and subcommand, as 'mancala --help' and the dispatchers' help list them.
std::vector<std::string> all_commands() {
  std::vector<std::string> out;
  for (const std::string& command : listed(run_cli({"--help"}).out, "commands:")) {
    out.push_back(command);
    for (const std::string& sub : listed(run_cli({command, "--help"}).out, "subcommands:"))
      out.push_back(command + " " + sub);
  }
  return out;
}

// The example lines at the end of a help text.
std::vector<std::string> examples_of(const std::string& help) {
  std::vector<std::string> out;
  const size_t at = help.rfind("\nexamples:\n");
  if (at == std::string::npos) return out;
  std::istringstream in(help.substr(at + 11));
  for (std::string line; std::getline(in, line);) out.push_back(line.substr(2));
  return out;
}

TEST(HelpExamples, EveryCommandsHelpEndsWithTwoOrThreeExamples) {
  const std::vector<std::string> commands = all_commands();
  ASSERT_GE(commands.size(), 25u);
  // A command without options has the one example it can have.
  const std::set<std::string> no_options = {"rules keys"};
  for (const std::string& command : commands) {
    Args args = words(command);
    args.push_back("--help");
    const Result r = run_cli(args);
    EXPECT_EQ(r.code, 0) << command;
    const std::vector<std::string> examples = examples_of(r.out);
    EXPECT_EQ(examples, help_examples(command)) << command;
    EXPECT_GE(examples.size(), no_options.count(command) ? 1u : 2u) << command;
    EXPECT_LE(examples.size(), 3u) << command;
    EXPECT_TRUE(r.out.ends_with("\n")) << command;
    for (const std::string& line : examples) EXPECT_TRUE(line.starts_with("mancala ")) << line;
  }
  std::vector<std::string> expected = commands;
  std::vector<std::string> have = commands_with_examples();
  std::sort(expected.begin(), expected.end());
  std::sort(have.begin(), have.end());
  EXPECT_EQ(have, expected) << "every command has examples, and no example names another";
}

// "rules --help and runs --help describe their subcommands".
TEST(HelpExamples, TheDispatchersDescribeTheirSubcommands) {
  EXPECT_EQ(listed(run_cli({"rules", "--help"}).out, "subcommands:"),
            (std::vector<std::string>{"check", "list", "show", "export", "keys"}));
  EXPECT_EQ(listed(run_cli({"runs", "--help"}).out, "subcommands:"),
            (std::vector<std::string>{"list", "show"}));
}

// "Positional arguments are shown as such, not as --id arg; defaults of --format shown
// everywhere."
TEST(HelpExamples, PositionalArgumentsAreShownAsSuchAndFormatDefaultsEverywhere) {
  const Result show = run_cli({"runs", "show", "--help"});
  EXPECT_NE(show.out.find("\narguments:\n  ID                    run id"), std::string::npos)
      << show.out;
  EXPECT_EQ(show.out.find("--id"), std::string::npos) << show.out;
  const Result simulate = run_cli({"simulate", "--help"});
  EXPECT_NE(simulate.out.find("\narguments:\n  RULESET...            ruleset ids"),
            std::string::npos)
      << simulate.out;
  EXPECT_EQ(simulate.out.find("--rulesets"), std::string::npos) << simulate.out;
  for (const std::string& command : all_commands()) {
    Args args = words(command);
    args.push_back("--help");
    const std::string help = run_cli(args).out;
    const size_t format = help.find("--format arg");
    if (format == std::string::npos) continue;
    EXPECT_EQ(help.compare(format + 12, 3, " (="), 0) << command << ":\n" << help;
  }
}

// Runs in a fresh folder with data/ and tests/ of the repository, and ./mancala.db holding the
// evidence and run 1 (what `bash scripts/run.sh` leaves), restoring the folder and $MANCALA_DB.
class InRepositoryCopy : public ::testing::Test {
 protected:
  void SetUp() override {
    previous_ = fs::current_path();
    for (const char* folder : {"data", "tests"})
      fs::create_directory_symlink(fs::absolute(folder), dir_.path() / folder);
    if (const char* db = std::getenv("MANCALA_DB")) saved_db_ = db;
    ::unsetenv("MANCALA_DB");
    fs::current_path(dir_.path());
    ASSERT_EQ(run_cli({"evidence", "import", "data/evidence"}).code, 0);
    ASSERT_EQ(run_cli({"simulate", "kalah", "--games", "100"}).code, 0);
  }
  void TearDown() override {
    fs::current_path(previous_);
    if (saved_db_) ::setenv("MANCALA_DB", saved_db_->c_str(), 1);
  }
  TempDir dir_{"examples"};
  fs::path previous_;
  std::optional<std::string> saved_db_;
};

TEST_F(InRepositoryCopy, EveryHelpExampleWorksAsWritten) {
  for (const std::string& command : commands_with_examples()) {
    for (const std::string& line : help_examples(command)) {
      const Args args = shell_words(line);
      ASSERT_EQ(args.front(), "mancala");
      const Result r = run_cli(Args(args.begin() + 1, args.end()));
      EXPECT_EQ(r.code, 0) << line << "\n" << r.err;
      EXPECT_FALSE(r.out.empty() && r.err.empty()) << line << ": says nothing";
    }
  }
}

}  // namespace
}  // namespace mancala::cli::testing
