#pragma once
// A model that writes on from a prompt, one token at a time, whatever its kind: a pretrained GPT-2 (through its
// key/value cache) or the app's own causal-lm (re-reading its window of the last S tokens). What the Generate page
// holds, so that it shows both the same way.
//
//   std::shared_ptr<const TextWriter> w = textWriterOf(model);    // null: the model cannot generate
//   auto reader = w->reader();
//   NextTokenPass p = reader->read(w->encode("Once upon"));         // the prompt
//   p = reader->read({chosen});                                     // then one token at a time
//   Generation g = generate(*w, "Once upon", settings);            // or all of it: generate's sampling loop
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/inference/any_model.h"
#include "core/tensor.h"

namespace al {

// What one read gives: the scores of the next token, and how the newest token weighed the tokens it saw.
struct NextTokenPass {
  RowVector logits;                               // 1 x V
  std::vector<std::vector<RowVector>> attention;  // [layer][head], 1 x T over the tokens seen
  size_t firstSeen = 0;                           // the index in the sequence of the first token seen (a sliding
                                                  // window starts later than 0)
};

class TextWriter {
 public:
  virtual ~TextWriter() = default;
  // The prompt's ids. InputError for a prompt the tokenizer refuses.
  virtual std::vector<int64_t> encode(std::string_view prompt) const = 0;
  // The prompt as generate reads it: its tokens (GPT-2: as the vocabulary writes them; the app's model: as the text
  // has them, an unknown word as typed) and ids. InputError for a prompt without tokens or longer than maxTokens().
  struct Prompt {
    std::vector<std::string> tokens;
    std::vector<int64_t> ids;
  };
  virtual Prompt prompt(std::string_view text) const = 0;
  // The ids as text, together (a byte-level piece may hold part of a character).
  virtual std::string decode(std::span<const int64_t> ids) const = 0;
  // The vocabulary's string of an id ("Ġthe", "[EOS]").
  virtual std::string piece(int64_t id) const = 0;
  // The longest sequence it can read (GPT-2: its positions); 0: no limit (the window slides).
  virtual size_t maxTokens() const = 0;
  virtual int layers() const = 0;
  virtual int heads() const = 0;
  virtual int vocabularySize() const = 0;
  virtual int window() const = 0;  // the most tokens one pass sees (GPT-2: its positions)
  // Transformer-XL's memory: the earlier positions each layer also reads (0: none, as GPT-2).
  virtual int memory() const { return 0; }

  // The state of one sequence; not thread-safe, used by one thread at a time.
  class Reader {
   public:
    virtual ~Reader() = default;
    // Appends `ids` to what was read and returns the next token's pass. InputError past maxTokens().
    virtual NextTokenPass read(std::span<const int64_t> ids) = 0;
    virtual size_t length() const = 0;  // tokens read so far
  };
  virtual std::unique_ptr<Reader> reader() const = 0;
};

// The writer of a model that can generate (sharing its snapshot), or null.
std::shared_ptr<const TextWriter> textWriterOf(const AnyModel& model);

// generate (contract: pretrained.md): settings.maxNewTokens tokens after the prompt, each chosen by the sampling
// settings (temperature 0: greedy) from one read of the writer; fewer when the model's positions are full (GPT-2).
// Each step's probability and best candidates; the generated text decoded. InputError as Writer::prompt.
Generation generate(const TextWriter& writer, std::string_view prompt, const GenerationSettings& settings);

}  // namespace al
