// A stream buffer that makes whatever is written through it safe to print (issue 41, item 6),
// byte by byte as printable() does for a whole text: each C0 control character but the line
// break, the carriage return (a progress bar redraws with it) and the tab, DEL and each C1
// control character (U+0080 to U+009F) written as "\u001b", each byte that is not part of
// well-formed UTF-8 as "\xff". A UTF-8 character split between two writes is kept whole. The
// CLI writes its stderr through one (cli/cli.cpp, run()), so no status line, warning or error
// can send a terminal a command a ruleset's file name or a record held; text already made
// printable passes unchanged.
//
//   PrintableStreambuf safe(std::cerr.rdbuf());
//   std::ostream err(&safe);
//   err << "simulate: odd/e\x1b[2Jvil: 200 games\n";  // prints odd/e\u001b[2Jvil
#pragma once

#include <cstdio>
#include <streambuf>
#include <string>

namespace mancala {

class PrintableStreambuf : public std::streambuf {
 public:
  explicit PrintableStreambuf(std::streambuf* target) : target_(target) {}
  PrintableStreambuf(const PrintableStreambuf&) = delete;
  PrintableStreambuf& operator=(const PrintableStreambuf&) = delete;
  // A character cut short at the end is shown as its bytes ("\xe2").
  ~PrintableStreambuf() override {
    drop_pending();
    sync();
  }

 protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    put(static_cast<unsigned char>(traits_type::to_char_type(c)));
    return c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    for (std::streamsize i = 0; i < n; ++i) put(static_cast<unsigned char>(s[i]));
    return n;
  }
  int sync() override {
    flush_out();
    return target_->pubsync();
  }

 private:
  void put(unsigned char b) {
    if (!pending_.empty()) {
      if (b >= 0x80 && b <= 0xBF) {
        pending_ += static_cast<char>(b);
        if (pending_.size() == expected_) finish_pending();
        return;
      }
      drop_pending();  // a character cut short: its bytes shown, then b read afresh
    }
    if (b < 0x80) {
      if ((b < 0x20 && b != '\n' && b != '\r' && b != '\t') || b == 0x7F) {
        escape("\\u%04x", b);
      } else {
        out_ += static_cast<char>(b);
      }
    } else if (b >= 0xC2 && b <= 0xF4) {
      pending_ = static_cast<char>(b);
      expected_ = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2;
    } else {
      escape("\\x%02x", b);  // a continuation byte alone, C0, C1 or F5 to FF: never UTF-8
    }
    if (out_.size() >= 4096) flush_out();
  }
  // A whole sequence: written as is, a C1 character (C2 80 to C2 9F) escaped, an overlong or
  // out-of-range sequence (E0 80.., F0 80.., F4 90.., a surrogate) as its bytes.
  void finish_pending() {
    const auto b0 = static_cast<unsigned char>(pending_[0]);
    const auto b1 = static_cast<unsigned char>(pending_[1]);
    const bool bad = (b0 == 0xE0 && b1 < 0xA0) || (b0 == 0xED && b1 > 0x9F) ||
                     (b0 == 0xF0 && b1 < 0x90) || (b0 == 0xF4 && b1 > 0x8F);
    if (bad) {
      drop_pending();
      return;
    }
    if (b0 == 0xC2 && b1 <= 0x9F) {
      escape("\\u%04x", b1);
    } else {
      out_ += pending_;
    }
    pending_.clear();
  }
  void drop_pending() {
    const std::string bytes = std::move(pending_);
    pending_.clear();
    for (char c : bytes) escape("\\x%02x", static_cast<unsigned char>(c));
  }
  void escape(const char* format, unsigned value) {
    char code[8];
    std::snprintf(code, sizeof code, format, value);
    out_ += code;
  }
  void flush_out() {
    if (!out_.empty()) target_->sputn(out_.data(), static_cast<std::streamsize>(out_.size()));
    out_.clear();
  }

  std::streambuf* target_;
  std::string out_;      // escaped, not yet handed on
  std::string pending_;  // the bytes so far of a UTF-8 character
  size_t expected_ = 0;  // its length
};

}  // namespace mancala
