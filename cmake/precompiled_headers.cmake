# Precompiled headers. Most of a file's compile time was spent parsing the same large headers (the standard
# library, Eigen, nlohmann-json, Qt Widgets, Qt Test) again for each file; a precompiled header parses them once
# per target. Each list holds only headers that most files of that kind include anyway, so a file's meaning never
# depends on it (every file still includes what it uses and compiles without: ATTENTIONLAB_PCH=OFF).
set(ATTENTIONLAB_PCH_CORE
  <algorithm> <cmath> <cstdint> <filesystem> <functional> <memory> <optional> <span> <string> <string_view>
  <vector> <Eigen/Core> <nlohmann/json.hpp>)
# oneTBB's headers come before any of Qt's in a list that has both: Qt's `emit` macro breaks them, so a file that
# includes them (core/parallel.h does) after a precompiled header with Qt's headers would not compile.
set(ATTENTIONLAB_PCH_TBB <oneapi/tbb/blocked_range.h> <oneapi/tbb/parallel_for.h> <oneapi/tbb/task_arena.h>)
set(ATTENTIONLAB_PCH_GUI ${ATTENTIONLAB_PCH_CORE} ${ATTENTIONLAB_PCH_TBB}
  <QComboBox> <QHBoxLayout> <QLabel> <QObject> <QPushButton> <QString> <QStringList> <QVBoxLayout> <QWidget>
  <qcustomplot.h>)
set(ATTENTIONLAB_PCH_TEST_CORE ${ATTENTIONLAB_PCH_CORE} ${ATTENTIONLAB_PCH_TBB} <QtTest>)
set(ATTENTIONLAB_PCH_TEST_GUI ${ATTENTIONLAB_PCH_GUI} <QtTest>)

# attentionlab_precompile(TARGET KIND): TARGET's files get the precompiled header of KIND (CORE, GUI, TEST_CORE,
# TEST_GUI).
function(attentionlab_precompile target kind)
  if(ATTENTIONLAB_PCH)
    target_precompile_headers(${target} PRIVATE ${ATTENTIONLAB_PCH_${kind}})
  endif()
endfunction()

# The test suites: one precompiled header per kind is built once, by a small carrier target, and reused by every
# suite of that kind (REUSE_FROM), instead of once per suite.
function(attentionlab_test_precompile target kind)
  if(NOT ATTENTIONLAB_PCH)
    return()
  endif()
  set(carrier attentionlab_pch_${kind})
  if(NOT TARGET ${carrier})
    message(FATAL_ERROR "attentionlab_test_precompile: no carrier ${carrier}")
  endif()
  target_precompile_headers(${target} REUSE_FROM ${carrier})
endfunction()
