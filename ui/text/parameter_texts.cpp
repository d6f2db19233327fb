#include "ui/text/parameter_texts.h"

#include "ui/text/language.h"

#include <map>

namespace al::ui {

namespace {

class ParameterTexts {
  Q_DECLARE_TR_FUNCTIONS(ParameterTexts)

 public:
  static std::map<QString, ParameterText> all() {
    return {
        // Training: every task
        {"epochs", {tr("Epochs"), tr("How many times the model sees the whole training data.")}},
        {"batch_size", {tr("Batch size"), tr("How many samples are averaged for one step of the weights. Larger "
                                             "batches give smoother but fewer steps.")}},
        {"learning_rate", {tr("Learning rate"), tr("How big a step the optimizer takes. Too large and the loss jumps "
                                                   "or becomes NaN; too small and nothing seems to happen.")}},
        {"optimizer", {tr("Optimizer"), tr("How the gradient becomes a step. SGD: a fixed multiple of the gradient. "
                                           "RMSprop and Adam: each weight's step is scaled by how large its recent "
                                           "gradients were.")}},
        {"optimizer.rmsprop", {tr("RMSprop"), {}}},
        {"optimizer.adam", {tr("Adam"), {}}},
        {"optimizer.sgd", {tr("SGD"), {}}},
        {"validation_split", {tr("Validation split"), tr("This fraction of the training data is held out and never "
                                                         "trained on; its accuracy tells whether the model learned or "
                                                         "memorized. 0: no validation curve.")}},
        {"shuffle", {tr("Shuffle"), tr("On: a new order of the samples every epoch. Off: the file's order every time.")}},
        {"shuffle.on", {tr("on"), {}}},
        {"shuffle.off", {tr("off"), {}}},
        {"keep", {tr("Keep"), tr("Which epoch the run keeps. best: the one with the lowest validation loss (an early "
                                 "epoch, when later ones start to memorize). last: the last epoch, however it does on "
                                 "the held-out data.")}},
        {"keep.best", {tr("best"), {}}},
        {"keep.last", {tr("last"), {}}},
        {"seed", {tr("Random seed"), tr("Decides every random choice (initial weights, order, dropout). The same seed "
                                        "and thread count repeat a run exactly.")}},
        {"threads", {tr("Threads"), tr("How many processor cores train. One is left free by default so the window "
                                       "stays quick.")}},
        {"tokenizer", {tr("Tokenizer"), tr("How text is cut into tokens. keras: the book's rules (lowercase, no "
                                           "punctuation, split on spaces). ascii: the chatbot tutorial's rules (accents "
                                           "removed, only a-z and ?.!, kept). icu_words: a dictionary of words for any "
                                           "language, Chinese and Japanese included. auto: the task's own rules, or "
                                           "icu_words when the data is mostly Chinese, Japanese or Korean.")}},
        {"tokenizer.auto", {tr("auto"), {}}},
        {"tokenizer.keras", {tr("keras"), {}}},
        {"tokenizer.ascii", {tr("ascii"), {}}},
        {"tokenizer.icu_words", {tr("icu_words"), {}}},
        {"train_limit", {tr("Training samples"), tr("Train on only this many samples (after shuffling), to see how "
                                                    "far a few labelled examples go, with or without pre-training. "
                                                    "0: all of them.")}},
        {"mask_rate", {tr("Mask rate"), tr("The share of the tokens of every sequence hidden for the model to guess "
                                           "(BERT: 15 %). Of those, 80 % become [MASK], 10 % a random word, 10 % stay.")}},
        // IMDB Transformer
        {"vocab_size", {tr("Vocabulary size"), tr("How many different words the model knows (the most frequent ones "
                                                  "of the training data). Every other word becomes [UNK].")}},
        {"sequence_length", {tr("Sequence length"), tr("A review is cut after this many words. Longer means more "
                                                       "context and slower training.")}},
        {"embed_dim", {tr("Embedding width (D)"), tr("How many numbers describe each word inside the model.")}},
        {"num_heads", {tr("Attention heads (H)"), tr("How many attention patterns each layer computes side by side; "
                                                     "each head can look for something different.")}},
        {"key_dim", {tr("Key width per head (K)"), tr("The length of the query and key vectors each head compares; "
                                                      "scores are divided by the square root of this width.")}},
        {"dense_dim", {tr("Feed-forward width (F)"), tr("The hidden width of the small two-layer network applied to "
                                                        "every word after attention.")}},
        {"num_layers", {tr("Encoder layers (L)"), tr("How many attention + feed-forward blocks are stacked.")}},
        {"position", {tr("Word position"), tr("Attention alone does not see word order. Learned: the model learns one "
                                              "vector per position. Sinusoidal: fixed sine waves of different speeds. "
                                              "None: the sentence is a bag of words, so \"not good\" and \"good, "
                                              "not\" look alike.")}},
        {"position.learned", {tr("learned"), {}}},
        {"position.sinusoidal", {tr("sinusoidal"), {}}},
        {"position.none", {tr("none"), {}}},
        {"norm", {tr("Normalization"), tr("Layer: each word's vector is normalized on its own (what Transformers "
                                          "use). Batch: each feature is normalized over all words of the batch, which "
                                          "mixes reviews of different lengths.")}},
        {"norm.layer", {tr("layer"), {}}},
        {"norm.batch", {tr("batch"), {}}},
        {"batch_norm_padding", {tr("Batch norm counts"), tr("Only with batch normalization, in training. Real words "
                                                            "only: the statistics come from the words of the batch. "
                                                            "Padding too: every review is padded to the sequence "
                                                            "length and the padding enters the statistics, as in a "
                                                            "Keras model whose batch norm no mask reaches (the "
                                                            "book's encoder).")}},
        {"batch_norm_padding.exclude", {tr("real words only"), {}}},
        {"batch_norm_padding.include", {tr("padding too (Keras)"), {}}},
        {"pooling", {tr("Pooling"), tr("How the words' vectors become one vector for the review: the largest value of "
                                       "each feature, or the average.")}},
        {"pooling.max", {tr("max"), {}}},
        {"pooling.mean", {tr("mean"), {}}},
        {"dropout", {tr("Dropout"), tr("During training, this fraction of the pooled features is set to zero at "
                                       "random, so the model cannot lean on any single one. 0 switches it off.")}},
        // Bag-of-bigrams
        {"bigram.vocab_size", {tr("Vocabulary size"), tr("How many single words and word pairs (bigrams) the model "
                                                         "knows, the most frequent of the training data.")}},
        {"hidden_units", {tr("Hidden units"), tr("The width of the one hidden layer between the bag of n-grams and "
                                                 "the answer.")}},
        {"encoding", {tr("Encoding"), tr("Multi-hot: 1 for every n-gram the review contains. TF-IDF: how often it "
                                         "occurs, weighted down for n-grams that occur in most reviews.")}},
        {"encoding.multi_hot", {tr("multi-hot"), {}}},
        {"encoding.tf_idf", {tr("TF-IDF"), {}}},
        {"bigram.dropout", {tr("Dropout"), tr("During training, this fraction of the hidden units is set to zero at "
                                              "random. 0 switches it off.")}},
        // Language model (GPT)
        {"lm.vocab_size", {tr("Vocabulary size"), tr("At most this many different tokens (characters, with the chars "
                                                     "tokenizer), the most frequent of the text. Every other one "
                                                     "becomes [UNK].")}},
        {"lm.sequence_length", {tr("Window (S)"), tr("How many tokens the model reads at once: it predicts each next "
                                                    "token from at most this many before it.")}},
        {"lm.num_layers", {tr("Decoder layers (L)"), tr("How many masked attention + feed-forward blocks are "
                                                        "stacked.")}},
        {"lm.position", {tr("Token position"), tr("Attention alone does not see order. Learned: one vector per "
                                                  "position of the window. Sinusoidal: fixed sine waves of different "
                                                  "speeds. Relative (Transformer-XL): a score depends on how far "
                                                  "apart the two tokens are, not where they are; a memory needs it.")}},
        {"position.relative", {tr("relative (Transformer-XL)"), {}}},
        {"lm.memory_length", {tr("Memory (M)"), tr("Transformer-XL: each layer also reads its own inputs at the "
                                                   "previous M positions, carried from one window to the next, so "
                                                   "the model sees further back than its window. 0: no memory. "
                                                   "Needs relative positions.")}},
        {"lm.tokenizer", {tr("Tokenizer"), tr("How text is cut into tokens. chars: every character is a token, "
                                              "Chinese and English alike, nothing removed. The word tokenizers write "
                                              "whole words, separated by spaces.")}},
        {"tokenizer.chars", {tr("chars"), {}}},
        // Chatbot
        {"chatbot.embed_dim", {tr("Embedding width (E)"), tr("How many numbers describe each word.")}},
        {"units", {tr("GRU units (U)"), tr("The size of the encoder's and decoder's memory (their GRU state).")}},
        {"attention_units", {tr("Attention units (A)"), tr("The width of the small network that scores how well each "
                                                           "question word fits the answer word being written "
                                                           "(Bahdanau attention).")}},
        {"max_length", {tr("Longest sentence"), tr("In words, <start> and <end> included; longer question-answer "
                                                   "pairs are left out.")}},
    };
  }
};

}  // namespace

ParameterText parameterText(const QString& textKey) {
  // Kept per language: after View › Language the form asks again and gets the new words.
  thread_local QString language;
  thread_local std::map<QString, ParameterText> texts;
  if (texts.empty() || language != currentLanguage()) {
    texts = ParameterTexts::all();
    language = currentLanguage();
  }
  const auto it = texts.find(textKey);
  if (it != texts.end()) return it->second;
  return {textKey.section(QLatin1Char('.'), -1), {}};
}

}  // namespace al::ui
