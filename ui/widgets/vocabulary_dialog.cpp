// Core headers first: Qt's `emit` macro must not reach them.
#include "core/inference/model_words.h"

#include "ui/widgets/vocabulary_dialog.h"

#include <QAbstractTableModel>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QTableView>
#include <QVBoxLayout>

#include "ui/widgets/retranslate.h"

namespace al::ui {

// The rows of the table: looked-up words, in the order the search gives them.
class VocabularyTable : public QAbstractTableModel {
 public:
  using QAbstractTableModel::QAbstractTableModel;
  enum Column { Id, Word, Frequency, Known, Columns };

  void setRows(std::vector<WordLookup> rows, bool countsKnown) {
    beginResetModel();
    rows_ = std::move(rows);
    countsKnown_ = countsKnown;
    endResetModel();
  }
  int rowCount(const QModelIndex& parent = {}) const override { return parent.isValid() ? 0 : int(rows_.size()); }
  int columnCount(const QModelIndex& parent = {}) const override { return parent.isValid() ? 0 : Columns; }

  QVariant data(const QModelIndex& index, int role) const override {
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    const WordLookup& w = rows_[size_t(index.row())];
    const bool reserved = w.known && (w.id == Vocabulary::kPaddingId || w.token == std::string(kMaskToken));
    switch (index.column()) {
      case Id:
        return w.known ? QString::number(w.id) : VocabularyDialog::tr("%1 ([UNK])").arg(Vocabulary::kUnknownId);
      case Word:
        return w.id == Vocabulary::kPaddingId && w.known ? VocabularyDialog::tr("(padding)") : QString::fromStdString(w.token);
      case Frequency:
        if (!w.known) return role == Qt::ToolTipRole ? VocabularyDialog::tr("Not in the vocabulary: the model reads it as [UNK]")
                                                     : QStringLiteral("—");
        if (reserved) return VocabularyDialog::tr("reserved");
        if (w.count) return QLocale().toString(qulonglong(*w.count));
        return role == Qt::ToolTipRole && !countsKnown_
                   ? VocabularyDialog::tr("Vocabulary files store no frequencies: a model opened from a directory does "
                                          "not know them")
                   : VocabularyDialog::tr("not known");
      case Known:
        return reserved ? VocabularyDialog::tr("reserved") : w.known ? VocabularyDialog::tr("yes") : VocabularyDialog::tr("no");
      default:
        return {};
    }
  }

  QVariant headerData(int section, Qt::Orientation orientation, int role) const override {
    if (orientation != Qt::Horizontal) return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
      const QStringList titles{VocabularyDialog::tr("Id"), VocabularyDialog::tr("Word"), VocabularyDialog::tr("Frequency"),
                               VocabularyDialog::tr("Known")};
      return titles.value(section);
    }
    if (role == Qt::ToolTipRole && section == Frequency)
      return VocabularyDialog::tr("How often the word occurs in the training text the vocabulary was built from; for "
                                  "[UNK], every occurrence of the words left out");
    return {};
  }

  void retranslate() { emit headerDataChanged(Qt::Horizontal, 0, Columns - 1); }

 private:
  std::vector<WordLookup> rows_;
  bool countsKnown_ = false;
};

namespace {

// The whole vocabulary (part empty), or the other entries that contain `part`.
std::vector<WordLookup> entries(const Vocabulary& vocabulary, const std::string& part = {}) {
  std::vector<WordLookup> rows;
  for (const std::string& token : vocabulary.tokens())
    if (part.empty() || (token != part && token.find(part) != std::string::npos)) rows.push_back(lookUpToken(vocabulary, token));
  return rows;
}

QString quoted(const std::string& token) { return VocabularyDialog::tr("“%1”").arg(QString::fromStdString(token)); }

}  // namespace

