#pragma once
// Writing on with heads switched off (core/models/head_switches.h): a TextWriter::Reader whose every read runs the
// model again over the text so far with those heads off, so that the Generate page writes what the model writes
// without them. A GPT-2 reads the whole text (at most its positions); the app's language model its last S tokens,
// or, with a memory, the whole text segment after segment. No cache: GPT-2's key/value step and the language
// model's memory stream do not take switches, and the texts a class generates are short.
//
//   auto reader = switchedReader(model, switches);   // null: the model cannot generate
//   NextTokenPass p = reader->read(prompt);          // as TextWriter::Reader: then one id at a time
#include <memory>

#include "core/inference/any_model.h"
#include "core/inference/text_writer.h"
#include "core/models/head_switches.h"

namespace al {

// A reader of `model` with `switches` applied (copied); null for a model that cannot generate.
std::unique_ptr<TextWriter::Reader> switchedReader(const AnyModel& model, HeadSwitches switches);

}  // namespace al
