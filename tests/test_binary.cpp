// The path of the `mancala` executable the tests run (tests/test_binary.h): the one test
// source compiled with it (MANCALA_BINARY, tests/CMakeLists.txt), so that the build folder's path
// is not in every test file's flags. (It declares nothing else, so it includes no header.)
namespace mancala::test_support {

const char* mancala_binary_path() { return MANCALA_BINARY; }

}  // namespace mancala::test_support
