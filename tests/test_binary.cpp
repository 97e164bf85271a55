// The path of the `mancala` executable the tests run (tests/cli/cli_test_util.h): the one test
// source compiled with it (MANCALA_BINARY, tests/CMakeLists.txt), so that the build folder's path
// is not in every test file's flags.
namespace mancala::cli::testing {

const char* mancala_binary_path() { return MANCALA_BINARY; }

}  // namespace mancala::cli::testing
