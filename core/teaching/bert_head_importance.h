#pragma once
// "Which heads matter?" for a sentiment head on BERT (core/inference/bert_sentiment.h): its accuracy on labelled
// reviews with every head of its BERT on, and with each head alone switched off, as headImportance
// (core/teaching/head_importance.h) measures the IMDB classifier. A switched-off head's output is set to zero.
//
// Each of the L·H + 1 settings reads every review through the whole BERT: 145 passes over the reviews for BERT
// base, a few minutes per 100 reviews on a laptop, so a small sample (eval --samples) is the usual way.
//
// Dimension key (core/tensor.h): L layers, H heads of BERT.
#include <span>
#include <vector>

#include "core/data/labeled_text.h"
#include "core/inference/bert_sentiment.h"
#include "core/teaching/head_importance.h"

namespace al::teaching {

// Evaluates `reviews` once with every head on and once per head switched off, in the current oneTBB arena.
// progress as headImportance's (false cancels: RunError, kind Cancelled). InputError naming the review's origin for
// a review BERT cannot read.
HeadImportance bertHeadImportance(const BertSentimentModel& model, std::span<const LabeledText* const> reviews,
                                  const HeadImportanceProgress& progress = {});

}  // namespace al::teaching
