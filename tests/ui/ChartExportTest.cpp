// Chart export (File ▸ Export Chart…, a chart's context menu) over the real H200 session: PNG at 2×
// the view's pixels with something drawn, SVG that parses and carries the title as text, and a
// failed write that names the file and leaves nothing behind.
#include "ui/MainWindow.h"
#include "ui/charts/ChartExport.h"
#include "ui/charts/ChartsPanel.h"

#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QContextMenuEvent>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QMenu>
#include <QSvgRenderer>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <catch2/catch.hpp>

using graphlens::ui::MainWindow;

namespace {

const QString fixturePath = QStringLiteral(GRAPHLENS_UI_FIXTURE_DIR "/resnet18-h200-session.json");

QTabWidget* chartTabs(const MainWindow& window) { return window.findChild<graphlens::ui::ChartsPanel*>(); }

// Pixels that differ from the image's corner (the chart's background): axes, text, curves.
qsizetype drawnPixels(const QImage& image) {
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    const QRgb background = rgb.pixel(0, 0);
    qsizetype drawn = 0;
    for (int y = 0; y < rgb.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(rgb.constScanLine(y));
        for (int x = 0; x < rgb.width(); ++x) drawn += line[x] != background;
    }
    return drawn;
}

QStringList filesIn(const QTemporaryDir& dir) {
    return QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
}

void showWithFixture(MainWindow& window) {
    REQUIRE(window.openFile(fixturePath));
    window.show();
    QCoreApplication::processEvents();  // lay out the tabs and the charts
}

}  // namespace

