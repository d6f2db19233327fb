#pragma once
// The suites of one test executable (tests/CMakeLists.txt compiles several suites to a file, see suite_group.h).
// Each suite registers the main it would have had under its ctest name; the executable's main runs the one its
// first argument names:   core_suites_3 core_test_layers [Qt Test options]
namespace attentionlab_suites {
using SuiteMain = int (*)(int argc, char* argv[]);
bool registerSuite(const char* name, SuiteMain main);
}  // namespace attentionlab_suites
