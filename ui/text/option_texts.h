#pragma once
// A model's options as a person reads them inside a sentence, in the interface's language: "learned position
// embedding", "layer norm", "GRU". The core's spellings ("learned", "layer", "gru") stay what model files, settings and the
// command line use; a sentence never shows them raw. Built anew on every call, so a language switched live is
// followed at once.
#include <QString>

#include "core/models/transformer_config.h"

namespace al::ui {

// "learned position embedding", "sinusoidal position encoding", "no position information": a noun phrase.
QString positionPhrase(PositionKind position);
// The same for a settings value ("learned", "sinusoidal", "none"); an unknown value is named as it is.
QString positionPhrase(const QString& value);
// Short, for a model's name and a list of settings: "learned position", "sinusoidal position", "no position".
QString positionName(PositionKind position);
QString positionName(const QString& value);

// "layer norm", "batch norm".
QString normPhrase(NormKind norm);
QString normPhrase(const QString& value);

// A chatbot's architecture: "gru" -> "GRU", "transformer" -> "Transformer".
QString architectureName(const QString& value);

}  // namespace al::ui
