// Compiles the test suites' precompiled header once (tests/CMakeLists.txt); the suites reuse it.
