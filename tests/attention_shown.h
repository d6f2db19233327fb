#pragma once
// The Attention page reads a sentence on a worker thread and draws its maps over a few turns of the event loop: a
// test waits until what it asked for last (sentence and model) is on the page before it looks.
#include <QTest>

#include "tests/wait_budget.h"
#include "ui/pages/attention_page.h"

namespace al::test {

inline bool attentionShown(const al::ui::AttentionPage& page) {
  return QTest::qWaitFor([&] { return !page.isComputingAttention(); }, waitBudgetMs(20000));
}

}  // namespace al::test
