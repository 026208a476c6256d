// Renders the Timeline tab over a trace file to a PNG, offscreen:
//   graphlens_ui_timeline_screenshot <trace.json> <out.png> [--dark] [--zoom <factor> <at us>]
// --dark paints it in a dark Fusion palette; --zoom magnifies around a time from the steps' start.
// The screenshot CTests (ui.screenshot.timeline*) run it on the synthetic trace format fixture.
#include "ui/timeline/StepTimelineView.h"
#include "ui/timeline/TimelinePanel.h"

#include <QApplication>
#include <QPalette>
#include <QStyleFactory>
#include <QTimer>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

QPalette darkPalette() {
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    p.setColor(QPalette::WindowText, QColor(0xe6, 0xe6, 0xe6));
    p.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    p.setColor(QPalette::AlternateBase, QColor(0x33, 0x33, 0x33));
    p.setColor(QPalette::Text, QColor(0xe6, 0xe6, 0xe6));
    p.setColor(QPalette::Button, QColor(0x3a, 0x3a, 0x3a));
    p.setColor(QPalette::ButtonText, QColor(0xe6, 0xe6, 0xe6));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x9a, 0x9a, 0x9a));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x9a, 0x9a, 0x9a));
    return p;
}

}  // namespace

int main(int argc, char* argv[]) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s <trace.json> <out.png> [--dark] [--zoom <factor> <at us>]\n", argv[0]);
        return 2;
    }
    double zoom = 0;
    double atUs = 0;
    for (int i = 3; i < argc; ++i) {
        if (std::strcmp(argv[i], "--dark") == 0) {
            QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
            QApplication::setPalette(darkPalette());
        } else if (std::strcmp(argv[i], "--zoom") == 0 && i + 2 < argc) {
            zoom = std::atof(argv[i + 1]);
            atUs = std::atof(argv[i + 2]);
            i += 2;
        }
    }
    graphlens::ui::TimelinePanel panel;
    QString error;
    if (!panel.loadTraceFile(QString::fromLocal8Bit(argv[1]), &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 2;
    }
    panel.resize(1100, 520);
    panel.show();
    int status = 1;
    QTimer::singleShot(300, &panel, [&] {
        auto* view = panel.view();
        if (zoom > 0) view->zoomBy(zoom, view->xForTime(atUs));
        if (panel.grab().save(QString::fromLocal8Bit(argv[2]))) status = 0;
        else std::fprintf(stderr, "cannot write %s\n", argv[2]);
        QApplication::quit();
    });
    QApplication::exec();
    return status;
}
