// View ▸ Theme: the dark palette reaches the widgets and the charts, the light one brings them back,
// and the choice is kept in the window's settings. Every case ends on System: the theme is the
// application's, shared by all the tests of this binary.
#include "ui/charts/ChartStyle.h"
#include "ui/MainWindow.h"
#include "ui/Theme.h"
#include "ui/charts/ChartLegendItem.h"
#include "ui/charts/ChartsPanel.h"
#include "ui/charts/ModelChartView.h"
#include "ui/charts/SpeedupChartView.h"
#include "ui/run/SweepPanel.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QLabel>
#include <QLegend>
#include <QLineEdit>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QValueAxis>
#include <catch2/catch.hpp>
#include <cmath>

using graphlens::ui::ColorTheme;
using graphlens::ui::isDarkPalette;
using graphlens::ui::MainWindow;

namespace {

const QString fixturePath = QStringLiteral(GRAPHLENS_UI_FIXTURE_DIR "/resnet18-h200-session.json");

double luminance(const QColor& color) {
    const auto linear = [](double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
    return 0.2126 * linear(color.redF()) + 0.7152 * linear(color.greenF()) + 0.0722 * linear(color.blueF());
}

// WCAG contrast ratio, 1 (none) to 21 (black on white).
double contrast(const QColor& a, const QColor& b) {
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QAction* action(const MainWindow& window, const char* name) { return window.findChild<QAction*>(QLatin1String(name)); }

// The visible inputs whose text is unreadable on their own background (text on base for fields,
// window text on window for the rest), named for the failure message.
QStringList unreadableControls(const QWidget& root) {
    QStringList offenders;
    const auto widgets = root.findChildren<QWidget*>();
    for (const QWidget* widget : widgets) {
        // Disabled controls are exempt from contrast minimums (WCAG 1.4.3); Fusion's light
        // palette draws them at 1.6:1.
        if (!widget->isVisible() || !widget->isEnabled()) continue;
        const bool field = qobject_cast<const QLineEdit*>(widget) || qobject_cast<const QAbstractSpinBox*>(widget) ||
                           qobject_cast<const QComboBox*>(widget);
        const bool button = qobject_cast<const QAbstractButton*>(widget);
        if (!field && !button) continue;
        const QPalette& palette = widget->palette();
        const double ratio = field ? contrast(palette.color(QPalette::Text), palette.color(QPalette::Base))
                                   : contrast(palette.color(QPalette::WindowText), palette.color(QPalette::Window));
        if (ratio < 4.5) {
            offenders << QStringLiteral("%1 %2 (%3:1)")
                             .arg(QString::fromLatin1(widget->metaObject()->className()), widget->objectName())
                             .arg(ratio, 0, 'f', 1);
        }
        // The fill (a field's, a check box's) must follow the theme too: a white box in a dark
        // window is the bug.
        if (isDarkPalette(QApplication::palette()) != isDarkPalette(palette)) {
            offenders << QStringLiteral("%1 %2 (palette not following the theme)")
                             .arg(QString::fromLatin1(widget->metaObject()->className()), widget->objectName());
        }
    }
    return offenders;
}

// Every chart of the panel: background, title, axis labels in the palette's colours.
void requireChartsFollow(const MainWindow& window, const QPalette& palette) {
    const auto views = window.findChildren<QChartView*>();
    REQUIRE(views.size() >= 6);
    for (const auto* view : views) {
        INFO("chart " << view->accessibleName().toStdString());
        // Small multiples: every panel a reader sees, each with its own axes.
        const auto* modelView = qobject_cast<const graphlens::ui::ModelChartView*>(view);
        for (QChart* chart : modelView ? modelView->panels() : QList<QChart*>{view->chart()}) {
        CHECK(chart->backgroundBrush().color() == palette.color(QPalette::Base));
        CHECK(contrast(chart->titleBrush().color(), palette.color(QPalette::Base)) >= 7.0);
        CHECK(contrast(chart->legend()->labelColor(), palette.color(QPalette::Base)) >= 4.5);
        const auto axes = chart->axes();
        REQUIRE_FALSE(axes.isEmpty());
        for (auto* axis : axes) {  // QAbstractAxis getters are not const
            CHECK(contrast(axis->labelsColor(), palette.color(QPalette::Base)) >= 4.5);
            CHECK(contrast(axis->titleBrush().color(), palette.color(QPalette::Base)) >= 4.5);
            // Grid lines are seen but stay quiet.
            const double grid = contrast(axis->gridLineColor(), palette.color(QPalette::Base));
            CHECK(grid > 1.05);
            CHECK(grid < 3.0);
        }
        }
        if (modelView) {  // the wrapped legend's labels, drawn by the view
            CHECK(contrast(modelView->legendItem()->textColor(), palette.color(QPalette::Base)) >= 4.5);
        }
    }
}

}  // namespace

TEST_CASE("View > Theme > Dark recolours widgets and charts, Light brings them back and the choice is kept",
          "[ui][theme]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    QSettings settings(dir.filePath(QStringLiteral("theme.ini")), QSettings::IniFormat);
    {
        MainWindow window(nullptr, &settings);
        REQUIRE(window.openFile(fixturePath));
        window.show();
        QCoreApplication::processEvents();
        auto* dark = action(window, "actionThemeDark");
        auto* light = action(window, "actionThemeLight");
        auto* system = action(window, "actionThemeSystem");
        REQUIRE(dark);
        REQUIRE(light);
        REQUIRE(system);
        CHECK(system->isChecked());

        const QColor windowBefore = QApplication::palette().color(QPalette::Window);
        const QColor chartBefore = window.speedupChart()->chart()->backgroundBrush().color();
        CHECK_FALSE(isDarkPalette(QApplication::palette()));

        dark->trigger();
        QCoreApplication::processEvents();  // the palette reaches windows through posted events
        CHECK(dark->isChecked());
        CHECK(graphlens::ui::appliedTheme() == ColorTheme::Dark);
        const QPalette darkPalette = QApplication::palette();
        CHECK(darkPalette.color(QPalette::Window) != windowBefore);
        CHECK(darkPalette.color(QPalette::Window).lightnessF() < 0.3);
        CHECK(isDarkPalette(darkPalette));
        CHECK(window.palette().color(QPalette::Window) == darkPalette.color(QPalette::Window));
        const QColor chartDark = window.speedupChart()->chart()->backgroundBrush().color();
        CHECK(chartDark != chartBefore);
        CHECK(chartDark.lightnessF() < 0.3);
        requireChartsFollow(window, darkPalette);
        const auto darkOffenders = unreadableControls(window);
        INFO("unreadable in dark: " << darkOffenders.join(QStringLiteral(", ")).toStdString());
        CHECK(darkOffenders.isEmpty());
        CHECK(settings.value(graphlens::ui::themeSettingsKey()).toString() == QStringLiteral("dark"));

        light->trigger();
        QCoreApplication::processEvents();
        const QPalette lightPalette = QApplication::palette();
        CHECK_FALSE(isDarkPalette(lightPalette));
        CHECK(window.speedupChart()->chart()->backgroundBrush().color().lightnessF() > 0.9);
        requireChartsFollow(window, lightPalette);
        const auto lightOffenders = unreadableControls(window);
        INFO("unreadable in light: " << lightOffenders.join(QStringLiteral(", ")).toStdString());
        CHECK(lightOffenders.isEmpty());
        CHECK(settings.value(graphlens::ui::themeSettingsKey()).toString() == QStringLiteral("light"));

        dark->trigger();  // kept for the next window
    }
    {
        MainWindow next(nullptr, &settings);
        CHECK(graphlens::ui::appliedTheme() == ColorTheme::Dark);
        CHECK(action(next, "actionThemeDark")->isChecked());
        CHECK(isDarkPalette(QApplication::palette()));
        // A chart view created while dark is dark from its first show.
        next.show();
        QCoreApplication::processEvents();
        CHECK(next.speedupChart()->chart()->backgroundBrush().color().lightnessF() < 0.3);

        action(next, "actionThemeSystem")->trigger();
        CHECK(graphlens::ui::appliedTheme() == ColorTheme::System);
        CHECK_FALSE(isDarkPalette(QApplication::palette()));
        CHECK(settings.value(graphlens::ui::themeSettingsKey()).toString() == QStringLiteral("system"));
    }
}

TEST_CASE("theme keys read back, anything unknown is System", "[ui][theme]") {
    using graphlens::ui::themeFromKey;
    using graphlens::ui::themeKey;
    for (auto theme : {ColorTheme::System, ColorTheme::Light, ColorTheme::Dark}) CHECK(themeFromKey(themeKey(theme)) == theme);
    CHECK(themeFromKey(QStringLiteral("solarized")) == ColorTheme::System);
    CHECK(themeFromKey(QString()) == ColorTheme::System);
}

TEST_CASE("the dark palette keeps text readable in every role pair", "[ui][theme]") {
    const QPalette palette = graphlens::ui::darkPalette();
    CHECK(contrast(palette.color(QPalette::WindowText), palette.color(QPalette::Window)) >= 7.0);
    CHECK(contrast(palette.color(QPalette::Text), palette.color(QPalette::Base)) >= 7.0);
    CHECK(contrast(palette.color(QPalette::Text), palette.color(QPalette::AlternateBase)) >= 7.0);
    CHECK(contrast(palette.color(QPalette::ButtonText), palette.color(QPalette::Button)) >= 7.0);
    CHECK(contrast(palette.color(QPalette::HighlightedText), palette.color(QPalette::Highlight)) >= 4.5);
    CHECK(contrast(palette.color(QPalette::ToolTipText), palette.color(QPalette::ToolTipBase)) >= 7.0);
    CHECK(contrast(palette.color(QPalette::PlaceholderText), palette.color(QPalette::Base)) >= 4.5);
    CHECK(contrast(palette.color(QPalette::Link), palette.color(QPalette::Base)) >= 4.5);
    const double disabled = contrast(palette.color(QPalette::Disabled, QPalette::Text), palette.color(QPalette::Disabled, QPalette::Base));
    CHECK(disabled >= 2.0);
    CHECK(disabled < 4.5);  // visibly fainter than enabled text
}

TEST_CASE("value labels next to points read on white and on the dark base", "[ui][theme]") {
    const QColor white(Qt::white);
    const QColor darkBase = graphlens::ui::darkPalette().color(QPalette::Base);
    for (int i = 0; i < 7; ++i) {
        const QColor label = graphlens::ui::valueLabelColor(graphlens::ui::curveColor(i));
        INFO("curve " << i << " label " << label.name().toStdString());
        CHECK(contrast(label, white) >= 3.0);
        CHECK(contrast(label, darkBase) >= 3.0);
        // Curves themselves: seen against both backgrounds (WCAG's 3:1 for graphics, less for the
        // one deliberately dark blue on the dark base).
        CHECK(contrast(graphlens::ui::curveColor(i), white) >= 2.0);
        CHECK(contrast(graphlens::ui::curveColor(i), darkBase) >= 2.5);
    }
}

TEST_CASE("a field that once had a style sheet follows the theme too", "[ui][theme]") {
    // SweepPanel flags an invalid field with a red border and clears it once fixed; Qt then leaves
    // the field out of palette propagation (a white field in a dark window).
    QWidget top;
    auto* flagged = new QLineEdit(&top);
    flagged->setStyleSheet(QStringLiteral("border: 1px solid #c0392b;"));
    flagged->setStyleSheet(QString());
    auto* stillFlagged = new QLineEdit(&top);
    stillFlagged->setStyleSheet(QStringLiteral("border: 1px solid #c0392b;"));
    top.show();
    QCoreApplication::processEvents();

    graphlens::ui::applyTheme(ColorTheme::Dark);
    QCoreApplication::processEvents();
    const QColor darkBase = graphlens::ui::darkPalette().color(QPalette::Base);
    CHECK(flagged->palette().color(QPalette::Base) == darkBase);
    CHECK(stillFlagged->palette().color(QPalette::Base) == darkBase);
    CHECK(stillFlagged->styleSheet() == QStringLiteral("border: 1px solid #c0392b;"));  // the flag stays

    graphlens::ui::applyTheme(ColorTheme::System);
    QCoreApplication::processEvents();
    CHECK_FALSE(isDarkPalette(flagged->palette()));
    CHECK_FALSE(isDarkPalette(stillFlagged->palette()));
}

TEST_CASE("error and note text of the sweep panel reads 4.5:1 on the light and the dark window, and follows a theme change",
          "[ui][theme]") {
    for (const QPalette& palette : {graphlens::ui::lightPalette(), graphlens::ui::darkPalette()}) {
        const QColor window = palette.color(QPalette::Window);
        CHECK(contrast(graphlens::ui::errorTextColor(palette), window) >= 4.5);
        CHECK(contrast(graphlens::ui::warningTextColor(palette), window) >= 4.5);
        // A selected point's shade moves away from the chart's background, never towards it.
        const QColor series(0x1f, 0x77, 0xb4);
        const QColor base = palette.color(QPalette::Base);
        CHECK(contrast(graphlens::ui::selectedShade(series, palette), base) > contrast(series, base));
    }
    graphlens::ui::SweepPanel panel;
    panel.setFinished(false, QStringLiteral("Sweep failed"));
    auto* status = [&] {
        for (auto* label : panel.findChildren<QLabel*>()) {
            if (label->text() == QStringLiteral("Sweep failed")) return label;
        }
        return static_cast<QLabel*>(nullptr);
    }();
    REQUIRE(status);
    graphlens::ui::applyTheme(ColorTheme::Dark);
    QApplication::processEvents();
    const QColor dark = graphlens::ui::errorTextColor(graphlens::ui::darkPalette());
    CHECK(status->styleSheet().contains(dark.name()));
    graphlens::ui::applyTheme(ColorTheme::Light);
    QApplication::processEvents();
    CHECK(status->styleSheet().contains(graphlens::ui::errorTextColor(graphlens::ui::lightPalette()).name()));
    graphlens::ui::applyTheme(ColorTheme::System);
}
