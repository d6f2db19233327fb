// MatrixView sizes its columns and rows by measuring one cell of each (the widest text), not every cell: the
// sizes must be the ones Qt's own sizing gives after measuring every cell, header labels, muted rows and the
// grid's smaller type included.
#include <QtTest>

#include <QHeaderView>
#include <QTableView>
#include <QTableWidget>
#include <cmath>
#include <limits>

#include "ui/widgets/matrix_view.h"

using al::ui::MatrixView;

namespace {

// A cell of the view as an item: its text, alignment and type.
QTableWidgetItem* copyOfCell(const MatrixView& view, int row, int column) {
  const QModelIndex index = view.table()->model()->index(row, column);
  auto* item = new QTableWidgetItem(index.data(Qt::DisplayRole).toString());
  item->setTextAlignment(index.data(Qt::TextAlignmentRole).value<Qt::Alignment>());
  if (index.data(Qt::FontRole).isValid()) item->setFont(index.data(Qt::FontRole).value<QFont>());
  return item;
}

// A table holding copies of the view's cells, labels and fonts, sized by Qt measuring every cell.
void expectQtsOwnSizes(const MatrixView& view) {
  const QTableView* shown = view.table();
  QTableWidget reference(view.rows(), view.columns());
  reference.setFont(shown->font());
  reference.viewport()->setFont(shown->viewport()->font());
  for (QHeaderView* header : {reference.horizontalHeader(), reference.verticalHeader()}) {
    const QHeaderView* original = header->orientation() == Qt::Horizontal ? shown->horizontalHeader() : shown->verticalHeader();
    header->setFont(original->font());
    header->viewport()->setFont(original->viewport()->font());
    header->setMinimumSectionSize(original->minimumSectionSize());
    header->setSectionResizeMode(QHeaderView::Fixed);
  }
  reference.setHorizontalHeaderLabels(view.columnLabels());
  reference.setVerticalHeaderLabels(view.rowLabels());
  for (int r = 0; r < view.rows(); ++r)
    for (int c = 0; c < view.columns(); ++c) reference.setItem(r, c, copyOfCell(view, r, c));
  reference.resizeColumnsToContents();
  reference.resizeRowsToContents();
  for (int c = 0; c < view.columns(); ++c)
    QVERIFY2(shown->columnWidth(c) == reference.columnWidth(c),
             qPrintable(QString("column %1: %2, Qt's sizing %3").arg(c).arg(shown->columnWidth(c)).arg(reference.columnWidth(c))));
  for (int r = 0; r < view.rows(); ++r)
    QVERIFY2(shown->rowHeight(r) == reference.rowHeight(r),
             qPrintable(QString("row %1: %2, Qt's sizing %3").arg(r).arg(shown->rowHeight(r)).arg(reference.rowHeight(r))));
}

// 6 x 4: column 0's longest texts are a narrow one (a minus sign is narrower than a digit) and a wide one of the
// same length, column 1 holds -∞, column 2 small numbers under a long label, column 3 the widest numbers.
al::Matrix values() {
  al::Matrix m(6, 4);
  const float inf = std::numeric_limits<float>::infinity();
  m << -1111111.125f, -inf, 0.5f, 123456789.0f,   //
      22222222.0f, 1.0f, -0.25f, -98765432.0f,    //
      3.0f, 2.0f, 0.0f, 1.0f,                     //
      -4.5f, inf, 0.125f, 7.0f,                   //
      5.0f, -3.0f, 1.0f, 2.0f,                    //
      6.0f, 4.0f, -1.0f, 3.0f;
  return m;
}

}  // namespace

class TestMatrixViewSizing : public QObject {
  Q_OBJECT
 private slots:
  void columnsAndRowsAsQtMeasuresThem() {
    MatrixView view(QStringLiteral("sizes"));
    view.setColouring(MatrixView::Colouring::Diverging);
    view.setMatrix(values(), {}, {"a", "b", "a label longer than its numbers", "d"});
    expectQtsOwnSizes(view);
    view.setDecimals(1);  // narrower numbers
    expectQtsOwnSizes(view);
  }

  void mutedRowsAreMeasuredInTheirOwnType() {
    MatrixView view;
    view.setMatrix(values());
    view.setMutedRows({4, 5}, QStringLiteral("padding, not a token"));  // italic, wider than the numbers
    expectQtsOwnSizes(view);
    view.setMutedRows({0, 1});  // italic numbers: the widest of column 0 and 3
    expectQtsOwnSizes(view);
  }

  // A page that fits its grids to a width tries one factor after another; rows muted before take the grid's
  // type again.
  void smallerTypeOfANarrowPlace() {
    MatrixView view;
    view.setMatrix(values());
    view.setMutedRows({2});
    view.setFontFactor(0.7);
    expectQtsOwnSizes(view);
    const QModelIndex muted = view.table()->model()->index(2, 0);
    QCOMPARE(muted.data(Qt::FontRole).value<QFont>().pointSizeF(), view.table()->font().pointSizeF());
    view.setMutedRows({});
    view.setFontFactor(0.5);
    expectQtsOwnSizes(view);
    QVERIFY(!view.table()->model()->index(2, 0).data(Qt::FontRole).isValid());
  }

  // A typed number wider than its column's widest widens the column; the grid is no table of items that grows by
  // itself.
  void anEditedNumberResizesItsColumn() {
    MatrixView view;
    view.setEditable(true);
    view.setMatrix(values());
    const int before = view.table()->columnWidth(2);
    QAbstractItemModel* cells = view.table()->model();
    QVERIFY(cells->setData(cells->index(0, 2), QStringLiteral("-123456789012")));
    QVERIFY(view.table()->columnWidth(2) > before);
    expectQtsOwnSizes(view);
  }

  // A grid of many numbers of every kind: signs, magnitudes, masked cells, muted rows in italic.
  void aLargeMixedGrid() {
    al::Matrix m(60, 9);  // rows x columns
    for (int r = 0; r < m.rows(); ++r)
      for (int c = 0; c < m.cols(); ++c)
        m(r, c) = static_cast<float>(std::sin(r * 7.0 + c * 3.0) * std::pow(10.0, (r + 2 * c) % 11 - 2));  // up to 1e8: wider than the narrowest column
    m(5, 3) = -std::numeric_limits<float>::infinity();
    m(9, 8) = std::numeric_limits<float>::quiet_NaN();
    MatrixView view;
    view.setColouring(MatrixView::Colouring::Diverging);
    view.setMatrix(m);
    view.setMutedRows({57, 58, 59});
    expectQtsOwnSizes(view);
    view.setDecimals(0);
    expectQtsOwnSizes(view);
  }

  void anEmptyGridAndAReshapedOne() {
    MatrixView view;
    view.setMatrix(values());
    view.setMatrix(al::Matrix());
    QCOMPARE(view.table()->model()->rowCount(), 0);
    view.setMatrix(values().topLeftCorner(2, 3));  // fewer rows and columns than the widest cells found before
    expectQtsOwnSizes(view);
  }
};

QTEST_MAIN(TestMatrixViewSizing)
#include "test_matrix_view_sizing.moc"
