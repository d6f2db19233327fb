#pragma once
// What a person reads when the core refuses a file, a sentence or a run (al::InputError, al::RunError of
// core/error.h), in the language of the interface.
//
// In English the core's own message is shown: it is the English wording of the error, the same the command line
// prints. In another language the error's kind and fields are worded with tr(): which file, which line, which
// tensor or field, what was expected. An error of kind Other (a rare internal check) or an exception that is not
// the core's gets a lead sentence in the reader's language followed by the English detail.
#include <QString>
#include <exception>

#include "core/error.h"

namespace al::ui {

QString errorMessage(const std::exception& error);

// The words of one kind with its fields, in the interface's language (tr); empty for Other and Count. In English
// these are the sources of the translations, not the core's messages: the walk over every kind (tests/ui/
// test_error_texts.cpp) compares the two languages with them.
QString errorText(ErrorKind kind, const ErrorFields& fields);

}  // namespace al::ui
