#pragma once
// The model kinds of the catalogue (core/catalogue/model_catalogue.h) and their built-in corpora as a person reads
// them, in the interface's language: "IMDB Transformer", "Built-in Chinese reviews (offline)". Keyed by the
// catalogue's text keys, never by task names; built anew on every call, so a language switched live is followed.
// A new model kind adds its title and description here.
#include <QString>

namespace al {
struct AnyModel;
struct ModelKind;
enum class DataKind;
}  // namespace al

namespace al::ui {

QString kindTitle(const ModelKind& kind);        // "IMDB Transformer"
QString kindDescription(const ModelKind& kind);  // what it is, in one sentence
// A model kind's title by task name (a model of a task this version does not know: the name as it is).
QString kindTitle(const std::string& task);
// A pretrained model's sizes ("pretrained BERT: 30522 words, up to 512 tokens, 12 layers of 12 heads, width 768"),
// or those of the BERT a sentiment head reads; empty for a model of another kind.
QString pretrainedDescription(const AnyModel& model);
// A built-in corpus by its key ("reviews-zh"): "Built-in Chinese reviews (offline)".
QString corpusTitle(const std::string& key);
// What the data card adds about a built-in corpus made for one lesson (empty for the others).
QString corpusNote(const std::string& key);
// The open-data dialog's filter for a kind of data.
QString dataFileFilter(DataKind data);

}  // namespace al::ui
