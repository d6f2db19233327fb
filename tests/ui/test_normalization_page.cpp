// The Normalization page shows what layer and batch normalization compute. Every number is checked against
// the formula worked out here by hand, in double precision, independently of the core:
//   layer norm: per row,     (x - mean_row) / sqrt(var_row + eps)       (biased variance)
//   batch norm: per column,  (x - mean_col) / sqrt(var_col + eps)       (training)
//               moving statistics m <- momentum*m + (1 - momentum)*batch statistic; inference uses them
#include <QtTest>

#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <cmath>
#include <vector>

#include "core/error.h"
#include "ui/widgets/export.h"
#include "ui/widgets/matrix_view.h"
#include "ui/pages/normalization_page.h"

using namespace al;
using namespace al::ui;

namespace {

using Rows = std::vector<std::vector<double>>;

constexpr double kEpsilon = 0.001;  // the page's default

Rows toRows(const Matrix& m) {
  Rows out(static_cast<size_t>(m.rows()), std::vector<double>(static_cast<size_t>(m.cols())));
  for (Index r = 0; r < m.rows(); ++r)
    for (Index c = 0; c < m.cols(); ++c) out[size_t(r)][size_t(c)] = m(r, c);
  return out;
}

double meanOf(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return s / static_cast<double>(v.size());
}

double biasedVarianceOf(const std::vector<double>& v) {
  const double m = meanOf(v);
  double s = 0;
  for (double x : v) s += (x - m) * (x - m);
  return s / static_cast<double>(v.size());
}

std::vector<double> column(const Rows& x, size_t c) {
  std::vector<double> out;
  for (const auto& row : x) out.push_back(row[c]);
  return out;
}

// Hand-computed layer normalization of every row.
Rows layerNormByHand(const Rows& x, double eps) {
  Rows y = x;
  for (size_t r = 0; r < x.size(); ++r) {
    const double m = meanOf(x[r]), v = biasedVarianceOf(x[r]);
    for (size_t c = 0; c < x[r].size(); ++c) y[r][c] = (x[r][c] - m) / std::sqrt(v + eps);
  }
  return y;
}

// Hand-computed normalization of every column with the given per-column mean and variance.
Rows normalizeColumns(const Rows& x, const std::vector<double>& mean, const std::vector<double>& variance, double eps) {
  Rows y = x;
  for (size_t r = 0; r < x.size(); ++r)
    for (size_t c = 0; c < x[r].size(); ++c) y[r][c] = (x[r][c] - mean[c]) / std::sqrt(variance[c] + eps);
  return y;
}

std::vector<double> columnMeans(const Rows& x) {
  std::vector<double> out;
  for (size_t c = 0; c < x.front().size(); ++c) out.push_back(meanOf(column(x, c)));
  return out;
}

std::vector<double> columnVariances(const Rows& x) {
  std::vector<double> out;
  for (size_t c = 0; c < x.front().size(); ++c) out.push_back(biasedVarianceOf(column(x, c)));
  return out;
}

// The view holds `expected`, and the text a person reads says the same to the shown decimals.
void compareView(const MatrixView* view, const Rows& expected, double tolerance = 1e-5) {
  QCOMPARE(view->rows(), static_cast<int>(expected.size()));
  QCOMPARE(view->columns(), static_cast<int>(expected.front().size()));
  for (int r = 0; r < view->rows(); ++r) {
    for (int c = 0; c < view->columns(); ++c) {
      const double want = expected[size_t(r)][size_t(c)];
      const QString where = QString("%1 (%2, %3): shown %4, expected %5")
                                .arg(view->objectName())
                                .arg(r)
                                .arg(c)
                                .arg(view->text(r, c))
                                .arg(want, 0, 'g', 9);
      QVERIFY2(std::abs(view->value(r, c) - want) < tolerance, qPrintable(where));
      bool ok = false;
      const double shown = view->text(r, c).toDouble(&ok);
      QVERIFY2(ok, qPrintable(where));
      QVERIFY2(std::abs(shown - want) <= 0.0005 + 1e-9, qPrintable(where));
    }
  }
}

}  // namespace