VocabularyDialog::VocabularyDialog(QWidget* parent)
    : QDialog(parent), header_(new QLabel), search_(new QLineEdit), summary_(new QLabel), rows_(new VocabularyTable(this)),
      view_(new QTableView), note_(new QLabel) {
  setObjectName("vocabularyDialog");
  auto* layout = new QVBoxLayout(this);
  header_->setWordWrap(true);
  layout->addWidget(header_);
  search_->setObjectName("vocabularySearch");
  search_->setClearButtonEnabled(true);
  connect(search_, &QLineEdit::textChanged, this, &VocabularyDialog::update);
  layout->addWidget(search_);
  summary_->setObjectName("vocabularySummary");
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(summary_);
  view_->setObjectName("vocabularyTable");
  view_->setModel(rows_);
  view_->verticalHeader()->hide();
  view_->horizontalHeader()->setSectionResizeMode(VocabularyTable::Word, QHeaderView::Stretch);
  view_->setSelectionBehavior(QAbstractItemView::SelectRows);
  layout->addWidget(view_, 1);
  note_->setObjectName("hint");
  note_->setWordWrap(true);
  layout->addWidget(note_);
  resize(560, 520);
  setTranslatedTexts(this, [this] {
    setWindowTitle(tr("Vocabulary"));
    search_->setPlaceholderText(tr("Search a word, or type a sentence to see which of its words the model knows"));
    note_->setText(tr("Frequency: how often the word occurs in the training text its vocabulary was built from. A model "
                      "opened from a directory does not know it: vocabulary files store no frequencies."));
    rows_->retranslate();
    describeModel();
    update();
  });
}

VocabularyDialog::~VocabularyDialog() = default;

VocabularyDialog* VocabularyDialog::open(QWidget* anyWidgetOfTheWindow, const QString& name, const ModelWords* words) {
  QWidget* window = anyWidgetOfTheWindow->window();
  auto* dialog = window->findChild<VocabularyDialog*>(QString(), Qt::FindDirectChildrenOnly);
  if (!dialog) dialog = new VocabularyDialog(window);
  dialog->setModel(name, words);
  dialog->show();
  dialog->raise();
  dialog->activateWindow();
  return dialog;
}

void VocabularyDialog::setModel(const QString& name, const ModelWords* words) {
  name_ = name;
  words_ = words ? std::make_unique<ModelWords>(*words) : nullptr;
  describeModel();
  update();
}

void VocabularyDialog::search(const QString& text) { search_->setText(text); }

void VocabularyDialog::describeModel() {
  search_->setEnabled(words_ != nullptr);
  if (!words_) {
    header_->setText(tr("No model yet: train one or open a model directory, then open its vocabulary."));
    return;
  }
  const QString side = words_->task == TextTask::Seq2seq ? tr("the words it reads (its questions)") : tr("the words it reads");
  header_->setText(tr("<b>%1</b>: %2 entries, %3.").arg(name_.toHtmlEscaped()).arg(words_->vocabulary->size()).arg(side));
}

void VocabularyDialog::update() {
  if (!words_) {
    rows_->setRows({}, false);
    summary_->clear();
    return;
  }
  const Vocabulary& vocabulary = *words_->vocabulary;
  const QString text = search_->text().trimmed();
  std::vector<WordLookup> rows;
  if (text.isEmpty()) {
    rows = entries(vocabulary);
    summary_->setText(tr("Every entry of the vocabulary by id: ids 0 and 1 are padding and [UNK], then the words, the most frequent "
                         "first."));
  } else {
    std::vector<WordLookup> typed;
    try {
      typed = lookUpWords(*words_, text.toStdString());  // without seq2seq's <start> and <end>
    } catch (const std::exception&) {
      typed.clear();  // a text without words: said below
    }
    if (typed.empty()) {
      summary_->setText(tr("The model reads no word in this text."));
    } else if (typed.size() == 1) {
      const WordLookup& w = typed.front();
      if (!w.known)
        summary_->setText(tr("%1: the model does not know it; it reads it as [UNK] (id 1).").arg(quoted(w.token)));
      else if (w.count)
        summary_->setText(tr("%1: id %2, seen %3 times in the training text. The model knows it.")
                              .arg(quoted(w.token)).arg(w.id).arg(QLocale().toString(qulonglong(*w.count))));
      else
        summary_->setText(tr("%1: id %2 (frequency not known). The model knows it.").arg(quoted(w.token)).arg(w.id));
      rows = typed;
      for (WordLookup& other : entries(vocabulary, w.token)) rows.push_back(std::move(other));  // containing it
    } else {
      QStringList unknown;
      for (const WordLookup& w : typed)
        if (!w.known) unknown << QString::fromStdString(w.token);
      summary_->setText(unknown.isEmpty()
                            ? tr("The model knows all %1 words of this text.").arg(typed.size())
                            : tr("%1 of %2 words are unknown to the model (it reads them as [UNK]): %3")
                                  .arg(unknown.size()).arg(typed.size()).arg(unknown.join(QStringLiteral(", "))));
      rows = std::move(typed);
    }
  }
  rows_->setRows(std::move(rows), vocabulary.hasCounts());
}

}  // namespace al::ui
