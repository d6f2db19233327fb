// The Step-through page's side of the session's library (ui/session/model_library.h): which model it walks.
//
// Every model page tells the library which model it shows (ModelLibrary::noteShown); this page listens and keeps,
// for each kind it can walk, the one shown last. A model of a kind it cannot walk (a masked LM, a bigram model)
// changes nothing here; a model the library drops is let go, so its weights can be freed.
#include "core/inference/bert_sentiment.h"
#include "core/inference/chatbot_inference.h"
#include "core/inference/imdb_transformer_inference.h"

#include <utility>

#include "ui/pages/stepper_page.h"
#include "ui/session/model_library.h"

namespace al::ui {

void StepperPage::walkShownModel(const SessionModel& shown, const QStringList& texts) {
  if (const auto encoder = shown.as<ImdbTransformerModel>()) {
    walkedIds_.encoder = shown.id;
    setTrainedModel(shown.name, encoder, trainingSeed(shown));
  } else if (const auto chatbot = shown.as<ChatbotModel>()) {
    walkedIds_.chatbot = shown.id;
    setChatbotModel(shown.name, chatbot);
  } else if (const auto transformer = shown.as<Seq2SeqTransformerModel>()) {
    walkedIds_.transformer = shown.id;
    setTransformerModel(shown.name, transformer);
  } else if (const auto languageModel = shown.as<CausalLmModel>()) {
    walkedIds_.languageModel = shown.id;
    setLanguageModel(shown.name, languageModel, texts);
  } else if (const auto gpt2 = shown.as<PretrainedGpt2>()) {
    walkedIds_.pretrained = shown.id;
    setPretrainedModel(shown.name, gpt2);
  } else if (const auto bert = shown.as<PretrainedBert>()) {
    walkedIds_.pretrained = shown.id;
    setPretrainedModel(shown.name, bert);
  } else if (const auto sentiment = shown.as<BertSentimentModel>()) {
    walkedIds_.pretrained = shown.id;  // its BERT walks: the head's weights stay alive with it
    setPretrainedModel(shown.name, std::shared_ptr<const PretrainedBert>(sentiment, &sentiment->encoder));
  }
}

void StepperPage::forgetModel(int libraryId) {
  // True once for the kind that walks model `libraryId`, which then walks none (0: the library never gives it out).
  const auto letGo = [libraryId](int& walkedId) { return walkedId == libraryId && std::exchange(walkedId, 0) != 0; };
  if (letGo(walkedIds_.encoder)) setTrainedModel(QString(), nullptr, std::nullopt);
  if (letGo(walkedIds_.chatbot)) setChatbotModel(QString(), nullptr);
  if (letGo(walkedIds_.transformer)) setTransformerModel(QString(), nullptr);
  if (letGo(walkedIds_.languageModel)) setLanguageModel(QString(), nullptr);
  if (letGo(walkedIds_.pretrained)) setPretrainedModel(QString(), PretrainedModelRef{});
}

}  // namespace al::ui
