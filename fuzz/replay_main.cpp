// The fuzz targets without libFuzzer: feeds every file named (or in a folder named) to
// LLVMFuzzerTestOneInput once, in name order, and says how many it read. The normal build links
// each target with it (fuzz/CMakeLists.txt) and CTest replays the committed corpus, so the targets
// keep compiling and every input that once found a new path or a crash is checked on every commit;
// the sanitizer build (scripts/test.sh --deep) fuzzes them for new inputs.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

namespace fs = std::filesystem;

// The files of `path`: itself, or the regular files in it (not recursive), sorted.
std::vector<fs::path> inputs_of(const fs::path& path) {
  std::vector<fs::path> out;
  if (fs::is_directory(path)) {
    for (const auto& entry : fs::directory_iterator(path)) {
      if (entry.is_regular_file()) out.push_back(entry.path());
    }
    std::sort(out.begin(), out.end());
  } else {
    out.push_back(path);
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FILE_OR_FOLDER...\n", argv[0]);
    return 2;
  }
  size_t count = 0;
  for (int i = 1; i < argc; ++i) {
    const fs::path arg(argv[i]);
    if (!fs::exists(arg)) {
      std::fprintf(stderr, "%s: %s: no such file or folder\n", argv[0], argv[i]);
      return 1;
    }
    for (const fs::path& file : inputs_of(arg)) {
      std::ifstream in(file, std::ios::binary);
      if (!in) {
        std::fprintf(stderr, "%s: %s: cannot be read\n", argv[0], file.c_str());
        return 1;
      }
      const std::string bytes((std::istreambuf_iterator<char>(in)),
                              std::istreambuf_iterator<char>());
      LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
      ++count;
    }
  }
  if (count == 0) {
    std::fprintf(stderr, "%s: no input found\n", argv[0]);
    return 1;
  }
  std::printf("%zu inputs replayed, none failed\n", count);
  return 0;
}