class TestNormalizationPage : public QObject {
  Q_OBJECT
 private slots:
  void defaultTensorIsTheSourceTextExample() {
    NormalizationPage page;
    compareView(page.samplesView(), {{1, 2, 3}, {4, 5, 6}});
  }

  void layerNormOfDefaultTensorMatchesHandComputation() {
    NormalizationPage page;
    const Rows x = {{1, 2, 3}, {4, 5, 6}};
    compareView(page.layerOutputView(), layerNormByHand(x, kEpsilon));
    // Row statistics: mean and biased variance of each row.
    compareView(page.layerStatisticsView(), {{2, 2.0 / 3.0}, {5, 2.0 / 3.0}});
  }

  void batchNormOfDefaultTensorMatchesHandComputation() {
    NormalizationPage page;
    const Rows x = {{1, 2, 3}, {4, 5, 6}};
    const std::vector<double> mean = columnMeans(x), variance = columnVariances(x);
    QCOMPARE(mean, (std::vector<double>{2.5, 3.5, 4.5}));
    QCOMPARE(variance, (std::vector<double>{2.25, 2.25, 2.25}));
    compareView(page.batchOutputView(), normalizeColumns(x, mean, variance, kEpsilon));
    compareView(page.batchStatisticsView(), {mean, variance});
  }

  // The user types into a cell of the input grid: both outputs follow.
  void editingACellUpdatesBothOutputs() {
    NormalizationPage page;
    page.resize(1280, 720);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    const std::vector<double> before = {page.layerOutputView()->value(0, 1), page.batchOutputView()->value(0, 1)};

    QTableView* grid = page.samplesView()->table();
    grid->setCurrentIndex(grid->model()->index(0, 1));
    grid->edit(grid->model()->index(0, 1));
    auto* editor = grid->viewport()->findChild<QLineEdit*>();
    QVERIFY(editor != nullptr);
    QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(editor, "10");
    QTest::keyClick(editor, Qt::Key_Return);
    QTRY_COMPARE(page.samplesView()->value(0, 1), 10.0);  // the item view commits the editor on a queued call

    const Rows x = {{1, 10, 3}, {4, 5, 6}};
    compareView(page.samplesView(), x);
    compareView(page.layerOutputView(), layerNormByHand(x, kEpsilon));
    compareView(page.batchOutputView(), normalizeColumns(x, columnMeans(x), columnVariances(x), kEpsilon));
    QVERIFY(std::abs(page.layerOutputView()->value(0, 1) - before[0]) > 1e-3);
    QVERIFY(std::abs(page.batchOutputView()->value(0, 1) - before[1]) > 1e-3);
  }

  void textThatIsNoNumberIsRefused() {
    NormalizationPage page;
    QAbstractItemModel* cells = page.samplesView()->table()->model();
    QVERIFY(!cells->setData(cells->index(1, 2), QStringLiteral("seven")));
    QCOMPARE(page.samplesView()->value(1, 2), 6.0);
    QCOMPARE(page.samplesView()->text(1, 2), QString("6.000"));
  }

  void addingAFeatureExtendsEveryView() {
    NormalizationPage page;
    page.findChild<QSpinBox*>("featureCount")->setValue(4);
    const Rows x = {{1, 2, 3, 4}, {4, 5, 6, 8}};  // new cells count on: row r, feature c -> r*F + c + 1
    compareView(page.samplesView(), x);
    compareView(page.layerOutputView(), layerNormByHand(x, kEpsilon));
    compareView(page.batchOutputView(), normalizeColumns(x, columnMeans(x), columnVariances(x), kEpsilon));
  }

