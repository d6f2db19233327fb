// The main of a test executable that holds several suites (tests/suite_registry.h): runs the suite its first
// argument names with the rest of the arguments, as that suite's own executable would have run.
#include <cstdio>
#include <map>
#include <string>
#include "tests/suite_registry.h"

namespace attentionlab_suites {
namespace {
// Filled while the suites' files are initialised, before main: a function's static, so that it exists by then.
std::map<std::string, SuiteMain>& suites() {
  static std::map<std::string, SuiteMain> byName;
  return byName;
}
}  // namespace

bool registerSuite(const char* name, SuiteMain main) {
  return suites().emplace(name, main).second;
}
}  // namespace attentionlab_suites

int main(int argc, char* argv[]) {
  const auto& suites = attentionlab_suites::suites();
  if (argc >= 2) {
    if (const auto found = suites.find(argv[1]); found != suites.end()) {
      argv[1] = argv[0];  // the suite sees its own name where Qt Test expects the program's
      return found->second(argc - 1, argv + 1);
    }
  }
  std::fprintf(stderr, "usage: %s SUITE [Qt Test options]\nThe suites of this executable:\n", argv[0]);
  for (const auto& [name, main] : suites) std::fprintf(stderr, "  %s\n", name.c_str());
  return 2;
}
