// The vocabulary viewer and the example sentences: the model bar offers sentences the model knows every word of
// and puts a picked one into the page's input; the viewer finds a word's id, frequency and whether the model knows
// it, lists the unknown words of a typed sentence, and says "not known" for the frequencies of a vocabulary read
// from a file instead of inventing them.
#include "core/data/imdb_sources.h"
#include "core/inference/imdb_transformer_inference.h"
#include "core/inference/model_words.h"

#include <QtTest>

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableView>
#include <QToolButton>

#include "ui/pages/attention_page.h"
#include "ui/pages/stepper_page.h"
#include "ui/widgets/model_bar.h"
#include "ui/widgets/vocabulary_dialog.h"

using namespace al;
using namespace al::ui;

namespace {

// A small untrained classifier whose vocabulary is built, as a run builds it, from the built-in reviews.
std::shared_ptr<const ImdbTransformerModel> builtinReviewModel(bool countsKnown = true) {
  std::vector<std::vector<std::string>> tokenized;
  for (const LabeledText& t : loadImdbSource("builtin", {}, 1337).train) tokenized.push_back(tokenizeImdb(t.text));
  Vocabulary vocabulary = Vocabulary::build(tokenized, 1000);
  if (!countsKnown) vocabulary = Vocabulary::fromTokens(vocabulary.tokens());  // as read from vocab.txt
  auto m = std::make_shared<ImdbTransformerModel>();
  m->model = std::make_unique<TransformerClassifier>(
      TransformerConfig{.vocabSize = static_cast<int>(vocabulary.size()), .sequenceLength = 64, .embedDim = 8,
                        .numHeads = 2, .keyDim = 4, .denseDim = 8, .numLayers = 1, .position = PositionKind::Learned,
                        .dropout = 0});
  m->model->initialize(3);
  m->vocabulary = std::move(vocabulary);
  return m;
}

QString cell(QTableView* table, int row, int column) {
  return table->model()->index(row, column).data().toString();
}

}  // namespace

class TestVocabularyViewer : public QObject {
  Q_OBJECT
 private slots:
  void anExamplePicksIntoTheInput() {
    AttentionPage page;
    auto* bar = page.findChild<ModelBar*>();
    QVERIFY(bar);
    QVERIFY(!bar->examplesButton()->isEnabled());  // no model yet
    QVERIFY(!bar->vocabularyButton()->isEnabled());
    const auto model = builtinReviewModel();
    page.addModel("built-in words", model);
    const QStringList examples = bar->examples();
    QCOMPARE(examples.size(), 8);
    const ModelWords words = modelWords(model);
    for (const QString& sentence : examples) QVERIFY2(knowsEveryWord(words, sentence.toStdString()), qPrintable(sentence));
    QVERIFY(bar->examplesButton()->isEnabled());
    const QList<QAction*> actions = bar->examplesButton()->menu()->actions();
    auto picked = std::find_if(actions.begin(), actions.end(), [&](QAction* a) { return a->text() == examples[2]; });
    QVERIFY(picked != actions.end());
    (*picked)->trigger();
    QCOMPARE(page.findChild<QPlainTextEdit*>("sentenceEdit")->toPlainText(), examples[2]);
  }

  void theViewerFindsIdFrequencyAndKnown() {
    AttentionPage page;
    const auto model = builtinReviewModel();
    page.addModel("built-in words", model);
    auto* bar = page.findChild<ModelBar*>();
    QTest::mouseClick(bar->vocabularyButton(), Qt::LeftButton);
    auto* dialog = page.findChild<VocabularyDialog*>();
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    QTableView* table = dialog->table();
    QCOMPARE(table->model()->rowCount(), int(model->vocabulary.size()));  // nothing typed: every entry

    QTest::keyClicks(dialog->searchBox(), "Plot");
    const int plot = model->vocabulary.id("plot");
    QVERIFY(plot > 1);
    QCOMPARE(cell(table, 0, 0), QString::number(plot));
    QCOMPARE(cell(table, 0, 1), QString("plot"));
    QCOMPARE(cell(table, 0, 2), QLocale().toString(qulonglong(*model->vocabulary.count(plot))));
    QVERIFY(*model->vocabulary.count(plot) > 10);
    QCOMPARE(cell(table, 0, 3), VocabularyDialog::tr("yes"));
    QVERIFY(dialog->summary()->text().contains(QString::number(plot)));

    dialog->searchBox()->clear();
    QTest::keyClicks(dialog->searchBox(), "zebra");
    QCOMPARE(cell(table, 0, 1), QString("zebra"));
    QCOMPARE(cell(table, 0, 3), VocabularyDialog::tr("no"));
    QVERIFY(cell(table, 0, 0).startsWith("1"));  // read as [UNK]
    QVERIFY(dialog->summary()->text().contains("[UNK]"));

    dialog->search("The plot, the zebra and the giraffe!");
    QCOMPARE(table->model()->rowCount(), 7);  // the words as the keras tokenizer reads them
    QCOMPARE(cell(table, 4, 1), QString("and"));
    QVERIFY(dialog->summary()->text().contains("zebra, giraffe"));
  }

  void frequenciesOfAVocabularyFileAreNotKnown() {
    AttentionPage page;
    const auto model = builtinReviewModel(false);
    page.addModel("opened", model);
    page.findChild<ModelBar*>()->showVocabulary();
    auto* dialog = page.findChild<VocabularyDialog*>();
    QVERIFY(dialog);
    dialog->search("plot");
    QCOMPARE(cell(dialog->table(), 0, 1), QString("plot"));
    QCOMPARE(cell(dialog->table(), 0, 2), VocabularyDialog::tr("not known"));
    QCOMPARE(cell(dialog->table(), 0, 3), VocabularyDialog::tr("yes"));
  }

  void theStepperOffersTheModelsExamples() {
    StepperPage page;
    const int before = page.sentenceBox()->count();
    const QString typed = page.sentence();
    const auto model = builtinReviewModel();
    page.setModel("built-in words", anyModelOf<ImdbTransformerModel>(model));
    QVERIFY(page.sentenceBox()->count() > before);
    QVERIFY(knowsEveryWord(modelWords(model), page.sentenceBox()->itemText(before).toStdString()));
    QCOMPARE(page.sentence(), typed);  // offering examples leaves the sentence alone
  }
};

QTEST_MAIN(TestVocabularyViewer)
#include "test_vocabulary_viewer.moc"
