#include "ui/session/background_jobs.h"

#include <QThread>

#include <algorithm>

namespace al::ui {

QThreadPool* backgroundJobs() {
  // Destroyed at exit as Qt's global pool is, waiting for a job still running (a model being saved ends whole).
  static QThreadPool pool;
  static const bool configured = [] {
    pool.setObjectName(QStringLiteral("backgroundJobs"));
    pool.setMaxThreadCount(std::max(2, QThread::idealThreadCount()));
    return true;
  }();
  (void)configured;
  return &pool;
}

}  // namespace al::ui