TEST_CASE("every chart tab exports as PNG at 2x and as SVG holding its title", "[ui][export]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    MainWindow window;
    showWithFixture(window);
    auto* tabs = chartTabs(window);
    REQUIRE(tabs);
    int exported = 0;
    for (int i = 0; i < tabs->count(); ++i) {
        tabs->setCurrentIndex(i);
        QCoreApplication::processEvents();
        auto* view = qobject_cast<QChartView*>(tabs->currentWidget());
        if (!view) continue;  // the Timeline tab
        const QString name = tabs->tabText(i);
        INFO("tab " << name.toStdString());
        REQUIRE(window.currentChartView() == view);
        const QString png = dir.filePath(QStringLiteral("chart-%1.png").arg(i));
        const QString svg = dir.filePath(QStringLiteral("chart-%1.svg").arg(i));
        REQUIRE(window.exportChart(png));
        REQUIRE(window.exportChart(svg));

        QImage image(png);
        REQUIRE_FALSE(image.isNull());
        const QSize logical = view->viewport()->size();
        CHECK(image.size() == logical * 2);
        // Axes, labels and curves: far more than a stray line, far less than everything.
        const auto drawn = drawnPixels(image);
        CHECK(drawn > qsizetype(image.width()) * image.height() / 100);
        CHECK(drawn < qsizetype(image.width()) * image.height() * 9 / 10);

        QSvgRenderer renderer(svg);
        CHECK(renderer.isValid());
        CHECK(renderer.viewBox() == QRect(QPoint(0, 0), logical));  // drawn in the view's logical pixels
        QFile file(svg);
        REQUIRE(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        const QString title = view->chart()->title();
        REQUIRE_FALSE(title.isEmpty());
        // Drawn as text (searchable, selectable in the slide), not only named in <title>.
        CHECK(text.count(title.toHtmlEscaped()) >= 2);
        CHECK(text.contains(QStringLiteral("<text")));
        ++exported;
    }
    CHECK(exported >= 6);  // speedup, step time, replays, VRAM, launch overhead, phases
    // Exactly the files asked for: no temporaries left beside them.
    CHECK(filesIn(dir).size() == 2 * exported);
}

TEST_CASE("a chart export that cannot be written says where and why and leaves no file", "[ui][export]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    MainWindow window;
    showWithFixture(window);
    for (const char* name : {"no-such-folder/speedup.png", "no-such-folder/speedup.svg"}) {
        const QString path = dir.filePath(QLatin1String(name));
        INFO(name);
        CHECK_FALSE(window.exportChart(path));
        CHECK(window.lastError().contains(QDir::toNativeSeparators(path)));
        CHECK(window.lastError().contains(QStringLiteral("cannot write")));
        CHECK_FALSE(QFile::exists(path));
    }
    const QString jpeg = dir.filePath(QStringLiteral("speedup.jpg"));
    CHECK_FALSE(window.exportChart(jpeg));
    CHECK(window.lastError().contains(QStringLiteral(".png or .svg")));
    CHECK(filesIn(dir).isEmpty());

    // A failure inside the library call reports the same way (an unwritable target path).
    QString error;
    CHECK_FALSE(graphlens::ui::exportChart(window.currentChartView(), dir.filePath(QStringLiteral("x/y.svg")), &error));
    CHECK(error.contains(QStringLiteral("y.svg")));
    CHECK(filesIn(dir).isEmpty());
}

TEST_CASE("File > Export Chart follows the current tab and the Timeline tab has no chart", "[ui][export]") {
    MainWindow window;
    auto* action = window.findChild<QAction*>(QStringLiteral("actionExportChart"));
    REQUIRE(action);
    CHECK_FALSE(action->isEnabled());  // no rows: the first-run text, no chart
    CHECK(window.currentChartView() == nullptr);

    showWithFixture(window);
    CHECK(action->isEnabled());
    auto* tabs = chartTabs(window);
    int timeline = -1;
    for (int i = 0; i < tabs->count(); ++i) {
        if (!qobject_cast<QChartView*>(tabs->widget(i))) timeline = i;
    }
    if (timeline >= 0) {
        tabs->setCurrentIndex(timeline);
        CHECK_FALSE(action->isEnabled());
        QTemporaryDir dir;
        CHECK_FALSE(window.exportChart(dir.filePath(QStringLiteral("timeline.png"))));
        CHECK(window.lastError().contains(QStringLiteral("no chart")));
        CHECK(filesIn(dir).isEmpty());
    }
    tabs->setCurrentIndex(0);
    CHECK(action->isEnabled());
}

TEST_CASE("every chart offers PNG and SVG export in its context menu", "[ui][export]") {
    graphlens::ui::ChartsPanel panel;
    int charts = 0;
    for (int i = 0; i < panel.count(); ++i) {
        auto* view = qobject_cast<QChartView*>(panel.widget(i));
        if (!view) continue;
        ++charts;
        INFO("tab " << panel.tabText(i).toStdString());
        CHECK(view->contextMenuPolicy() == Qt::ActionsContextMenu);
        QStringList texts;
        const auto actions = view->actions();
        for (const auto* action : actions) texts << action->text();
        CHECK(texts.contains(QStringLiteral("Export chart as PNG…")));
        CHECK(texts.contains(QStringLiteral("Export chart as SVG…")));
        graphlens::ui::addChartExportActions(view);  // once only
        CHECK(view->actions().size() == actions.size());
    }
    CHECK(charts == 6);
}

TEST_CASE("suggested chart file names come from the chart's title", "[ui][export]") {
    QChartView view;
    view.chart()->setTitle(QStringLiteral("VRAM, eager vs graphed — resnet18 · fp16"));
    CHECK(graphlens::ui::suggestedChartFileName(&view, QStringLiteral("svg")) == QStringLiteral("vram-eager-vs-graphed.svg"));
    view.chart()->setTitle(QString());
    CHECK(graphlens::ui::suggestedChartFileName(&view, QStringLiteral("png")) == QStringLiteral("chart.png"));
}

TEST_CASE("right-clicking a chart opens a menu with the export entries", "[ui][export]") {
    MainWindow window;
    showWithFixture(window);
    auto* view = window.currentChartView();
    REQUIRE(view);
    QStringList shown;
    // Runs inside the menu's own event loop, once it is open; closing it ends that loop.
    QTimer::singleShot(0, &window, [&] {
        if (auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget())) {
            const auto actions = menu->actions();
            for (const auto* action : actions) shown << action->text();
            menu->close();
        }
    });
    const QPoint at = view->viewport()->rect().center();
    QContextMenuEvent event(QContextMenuEvent::Mouse, at, view->viewport()->mapToGlobal(at));
    QApplication::sendEvent(view->viewport(), &event);
    CHECK(shown == QStringList{QStringLiteral("Export chart as PNG…"), QStringLiteral("Export chart as SVG…")});
}
