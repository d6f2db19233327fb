// Core headers first: Qt's `emit` macro must not reach them.
#include "core/catalogue/model_catalogue.h"
#include "core/inference/pretrained_shape.h"

#include "ui/text/kind_texts.h"

#include <QCoreApplication>

namespace al::ui {

namespace {

// The translation context of these texts (they belong to no widget).
class KindTexts {
  Q_DECLARE_TR_FUNCTIONS(KindTexts)
};

struct KindText {
  const char* key;
  QString title;
  QString description;
};

std::vector<KindText> kindTexts() {
  return {
      {"imdb", KindTexts::tr("IMDB Transformer"),
       KindTexts::tr("Classify movie reviews as positive or negative with a Transformer encoder")},
      {"bigram", KindTexts::tr("Bag-of-bigrams"),
       KindTexts::tr("The baseline: the same reviews as a bag of words and word pairs, order forgotten")},
      {"chatbot-gru", KindTexts::tr("Chatbot"),
       KindTexts::tr("A GRU encoder-decoder with additive attention that answers questions (or translates)")},
      {"chatbot-transformer", KindTexts::tr("Transformer chatbot"),
       KindTexts::tr("An encoder-decoder Transformer that answers questions (or translates)")},
      {"mlm", KindTexts::tr("Masked language model (BERT)"),
       KindTexts::tr("Pre-train the IMDB encoder by guessing hidden words from both sides; labels are not used")},
      {"lm", KindTexts::tr("Language model (GPT)"),
       KindTexts::tr("A small GPT-style decoder that learns to write like its text, one character (or word) after "
                     "another, each position predicting the next")},
      {"bert", KindTexts::tr("Pretrained BERT"),
       KindTexts::tr("A published BERT encoder read from a Hugging Face folder: its attention, its guesses for hidden "
                     "words and whether one sentence follows another; its own weights stay as published (a sentiment "
                     "head on it can fine-tune a copy of its top layers)")},
      {"gpt2", KindTexts::tr("Pretrained GPT-2"),
       KindTexts::tr("A published GPT-2 read from a Hugging Face folder: it continues a text one token at a time, "
                     "and shows its causal attention; read only, never trained here")},
      {"bert-sentiment", KindTexts::tr("Sentiment head on BERT"),
       KindTexts::tr("A pretrained BERT with a sentiment head trained here on its [CLS] state, BERT frozen or its top "
                     "layers fine-tuned with the head: transfer from pre-training to a few labelled reviews")},
  };
}

}  // namespace

QString kindTitle(const ModelKind& kind) {
  for (const KindText& text : kindTexts())
    if (kind.textKey == text.key) return text.title;
  return QString::fromStdString(kind.task);
}

QString kindDescription(const ModelKind& kind) {
  for (const KindText& text : kindTexts())
    if (kind.textKey == text.key) return text.description;
  return {};
}

QString kindTitle(const std::string& task) {
  const ModelKind* kind = findModelKind(task);
  return kind ? kindTitle(*kind) : QString::fromStdString(task);
}

QString pretrainedDescription(const AnyModel& model) {
  const std::optional<PretrainedShape> shape = pretrainedShapeOf(model);
  if (!shape) return {};
  const int layers = static_cast<int>(shape->layers);
  switch (shape->family) {
    case PretrainedShape::Family::Bert:
      return KindTexts::tr("pretrained BERT: %1 words, up to %2 tokens, %n layer(s) of %3 heads, width %4", "", layers)
          .arg(shape->vocabulary)
          .arg(shape->positions)
          .arg(shape->heads)
          .arg(shape->width);
    case PretrainedShape::Family::SentimentHead:
      return KindTexts::tr("a sentiment head on BERT %1: reads up to %2 tokens, %n layer(s) of %3 heads, width %4", "",
                           layers)
          .arg(QString::fromStdString(shape->base))
          .arg(shape->positions)
          .arg(shape->heads)
          .arg(shape->width);
    case PretrainedShape::Family::Gpt2:
      return KindTexts::tr("pretrained GPT-2: %1 words, up to %2 tokens, %n layer(s) of %3 heads, width %4", "", layers)
          .arg(shape->vocabulary)
          .arg(shape->positions)
          .arg(shape->heads)
          .arg(shape->width);
  }
  return {};
}

QString corpusTitle(const std::string& key) {
  if (key == "reviews") return KindTexts::tr("Built-in reviews (offline)");
  if (key == "reviews-zh") return KindTexts::tr("Built-in Chinese reviews (offline)");
  if (key == "dialogs") return KindTexts::tr("Built-in dialogs (offline)");
  if (key == "translate") return KindTexts::tr("Built-in English → Spanish (offline)");
  if (key == "dialogs-zh") return KindTexts::tr("Built-in Chinese dialogs (offline)");
  if (key == "translate-zh") return KindTexts::tr("Built-in Chinese → English (offline)");
  if (key == "text") return KindTexts::tr("Built-in English text: reviews (offline)");
  if (key == "text-zh") return KindTexts::tr("Built-in Chinese text: reviews (offline)");
  if (key == "quotes") return KindTexts::tr("English quotations (Debian's fortunes)");
  if (key == "poems-zh") return KindTexts::tr("Tang and Song poems (Debian's fortunes-zh)");
  if (key == "long-range") return KindTexts::tr("Built-in long-range text: names and numbers repeated later (offline)");
  if (key == "referent-zh") return KindTexts::tr("Built-in Chinese sentences: what does 它 refer to? (offline)");
  return QString::fromStdString(key);
}

QString corpusNote(const std::string& key) {
  if (key == "referent-zh")
    return KindTexts::tr("Made so that attention must find the referent: in every sentence, such as "
                         "小明把书包忘在教室，它很沉。, the word after 它很 is a property of the noun 它 refers to (the "
                         "verb says which: the object or the place), and the other noun is a distractor. Without the "
                         "referent each of its 4 possible words is equally likely (25 %). The test sentences pair "
                         "nouns never paired in training. The model guesses the decisive word at 很, the token "
                         "before it.");
  return {};
}

QString dataFileFilter(DataKind data) {
  switch (data) {
    case DataKind::Reviews: return KindTexts::tr("Reviews (*.tar.gz *.tgz *.csv *.tsv *.txt);;All files (*)");
    case DataKind::Dialogs: return KindTexts::tr("Dialogs: question<TAB>answer lines (*.txt *.tsv);;All files (*)");
    case DataKind::Text: return KindTexts::tr("UTF-8 text (*.txt);;All files (*)");
  }
  return {};
}

}  // namespace al::ui
