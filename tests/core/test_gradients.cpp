// Finite-difference gradient checks: one data-driven test, one row per layer.
// A new layer adds a factory below and a row in gradients_data().
#include <QtTest>

#include <map>
#include <memory>

#include "core/layers/dense.h"
#include "tests/core/gradient_check.h"

using namespace al;
using namespace al::test;

namespace {

using Factory = std::function<LayerUnderTest()>;

LayerUnderTest makeDense() {
  LayerUnderTest t;
  auto layer = std::make_shared<Dense>(t.params, "dense", 5, 3);
  Rng rng(1);
  layer->initialize(t.params, rng);
  t.params.value(layer->biasSlot()).setRandom();
  t.input = randomMatrix(4, 5, rng);  // T=4 x in=5
  t.forward = [layer](const ParameterSet& p, const Matrix& x) {
    Dense::Cache c;
    return layer->forward(p, x, c);
  };
  t.backward = [layer](const ParameterSet& p, const Matrix& x, const Matrix& dy, Gradients& g) {
    Dense::Cache c;
    layer->forward(p, x, c);
    return layer->backward(p, c, dy, g);
  };
  return t;
}

const std::map<QString, Factory>& factories() {
  static const std::map<QString, Factory> table = {
      {"dense", makeDense},
  };
  return table;
}

}  // namespace

class TestGradients : public QObject {
  Q_OBJECT
 private slots:
  void gradients_data() {
    QTest::addColumn<QString>("layer");
    for (const auto& [name, factory] : factories()) QTest::newRow(name.toUtf8().constData()) << name;
  }

  void gradients() {
    QFETCH(QString, layer);
    LayerUnderTest t = factories().at(layer)();
    const auto reports = checkGradients(t);
    QVERIFY(!reports.empty());
    for (const GradientReport& r : reports) {
      const QString what = QString("%1 / %2: relative error %3").arg(layer, QString::fromStdString(r.tensor)).arg(r.relativeError);
      QVERIFY2(r.relativeError < 2e-3, qPrintable(what));
    }
  }

  // The checker itself must catch a wrong gradient, or its green means nothing.
  void checkerCatchesWrongGradient() {
    LayerUnderTest t = makeDense();
    auto correct = t.backward;
    t.backward = [correct](const ParameterSet& p, const Matrix& x, const Matrix& dy, Gradients& g) {
      Matrix dx = correct(p, x, dy, g);
      dx *= 1.1f;  // 10% off
      return dx;
    };
    const auto reports = checkGradients(t);
    QVERIFY(reports.front().tensor == "input");
    QVERIFY(reports.front().relativeError > 1e-2);
  }
};

QTEST_APPLESS_MAIN(TestGradients)
#include "test_gradients.moc"
