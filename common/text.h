// Small text helpers the archive's parsers share: UTF-8 checks and decoding, trimming,
// splitting, case folding of names, and line numbers for error messages.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mancala {

// The byte offset of the first byte that is not part of well-formed UTF-8 (overlong forms,
// surrogates and code points above U+10FFFF are ill-formed), or nullopt when all is well.
std::optional<size_t> find_invalid_utf8(std::string_view text);

// The 1-based line number of byte `offset` in `text`.
size_t line_of(std::string_view text, size_t offset);

// Decodes one code point of well-formed UTF-8 at `pos` and advances `pos` past it.
char32_t next_code_point(std::string_view text, size_t& pos);

// Appends the UTF-8 encoding of `cp` to `out`.
void append_utf8(std::string& out, char32_t cp);

// The number of code points in well-formed UTF-8 (the width used to align tables).
size_t display_width(std::string_view text);

// At most `width` code points of `text`, the last one replaced by "…" when it was cut.
std::string truncate_display(std::string_view text, size_t width);

// Removes leading and trailing white space (ASCII and the Unicode spaces seen on web pages).
std::string trim(std::string_view text);

// Each run of ASCII white space as one space, none at either end: texts compared "verbatim, up
// to white space" (a provenance phrase against its record's field, docs/terms.md).
std::string collapse_space(std::string_view text);

// "a", "a or b", "a, b or c": a list for a sentence.
std::string or_list(const std::vector<std::string>& items);

// Splits on `separator`, trimming each part and dropping empty parts.
std::vector<std::string> split_list(std::string_view text, char separator);

// Folds a name for look-ups: letters to lower case (ASCII, Latin-1, Latin Extended-A, Greek and
// Cyrillic), and each run of spaces, hyphens, underscores, dots and apostrophes to one "_",
// none at either end. "Toguz Kumalak", "toguz_kumalak" and "TOGUZ-KUMALAK" fold alike.
std::string fold_name(std::string_view name);

// The key of a game first named by a record: the folded name's ASCII letters and digits, every
// run of anything else one '_' ("Bao la Kiswahili!" -> "bao_la_kiswahili"), "game_" before a
// leading digit. Empty when the name holds no ASCII letter or digit ("!!!"): the caller refuses it.
std::string game_key_from_name(std::string_view name);

// ASCII lower case of `text` (other bytes unchanged).
std::string ascii_lower(std::string_view text);

// `text` safe to print (issue 41): each C0 control character (U+0000 to U+001F) but the line
// break and the tab, DEL (U+007F) and each C1 control character (U+0080 to U+009F) written as
// "\u001b", and each byte that is not part of well-formed UTF-8 as "\xff", so that a field
// cannot retitle, recolour or clear the reader's terminal, and a NUL shows instead of cutting the
// text. Every text and table writer passes what it prints from a file or the archive through it
// (or printable_line), and so does every error message (common/error.h).
std::string printable(std::string_view text);

// printable for one line (a table cell, one reference a line): each line break (\r\n, \n or
// \r) and tab a space too.
std::string printable_line(std::string_view text);

// Whether `text` is a decimal number as a person writes one: an optional sign, digits with an
// optional point and fraction (or a point and digits), an optional exponent; nothing else (no
// hexadecimal, no inf or nan, no space before, inside or after).
bool is_decimal_text(std::string_view text);

// The number `text` holds when is_decimal_text(text) and a double holds it (not 1e999); else
// nullopt. The strict reading of every number a command line gives as text (--near's LAT,LON).
std::optional<double> parse_decimal(std::string_view text);

}  // namespace mancala
