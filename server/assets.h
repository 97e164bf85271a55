// The pages `mancala serve` serves: the files of server/web (HTML, CSS, JavaScript), embedded in
// the binary at build time (server/embed_assets.cmake writes them into a generated source), so
// the server reads no file to answer a request and needs no network.
#pragma once

#include <string_view>

namespace mancala::server {

// The views are of the generated source's static data: they live as long as the program.
struct Asset {
  std::string_view path;          // "/index.html", "/app.js", "/style.css"
  std::string_view content_type;  // "text/html; charset=utf-8", ...
  std::string_view body;
};

// The asset served at `path`, or nullptr: only the embedded files have one.
const Asset* find_asset(std::string_view path);

}  // namespace mancala::server
