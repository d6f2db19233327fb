#pragma once
// Included first by a generated file that compiles several suites together (tests/CMakeLists.txt, grouped suites).
// Qt Test's QTEST_MAIN, QTEST_GUILESS_MAIN and QTEST_APPLESS_MAIN each write `int main` through
// QTEST_MAIN_WRAPPER; here that wrapper writes the same body as a function of the suite's own namespace instead,
// and registers it under ATTENTIONLAB_SUITE_NAME, the suite's ctest name (tests/suite_registry.h). The suites' files
// stay unchanged and still build alone.
#include <QtTest>
#include "tests/suite_registry.h"

#undef QTEST_MAIN_WRAPPER
#define QTEST_MAIN_WRAPPER(TestObject, ...)                                                             \
  static int suiteMain(int argc, char* argv[]) {                                                        \
    QT_PREPEND_NAMESPACE(QTest::Internal::callInitMain)<TestObject>();                                  \
    __VA_ARGS__                                                                                         \
    TestObject tc;                                                                                      \
    QTEST_SET_MAIN_SOURCE_PATH                                                                          \
    return QTest::qExec(&tc, argc, argv);                                                               \
  }                                                                                                     \
  [[maybe_unused]] static const bool suiteRegistered =                                                  \
      attentionlab_suites::registerSuite(ATTENTIONLAB_SUITE_NAME, &suiteMain);
