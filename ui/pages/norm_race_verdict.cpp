// The race's verdict (ui/pages/norm_race.h): the result, how well training carried over to held-out reviews,
// who won or whether it is a draw (the arithmetic is core/teaching/accuracy_comparison.h), and what that says about
// the source text's claim.
// Core headers first: Qt's `emit` macro must not reach them.
#include "core/teaching/accuracy_comparison.h"

#include "ui/pages/norm_race.h"
#include "ui/pages/race_format.h"

#include <cmath>

#include <QLabel>
#include <QLocale>

namespace al::ui {
using race::count;
using race::kSideColour;
using race::percent;

// ---------------------------------------------------------------------------------------------------------------
// The verdict

namespace {

QString capitalized(const QString& text) { return text.left(1).toUpper() + text.mid(1); }

}  // namespace

QString NormRace::verdict() const {
  // Who is ahead on the test reviews, and whether that could be luck (core/teaching/accuracy_comparison.h).
  const teaching::AccuracyComparison c =
      teaching::compareAccuracies(testAccuracy(Side::Layer), testAccuracy(Side::Batch), testSamples(Side::Layer));
  const Side winner = c.firstAhead ? Side::Layer : Side::Batch;
  return resultText() + carryOverText() + winnerText(winner, c.clear, c.difference, c.wobble, c.samples) +
         claimText(winner, c.clear);
}

// The two test accuracies, and the best validation accuracy of each history.
QString NormRace::resultText() const {
  return tr("<b>Result on %1 test reviews</b> (never seen in training), after %2 epochs each: "
            "<b style='color:%3'>layer norm %4</b>, <b style='color:%5'>batch norm %6</b> right "
            "(best validation accuracy %7 and %8).<br>")
      .arg(count(static_cast<double>(testSamples(Side::Layer))))
      .arg(epochs())
      .arg(kSideColour[0].name(), percent(testAccuracy(Side::Layer)), kSideColour[1].name(),
           percent(testAccuracy(Side::Batch)))
      .arg(percent(bestValidationAccuracy(history(Side::Layer))),
           percent(bestValidationAccuracy(history(Side::Batch))));
}

// Training accuracy (with batch statistics, for batch norm) against held-out accuracy (with the moving averages):
// how well what each model does while training carries over to reviews it does not train on.
QString NormRace::carryOverText() const {
  const EpochEvent& layer = history(Side::Layer).back();
  const EpochEvent& batch = history(Side::Batch).back();
  const double layerDrop = layer.accuracy - layer.valAccuracy;
  const double batchDrop = batch.accuracy - batch.valAccuracy;
  if (!std::isfinite(layerDrop) || !std::isfinite(batchDrop)) return {};  // no validation split
  QString text = tr("In the last epoch, layer norm got %1 of its training batches right and %2 of the held-out "
                    "validation reviews; batch norm %3 and %4. ")
                     .arg(percent(layer.accuracy), percent(layer.valAccuracy), percent(batch.accuracy),
                          percent(batch.valAccuracy));
  if (batchDrop > layerDrop + 0.01)
    text += tr("Batch norm loses more between the two. One reason: in training it normalizes with the current "
               "batch's statistics, on new reviews with averages collected during training, and they are not the "
               "same. ");
  return text + QStringLiteral("<br>");
}

QString NormRace::winnerText(Side winner, bool clear, double difference, double wobble, double reviews) const {
  const QString points = QLocale().toString(100 * std::abs(difference), 'f', 1);
  const QString more = count(std::abs(difference) * reviews);
  // The wobble covers the choice of test reviews, not the luck of training (first weights, batch order):
  // on real IMDB another seed moves each accuracy by about a point, so one race is one throw of the dice.
  if (clear)
    return tr("<b>%1 won</b> by %2 percentage points: it classified %3 more of the %4 reviews correctly (race "
              "again with another seed to see whether the lead holds). ")
        .arg(capitalized(name(winner)), points, more, count(reviews));
  return tr("<b>A draw</b>: %1 is ahead by %2 points (%3 reviews), but results measured on %4 reviews wobble by "
            "about ±%5 points by chance alone, so this gap could be luck. ")
      .arg(name(winner), points, more, count(reviews), QLocale().toString(200 * wobble, 'f', 1));
}

// What the result says about the source text's claim, and what to try next.
QString NormRace::claimText(Side winner, bool clear) const {
  if (clear && winner == Side::Layer)
    return tr("This agrees with the claim. Batch norm averages each feature over all the words of the batch, so "
              "a review's numbers depend on which other reviews (long or short) share its batch, and at test time "
              "it must fall back on averages collected during training. Layer norm normalizes each word's vector "
              "on its own, the same way in training and in testing.");
  const QString next = dataSource_ == QLatin1String("builtin")
                           ? tr("Try the classroom preset on the real IMDB archive.")
                           : tr("Try more epochs, or another seed to see how much the result moves.");
  if (clear)
    return tr("This goes against the claim, on this data and budget. The claim is a rule of thumb: batch "
              "statistics over many words can work when batches are large and reviews alike; the trouble grows "
              "with small batches, very different lengths and the gap between training and test statistics. ") +
           next;
  return tr("On this data and budget the race does not show the difference the claim predicts: both "
            "normalizations learned the task. The claim is about harder conditions: real reviews of very "
            "different lengths, small batches, longer training. ") +
         next;
}

}  // namespace al::ui
