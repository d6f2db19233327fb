#pragma once
// How long a test waits for work on another thread or process before it calls that work hung. The Release budgets
// are already generous for a busy machine; a sanitizer build runs the same code 2 to 15 times slower on CI's two
// cores, so there every budget is ten times longer (the GUI suites that wait run under ThreadSanitizer only: the
// ones labeled "threads" in tests/CMakeLists.txt). A budget only catches a hang: no test asserts how fast anything
// is (benchmarks do).
namespace al::test {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr int kSanitizerSlowdown = 10;
#else
inline constexpr int kSanitizerSlowdown = 1;
#endif

// The wait for a job that takes up to releaseMs in the Release build on a busy machine.
constexpr int waitBudgetMs(int releaseMs) { return releaseMs * kSanitizerSlowdown; }

}  // namespace al::test
