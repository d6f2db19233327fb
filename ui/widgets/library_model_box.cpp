#include "ui/widgets/library_model_box.h"

#include <QComboBox>

#include "ui/session/model_library.h"

namespace al::ui {

void listLibraryModels(QComboBox* box, ModelLibrary* library, std::function<bool(const SessionModel&)> accepts) {
  auto offer = [box, library, accepts = std::move(accepts)](int id) {
    const SessionModel* model = library->model(id);
    if (model && accepts(*model) && box->findData(id) < 0) box->addItem(model->name, id);
  };
  for (const SessionModel& model : library->models()) offer(model.id);
  QObject::connect(library, &ModelLibrary::modelAdded, box, offer);
  QObject::connect(library, &ModelLibrary::modelRemoved, box, [box](int id) {
    const int row = box->findData(id);
    if (row < 0) return;
    if (box->currentIndex() == row) box->setCurrentIndex(0);  // first, so the owner hears of one change
    box->removeItem(row);
  });
  QObject::connect(library, &ModelLibrary::modelRenamed, box, [box, library](int id) {
    const int row = box->findData(id);
    if (const SessionModel* model = library->model(id); row >= 0 && model) box->setItemText(row, model->name);
  });
}

}  // namespace al::ui
