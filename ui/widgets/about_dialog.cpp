#include "ui/widgets/about_dialog.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QVBoxLayout>

#include "ui/download/imdb_archive.h"

namespace al::ui {

namespace {

struct Component {
  const char* name;
  const char* licence;
  const char* use;  // translated below
};

}  // namespace

AboutDialog::AboutDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("About AttentionLab"));
  const Component components[] = {
      {"Qt 6", "LGPL-3.0", QT_TR_NOOP("windows, widgets, network")},
      {"QCustomPlot", "GPL-3.0", QT_TR_NOOP("curves and heatmaps")},
      {"Eigen", "MPL-2.0", QT_TR_NOOP("matrix arithmetic")},
      {"oneTBB", "Apache-2.0", QT_TR_NOOP("parallel training")},
      {"nlohmann/json", "MIT", QT_TR_NOOP("model and log files")},
      {"CLI11", "BSD-3-Clause", QT_TR_NOOP("the command line")},
      {"libarchive", "BSD-2-Clause", QT_TR_NOOP("reading aclImdb_v1.tar.gz")},
      {"ICU", QT_TR_NOOP("ICU licence (Unicode licence)"), QT_TR_NOOP("Unicode text")},
  };
  QString rows;
  for (const Component& c : components)
    rows += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td></tr>")
                .arg(QString::fromLatin1(c.name), tr(c.licence), tr(c.use));

  const QString data = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
  const QString settings = QSettings().fileName();
  text_ = tr("<h3>AttentionLab %1</h3>"
             "<p>A teaching tool for attention and Transformers: train the models, see their attention, step "
             "through the arithmetic. Built with Qt %2.</p>"
             "<p><b>Built on</b></p><table cellspacing=\"6\">%3</table>"
             "<p><b>Where things are</b></p>"
             "<p>Data (the downloaded IMDB archive, %4): %5<br>Settings: %6<br>"
             "Models are saved where you choose; the command line writes them under runs/ by default.</p>")
              .arg(QStringLiteral(ATTENTIONLAB_VERSION), QString::fromLatin1(qVersion()), rows,
                   QString::fromLatin1(download::kImdbFileName), data.toHtmlEscaped(), settings.toHtmlEscaped());

  auto* icon = new QLabel;
  icon->setPixmap(QIcon::fromTheme(QStringLiteral("attentionlab")).pixmap(96, 96));  // installed with the app
  icon->setAlignment(Qt::AlignTop);
  auto* label = new QLabel(text_);
  label->setObjectName("aboutText");
  label->setTextFormat(Qt::RichText);
  label->setWordWrap(true);
  label->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* body = new QHBoxLayout;
  body->addWidget(icon);
  body->addWidget(label, 1);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(body);
  layout->addWidget(buttons);
  setMinimumWidth(560);
}

QString AboutDialog::text() const { return text_; }

}  // namespace al::ui
