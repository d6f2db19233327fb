#pragma once
// Example sentences from the grammars of the built-in corpora, to offer a person something to type that a model
// trained on such a corpus can read word for word:
//   reviews ("builtin", "builtin:zh")        short generated reviews     "The acting was superb."
//   dialogs ("builtin", "builtin:zh")        questions of the written conversations    "how are you ?"
//   translations ("builtin:translate", "builtin:translate-zh")   generated source sentences   "the red car"
// The same seed gives the same sentences.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/text/tokenizer.h"

namespace al {

// The built-in corpora a kind of task trains on (the names of cli.md's --data): review corpora for classifiers
// and masked-lm, dialog corpora for seq2seq.
std::vector<std::string> builtinCorpora(TextTask task);

// `count` sentences of one of those corpora (fewer if the corpus has fewer), shortest reviews first.
// Throws al::InputError for a corpus that is not one of builtinCorpora(task).
std::vector<std::string> builtinExampleSentences(TextTask task, const std::string& corpus, uint64_t seed, size_t count);

}  // namespace al
