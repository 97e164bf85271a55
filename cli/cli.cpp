#include "cli/cli.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <iostream>
#include <map>

#include "cli/commands.h"
#include "common/error.h"
#include "common/printable_stream.h"

namespace mancala::cli {
namespace {

struct CommandInfo {
  int (*run)(const Args&, Io&);
  const char* summary;
};

const std::map<std::string, CommandInfo>& commands() {
  static const std::map<std::string, CommandInfo> table = {
      {"evidence", {cmd_evidence, "import, search and show evidence records"}},
      {"rules", {cmd_rules, "check, list and show rule reconstructions"}},
      {"trace", {cmd_trace, "play one game and print it move by move"}},
      {"replay", {cmd_replay, "play given moves and print the position"}},
      {"simulate", {cmd_simulate, "play many games and print statistics"}},
      {"merge", {cmd_merge, "combine shard outputs of simulate"}},
      {"runs", {cmd_runs, "list and show stored simulation runs"}},
      {"bench", {cmd_bench, "measure games and plies per second"}},
      {"report", {cmd_report, "simulate rulesets and write the HTML/Markdown/CSV report"}},
      {"compare", {cmd_compare, "compare rule reconstructions side by side"}},
      {"handicap", {cmd_handicap, "measure handicap effects of a multi-round ruleset"}},
      {"solve", {cmd_solve, "the exact value of a position under perfect play"}},
      {"ladder", {cmd_ladder, "play agents against each other: win rates, ratings, skill depth"}},
      {"reconstruct", {cmd_reconstruct, "every reading of a source, played, ranked, effects"}},
      {"serve", {cmd_serve, "the archive, the rulesets and a board to play them, in a browser"}},
      {"playtests", {cmd_playtests, "list, show and export the games saved from serve"}},
  };
  return table;
}

void print_help(std::ostream& out) {
  out << "usage: mancala <command> [options]\n\n"
         "A toolkit for historians of mancala games: evidence archive, executable rule\n"
         "reconstructions, batch simulation and comparison.\n\ncommands:\n";
  for (const auto& [name, info] : commands()) {
    out << "  " << name << std::string(12 - name.size(), ' ') << info.summary << "\n";
  }
  out << "\n'mancala <command> --help' describes a command. Exit codes: 0 ok, 1 failure, 2 "
         "usage.\n";
}

// What stopped `out`, for the message: the file descriptor's errno when it is the executable's.
std::string output_failure(std::ostream& out) {
  const auto* fd = dynamic_cast<const FdOutput*>(out.rdbuf());
  const int error = fd ? fd->error() : 0;
  return error != 0 ? std::strerror(error) : "an output error";
}

// An error message, each of its lines (one problem a line) as "mancala: <line>".
void print_error(std::ostream& err, const std::string& message) {
  size_t from = 0;
  while (from <= message.size()) {
    const size_t end = std::min(message.find('\n', from), message.size());
    err << "mancala: " << message.substr(from, end - from) << "\n";
    from = end + 1;
  }
}

}  // namespace

bool FdOutput::drain() {
  const char* at = pbase();
  while (at < pptr()) {
    const ssize_t n = ::write(fd_, at, static_cast<size_t>(pptr() - at));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (error_ == 0) error_ = n < 0 && errno != 0 ? errno : EIO;
      setp(buffer_, buffer_ + sizeof buffer_);  // what cannot be written is dropped
      return false;
    }
    at += n;
  }
  setp(buffer_, buffer_ + sizeof buffer_);
  return true;
}

FdOutput::int_type FdOutput::overflow(int_type c) {
  if (error_ != 0 || !drain()) return traits_type::eof();
  if (!traits_type::eq_int_type(c, traits_type::eof())) {
    *pptr() = traits_type::to_char_type(c);
    pbump(1);
  }
  return traits_type::not_eof(c);
}

int FdOutput::sync() { return error_ == 0 && drain() ? 0 : -1; }

std::size_t output_width(const Io& io) {
  if (const char* columns = std::getenv("COLUMNS"); columns && *columns) {
    std::size_t width = 0;
    const char* end = columns + std::strlen(columns);
    const auto [ptr, ec] = std::from_chars(columns, end, width);
    if (ec == std::errc() && ptr == end && width >= 20) return width;
  }
  if (io.out_is_terminal) {
    winsize size{};
    if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col >= 20) return size.ws_col;
  }
  return 100;
}

namespace {

int run_command(const Args& args, Io& io) {
  if (args.empty()) {
    print_help(io.err);
    return 2;
  }
  const std::string& name = args[0];
  if (name == "--help" || name == "-h" || name == "help") {
    print_help(io.out);
    return 0;
  }
  if (name == "--version") {
    io.out << "mancala " << MANCALA_VERSION << "\n";
    return 0;
  }
  auto it = commands().find(name);
  if (it == commands().end()) {
    io.err << "mancala: unknown command '" << name << "' (see 'mancala --help')\n";
    return 2;
  }
  try {
    return it->second.run(Args(args.begin() + 1, args.end()), io);
  } catch (const UsageError& e) {
    print_error(io.err, e.what());
    return 2;
  } catch (const Error& e) {
    print_error(io.err, e.what());
    return 1;
  } catch (const std::exception& e) {
    io.err << "mancala: internal error: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace

int run(const Args& args, std::ostream& out, std::ostream& raw_err, bool err_is_terminal,
        bool out_is_terminal) {
  // Every status line, warning and error goes through one filter (issue 41): a ruleset's file
  // name or a record's field holding an escape sequence is shown as \u001b, never obeyed.
  PrintableStreambuf printable_err(raw_err.rdbuf());
  std::ostream err(&printable_err);
  err.setf(std::ios::unitbuf);  // each line as soon as it is written, as std::cerr
  Io io{out, err, err_is_terminal, out_is_terminal};
  const int code = run_command(args, io);
  if (!out.flush()) {
    err << "mancala: stdout: cannot write the output (" << output_failure(out) << ")\n";
    return code == 0 ? 1 : code;
  }
  return code;
}

}  // namespace mancala::cli
