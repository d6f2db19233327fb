#pragma once
// The thread pool the app's own background work runs on: reading and saving model folders, reading a sentence's
// attention, the toy model's training, a data card, a download's set-up.
//
// Why not Qt's global pool (what QtConcurrent::run uses by default): Qt's painting borrows that pool too. A large
// image conversion or fill inside a paint event is split into segments handed to QThreadPool::globalInstance(), and
// the window's thread waits for all of them. With two cores the global pool has two threads; while one of our jobs
// held one (saving a model, reading the data card), the window's first paint of a busy bar waited 90-290 ms, and
// with both held it waited 1.4 s for the job to end (attentionlab-stall, ATTENTIONLAB_STALL_ONLY=files). Our
// jobs on a pool of their own leave the global one to Qt's short paint work.
#include <QThreadPool>

namespace al::ui {

// The app's pool, made on first use: as many threads as cores, at least two (a reading and a saving can overlap).
QThreadPool* backgroundJobs();

}  // namespace al::ui