  // Inference before any training batch: moving mean 0 and variance 1, so the output is x / sqrt(1 + eps).
  // Then two training batches move the moving statistics by the momentum rule, and inference uses them.
  void inferenceUsesTheMovingAverages() {
    NormalizationPage page;
    const Rows x = {{1, 2, 3}, {4, 5, 6}};
    page.setBatchNormMode(Mode::Eval);
    compareView(page.batchOutputView(), normalizeColumns(x, {0, 0, 0}, {1, 1, 1}, kEpsilon));

    const double momentum = 0.9;
    page.setMomentum(momentum);
    std::vector<double> m = {0, 0, 0}, v = {1, 1, 1};
    for (int step = 0; step < 2; ++step) {
      page.nextBatch();
      const Rows fed = toRows(page.lastBatchView()->matrix());
      QCOMPARE(fed.size(), size_t(2));
      QVERIFY(fed != x);  // the tensor plus noise, not the tensor
      const std::vector<double> batchMean = columnMeans(fed), batchVariance = columnVariances(fed);
      for (size_t c = 0; c < 3; ++c) {
        m[c] = momentum * m[c] + (1 - momentum) * batchMean[c];
        v[c] = momentum * v[c] + (1 - momentum) * batchVariance[c];
      }
    }
    QCOMPARE(page.batchNorm().batchesSeen(), 2);
    compareView(page.movingStatisticsView(), {m, v});
    compareView(page.batchStatisticsView(), {m, v});
    compareView(page.batchOutputView(), normalizeColumns(x, m, v, kEpsilon));

    // Training mode ignores the moving averages: the batch's own statistics again.
    page.setBatchNormMode(Mode::Train);
    compareView(page.batchOutputView(), normalizeColumns(x, columnMeans(x), columnVariances(x), kEpsilon));

    page.resetMovingStatistics();
    compareView(page.movingStatisticsView(), {{0, 0, 0}, {1, 1, 1}});
  }

  // Clicking a cell outlines the row layer norm averages over and the column batch norm averages over.
  void clickingACellOutlinesBothAxes() {
    NormalizationPage page;
    QTableView* grid = page.samplesView()->table();
    grid->setCurrentIndex(grid->model()->index(1, 2));
    QCOMPARE(page.samplesView()->highlightedRows(), QList<int>{1});
    QCOMPARE(page.samplesView()->highlightedColumns(), QList<int>{2});
    QCOMPARE(page.layerOutputView()->highlightedRows(), QList<int>{1});
    QCOMPARE(page.layerStatisticsView()->highlightedRows(), QList<int>{1});
    QVERIFY(page.layerOutputView()->highlightedColumns().isEmpty());
    QCOMPARE(page.batchOutputView()->highlightedColumns(), QList<int>{2});
    QCOMPARE(page.batchStatisticsView()->highlightedColumns(), QList<int>{2});
    QVERIFY(page.batchOutputView()->highlightedRows().isEmpty());
  }

