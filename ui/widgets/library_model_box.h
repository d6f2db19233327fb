#pragma once
// A combo box that lists the session's models of one sort (the BERTs a head can go on, the models a map can be
// drawn of…) and stays up to date: a model the library gains joins the list, one it drops leaves it, a renamed one
// changes its text. The box's first rows (a "none" or "choose…" row) are the owner's and are left alone. Each
// model's row has the model's library id as its data, so box->currentData().toInt() is the chosen model (0: none).
#include <functional>

class QComboBox;

namespace al::ui {

class ModelLibrary;
struct SessionModel;

// Lists, after the box's present rows, the library's models for which `accepts` is true, and keeps the list in
// step with the library for as long as the box lives. Dropping the chosen model chooses the first row (the box
// says so through currentIndexChanged).
void listLibraryModels(QComboBox* box, ModelLibrary* library, std::function<bool(const SessionModel&)> accepts);

}  // namespace al::ui
