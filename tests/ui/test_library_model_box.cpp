// A combo box of the session's models of one sort (ui/widgets/library_model_box.h): models the library gains join
// it when they pass the test, dropped ones leave it (choosing the first row if it was chosen, said once), renamed
// ones change their text, and the owner's first row is never touched.
#include "ui/session/model_library.h"  // first: it brings core headers, which must not see Qt's `emit`

#include <QComboBox>
#include <QSignalSpy>
#include <QtTest>

#include "ui/widgets/library_model_box.h"

using namespace al::ui;

class LibraryModelBoxTest : public QObject {
  Q_OBJECT
 private slots:
  void followsTheLibrary() {
    ModelLibrary library;
    const int before = library.add(sessionModel("keep before", {}, "toy"));
    library.add(sessionModel("skip", {}, "toy"));
    QComboBox box;
    box.addItem("none", 0);
    listLibraryModels(&box, &library, [](const SessionModel& m) { return m.name.startsWith("keep"); });
    QCOMPARE(box.count(), 2);
    QCOMPARE(box.itemData(1).toInt(), before);

    SessionModel later = sessionModel("keep later", {}, "toy");
    later.liveName = [] { return QStringLiteral("keep, said again"); };
    const int after = library.add(std::move(later));
    library.add(sessionModel("skip again", {}, "toy"));
    QCOMPARE(box.count(), 3);
    QCOMPARE(box.itemData(2).toInt(), after);

    library.retranslateNames();
    QCOMPARE(box.itemText(2), QStringLiteral("keep, said again"));
    QCOMPARE(box.itemText(0), QStringLiteral("none"));

    box.setCurrentIndex(2);
    QSignalSpy changes(&box, &QComboBox::currentIndexChanged);
    library.remove(after);
    QCOMPARE(box.count(), 2);
    QCOMPARE(box.currentIndex(), 0);
    QCOMPARE(changes.count(), 1);

    library.remove(before);  // not chosen: the choice stays, nothing is said
    QCOMPARE(box.count(), 1);
    QCOMPARE(box.currentIndex(), 0);
    QCOMPARE(changes.count(), 1);
  }
};

QTEST_MAIN(LibraryModelBoxTest)
#include "test_library_model_box.moc"
