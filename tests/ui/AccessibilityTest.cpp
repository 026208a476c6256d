// Screen readers announce a control by its accessible name: every visible control of the main
// window (the sweep panel, the docks, the filter bar, each chart tab) must have one, and every menu
// item a text. On failure the offenders are listed by class, object name and text.
#include "ui/MainWindow.h"
#include "ui/charts/ChartsPanel.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QSlider>
#include <QTabWidget>
#include <catch2/catch.hpp>

using graphlens::ui::MainWindow;

namespace {

const QString fixturePath = QStringLiteral(GRAPHLENS_UI_FIXTURE_DIR "/resnet18-h200-session.json");

bool isControl(const QWidget* widget) {
    return qobject_cast<const QAbstractButton*>(widget) || qobject_cast<const QComboBox*>(widget) ||
           qobject_cast<const QLineEdit*>(widget) || qobject_cast<const QAbstractSpinBox*>(widget) ||
           qobject_cast<const QAbstractItemView*>(widget) || qobject_cast<const QCheckBox*>(widget) ||
           qobject_cast<const QSlider*>(widget);
}

// A control's own parts (a spin box's or an editable combo's line edit, a table's header) are
// announced as the control they belong to.
bool isPartOfAnotherControl(const QWidget* widget) {
    for (const QWidget* up = widget->parentWidget(); up; up = up->parentWidget()) {
        if (qobject_cast<const QAbstractSpinBox*>(up) || qobject_cast<const QComboBox*>(up) ||
            qobject_cast<const QAbstractItemView*>(up)) {
            return true;
        }
    }
    return false;
}

void collectUnnamed(const QWidget& root, QSet<QString>& offenders) {
    const auto widgets = root.findChildren<QWidget*>();
    for (const QWidget* widget : widgets) {
        if (!widget->isVisible() || !isControl(widget) || isPartOfAnotherControl(widget)) continue;
        if (!widget->accessibleName().trimmed().isEmpty()) continue;
        QString text;
        if (const auto* button = qobject_cast<const QAbstractButton*>(widget)) text = button->text();
        offenders << QStringLiteral("%1 \"%2\" [%3]")
                         .arg(QString::fromLatin1(widget->metaObject()->className()), widget->objectName(), text);
    }
}

void collectUntitledActions(const QMenu* menu, const QString& path, QStringList& offenders) {
    const auto actions = menu->actions();
    for (const QAction* action : actions) {
        if (action->isSeparator()) continue;
        const QString text = action->text().remove(QLatin1Char('&')).trimmed();
        if (text.isEmpty()) offenders << path + QStringLiteral(" > (") + action->objectName() + QLatin1Char(')');
        if (action->menu()) collectUntitledActions(action->menu(), path + QStringLiteral(" > ") + text, offenders);
    }
}

}  // namespace

TEST_CASE("every visible control of the main window has an accessible name", "[ui][a11y]") {
    MainWindow window;
    QSet<QString> offenders;
    window.show();
    QCoreApplication::processEvents();
    collectUnnamed(window, offenders);  // the first-run page

    REQUIRE(window.openFile(fixturePath));
    QCoreApplication::processEvents();
    auto* tabs = window.findChild<graphlens::ui::ChartsPanel*>();
    REQUIRE(tabs);
    for (int i = 0; i < tabs->count(); ++i) {  // each tab's own controls, while it is the one shown
        tabs->setCurrentIndex(i);
        QCoreApplication::processEvents();
        collectUnnamed(window, offenders);
    }

    QStringList sorted(offenders.begin(), offenders.end());
    sorted.sort();
    INFO("controls without an accessible name:\n  " << sorted.join(QStringLiteral("\n  ")).toStdString());
    CHECK(sorted.isEmpty());
}

TEST_CASE("every menu item has a text to be announced by", "[ui][a11y]") {
    MainWindow window;
    QStringList offenders;
    const auto menus = window.menuBar()->actions();
    REQUIRE_FALSE(menus.isEmpty());
    for (const QAction* top : menus) {
        REQUIRE(top->menu());
        collectUntitledActions(top->menu(), top->text().remove(QLatin1Char('&')), offenders);
    }
    INFO("menu items without a text:\n  " << offenders.join(QStringLiteral("\n  ")).toStdString());
    CHECK(offenders.isEmpty());
}