  // Default sequences: s1 = [[1,2,3],[4,5,6],[7,8,9]], s2 = [[2,4,9]], padded to 3 tokens with zero rows.
  void paddingCountedAndMaskedMatchHandComputation() {
    NormalizationPage page;
    const Rows real = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {2, 4, 9}};
    const Rows padded = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {2, 4, 9}, {0, 0, 0}, {0, 0, 0}};
    compareView(page.sequenceInputView(), padded);
    QVERIFY(page.sequenceInputView()->isRowMuted(4) && page.sequenceInputView()->isRowMuted(5));
    QVERIFY(!page.sequenceInputView()->isRowMuted(3));

    const std::vector<double> countedMean = columnMeans(padded), countedVariance = columnVariances(padded);
    const std::vector<double> maskedMean = columnMeans(real), maskedVariance = columnVariances(real);
    compareView(page.sequenceBatchStatisticsView(), {countedMean, countedVariance, maskedMean, maskedVariance});

    page.setPadding(teaching::Padding::Counted);
    Rows expected = normalizeColumns(padded, countedMean, countedVariance, kEpsilon);
    compareView(page.sequenceBatchOutputView(), expected);

    page.setPadding(teaching::Padding::Masked);
    expected = normalizeColumns(real, maskedMean, maskedVariance, kEpsilon);
    expected.push_back({0, 0, 0});  // padding rows are not computed
    expected.push_back({0, 0, 0});
    QCOMPARE(page.sequenceBatchOutputView()->matrix().rows(), 6);
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 3; ++c)
        QVERIFY(std::abs(page.sequenceBatchOutputView()->value(r, c) - expected[size_t(r)][size_t(c)]) < 1e-5);
    QCOMPARE(page.sequenceBatchOutputView()->text(4, 0), QString("—"));

    // Layer norm of a real token is the same whichever way padding is treated.
    const Rows layerReal = layerNormByHand(real, kEpsilon);
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 3; ++c)
        QVERIFY(std::abs(page.sequenceLayerOutputView()->value(r, c) - layerReal[size_t(r)][size_t(c)]) < 1e-5);
  }

  void changingALengthPadsAgain() {
    NormalizationPage page;
    page.findChild<QSpinBox*>("length2")->setValue(3);  // s2 grows to the longest length: no padding left
    QCOMPARE(page.sequenceInputView()->rows(), 6);
    for (int r = 0; r < 6; ++r) QVERIFY(!page.sequenceInputView()->isRowMuted(r));
    QCOMPARE(page.sequenceInputView()->value(3, 2), 9.0);  // the old token kept
    QCOMPARE(page.sequenceInputView()->value(4, 0), 4.0);  // a new one counting on: t*F + c + 1
    const Rows x = toRows(page.sequenceInputView()->matrix());
    compareView(page.sequenceBatchStatisticsView(),
                {columnMeans(x), columnVariances(x), columnMeans(x), columnVariances(x)});
  }

  void exportWritesPictureFiles() {
    NormalizationPage page;
    page.resize(1280, 720);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    exportWidget(&page, dir.filePath("page.png"));
    const QImage png(dir.filePath("page.png"));
    QVERIFY(!png.isNull());
    QCOMPARE(png.size(), page.size() * 2);  // twice the pixels: sharp on slides and paper

    exportWidget(page.layerOutputView(), dir.filePath("grid.svg"));
    QFile svg(dir.filePath("grid.svg"));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    const QByteArray svgText = svg.readAll();
    QVERIFY(svgText.contains("<svg"));
    QVERIFY(svgText.contains(page.layerOutputView()->text(0, 0).toUtf8()));  // the numbers are text, not pixels

    exportWidget(&page, dir.filePath("page.pdf"));
    QFile pdf(dir.filePath("page.pdf"));
    QVERIFY(pdf.open(QIODevice::ReadOnly));
    QVERIFY(pdf.read(5) == "%PDF-");
    QVERIFY(pdf.size() > 1000);

    QVERIFY_THROWS_EXCEPTION(al::InputError, exportWidget(&page, dir.filePath("page.bmp")));
  }

  void csvQuotesWhatItMust() {
    QTemporaryDir dir;
    const QString path = dir.filePath("numbers.csv");
    QVERIFY(writeCsv(path, {"view", "value"}, {{"mean, padding counted", "1.5"}, {"say \"hi\"", "-2"}}));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(file.readAll()),
             QString("view,value\n\"mean, padding counted\",1.5\n\"say \"\"hi\"\"\",-2\n"));
    QVERIFY(!writeCsv(dir.filePath("no/such/folder/x.csv"), {"a"}, {}));
  }

  void matrixViewCsvHasLabelsAndFullPrecision() {
    MatrixView view;
    Matrix m(1, 2);
    m << 0.123456789f, -2;
    view.setMatrix(m, {"sample 1"}, {"feature 1", "feature 2"});
    QCOMPARE(view.csvHeader(), (QStringList{"", "feature 1", "feature 2"}));
    const auto rows = view.csvRows();
    QCOMPARE(rows.size(), size_t(1));
    QCOMPARE(rows[0][0], QString("sample 1"));
    QVERIFY(std::abs(rows[0][1].toDouble() - 0.123456789) < 1e-7);  // more than the 3 decimals shown
    QCOMPARE(view.text(0, 1), QString("-2.000"));
  }
};

QTEST_MAIN(TestNormalizationPage)
#include "test_normalization_page.moc"
