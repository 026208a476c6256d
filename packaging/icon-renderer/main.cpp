// graphlens_icon_renderer: renders the SVG icon to the PNG sizes desktops look up in the hicolor theme.
//   graphlens_icon_renderer <icon.svg> <out dir> <size>...  ->  <out dir>/<size>x<size>/apps/<name>.png
// A build tool, run by packaging/CMakeLists.txt; the SVG in resources/icons stays the only source.
#include <QFileInfo>
#include <QDir>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSaveFile>
#include <QSvgRenderer>
#include <cstdio>

int main(int argc, char* argv[]) {
    // No display at build time: the offscreen platform is enough to paint into images.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    const QStringList args = QGuiApplication::arguments();
    if (args.size() < 4) {
        std::fprintf(stderr, "usage: graphlens_icon_renderer <icon.svg> <out dir> <size>...\n");
        return 2;
    }
    QSvgRenderer svg(args.at(1));
    if (!svg.isValid()) {
        std::fprintf(stderr, "graphlens_icon_renderer: %s is not a readable SVG\n", qPrintable(args.at(1)));
        return 2;
    }
    const QString name = QFileInfo(args.at(1)).completeBaseName();
    for (const QString& sizeText : args.mid(3)) {
        bool ok = false;
        const int size = sizeText.toInt(&ok);
        if (!ok || size < 8 || size > 1024) {
            std::fprintf(stderr, "graphlens_icon_renderer: size '%s' is not 8..1024\n", qPrintable(sizeText));
            return 2;
        }
        QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        svg.render(&painter);
        painter.end();
        const QString folder = QStringLiteral("%1/%2x%2/apps").arg(args.at(2)).arg(size);
        QDir().mkpath(folder);
        // Written aside and renamed: an interrupted build leaves no half-written icon.
        QSaveFile file(QStringLiteral("%1/%2.png").arg(folder, name));
        if (!file.open(QIODevice::WriteOnly) || !image.save(&file, "PNG") || !file.commit()) {
            std::fprintf(stderr, "graphlens_icon_renderer: cannot write %s\n", qPrintable(file.fileName()));
            return 1;
        }
    }
    return 0;
}
