#include "ui/timeline/StepTimelineView.h"

#include "ui/timeline/TimelinePainter.h"
#include "ui/timeline/TimelineText.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace graphlens::ui {
namespace {

constexpr double kMaxPixelsPerUs = 200;  // 5 ns per pixel: finer than any record of interest
constexpr double kWheelZoomPerNotch = 1.25;
constexpr double kKeyZoom = 1.5;

}  // namespace

StepTimelineView::StepTimelineView(QWidget* parent) : QWidget(parent) {
    setAccessibleName(tr("Step timeline"));
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAutoFillBackground(true);
    setCursor(Qt::OpenHandCursor);
}

void StepTimelineView::setPair(const StepPair& pair) {
    m_pair = pair;
    m_layout.layOutRows(&*m_pair);
    m_fitted = true;
    m_pixelsPerUs = fitPixelsPerUs();
    m_viewStartUs = 0;
    placeItems();
    setAccessibleDescription(tr("Eager step %1, %2; graphed step %3, %4")
                                 .arg(formatDuration(pair.eager.durationUs), idleSummary(pair.eager),
                                      formatDuration(pair.graphed.durationUs), idleSummary(pair.graphed)));
    updateGeometry();
    update();
    emit viewChanged();
}

void StepTimelineView::clear() {
    m_pair.reset();
    m_layout.clear();
    setAccessibleDescription({});
    updateGeometry();
    update();
}

const TraceStep* StepTimelineView::step(int row) const {
    if (!m_pair || row < 0 || row > 1) return nullptr;
    return row == 0 ? &m_pair->eager : &m_pair->graphed;
}

double StepTimelineView::plotLeft() const { return TimelineLayout::kLabelWidth; }

double StepTimelineView::plotWidth() const {
    return std::max(10.0, width() - TimelineLayout::kLabelWidth - TimelineLayout::kRightMargin);
}

TimelineAxis StepTimelineView::axis() const { return {plotLeft(), plotWidth(), m_pixelsPerUs, m_viewStartUs}; }

double StepTimelineView::xForTime(double us) const { return axis().xForTime(us); }

double StepTimelineView::timeAt(double x) const { return axis().timeAt(x); }

double StepTimelineView::longestStepUs() const {
    if (!m_pair) return 0;
    return std::max(m_pair->eager.durationUs, m_pair->graphed.durationUs);
}

double StepTimelineView::fitPixelsPerUs() const {
    const double longest = longestStepUs();
    return longest > 0 ? plotWidth() / longest : 1.0;
}

void StepTimelineView::setView(double pixelsPerUs, double viewStartUs) {
    const double fit = fitPixelsPerUs();
    const double scale = std::clamp(pixelsPerUs, fit, std::max(fit, kMaxPixelsPerUs));
    const double visible = plotWidth() / scale;
    const double start = std::clamp(viewStartUs, 0.0, std::max(0.0, longestStepUs() - visible));
    m_fitted = scale <= fit;
    if (scale == m_pixelsPerUs && start == m_viewStartUs) return;
    m_pixelsPerUs = scale;
    m_viewStartUs = start;
    placeItems();
    update();
    emit viewChanged();
}

void StepTimelineView::zoomBy(double factor, double anchorX) {
    if (!m_pair || !(factor > 0)) return;
    const double anchorUs = timeAt(anchorX);
    const double fit = fitPixelsPerUs();
    const double scale = std::clamp(m_pixelsPerUs * factor, fit, std::max(fit, kMaxPixelsPerUs));
    setView(scale, anchorUs - (anchorX - plotLeft()) / scale);
}

void StepTimelineView::zoomIn() { zoomBy(kKeyZoom, plotLeft() + plotWidth() / 2); }

void StepTimelineView::zoomOut() { zoomBy(1.0 / kKeyZoom, plotLeft() + plotWidth() / 2); }

void StepTimelineView::resetZoom() { setView(fitPixelsPerUs(), 0.0); }

void StepTimelineView::panByPixels(double pixels) { setView(m_pixelsPerUs, m_viewStartUs + pixels / m_pixelsPerUs); }

void StepTimelineView::placeItems() {
    if (m_pair) m_layout.placeItems(*m_pair, axis());
}

QString StepTimelineView::toolTipAt(const QPointF& pos) const {
    return m_pair ? m_layout.toolTipAt(*m_pair, axis(), pos) : QString();
}

QString StepTimelineView::idleSummary(const TraceStep& step) { return timeline_text::idleSummary(step); }

QString StepTimelineView::formatDuration(double us) { return timeline_text::formatDuration(us); }

QSize StepTimelineView::sizeHint() const { return {900, minimumSizeHint().height()}; }

QSize StepTimelineView::minimumSizeHint() const {
    return {int(TimelineLayout::kLabelWidth + TimelineLayout::kRightMargin + 200), int(m_layout.minimumHeight())};
}

void StepTimelineView::paintEvent(QPaintEvent*) {
    if (!m_pair) return;
    QPainter painter(this);
    TimelinePainter(painter, palette(), font(), axis()).paint(*m_pair, m_layout, height());
}

bool StepTimelineView::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            // Rich text with the names escaped: a kernel's "<float>" must not read as a tag.
            QToolTip::showText(help->globalPos(),
                               QStringLiteral("<p style='white-space:pre-wrap'>") +
                                   text.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")) +
                                   QStringLiteral("</p>"),
                               this);
        }
        return true;
    }
    return QWidget::event(event);
}

void StepTimelineView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (!m_pair) return;
    if (m_fitted) {
        m_pixelsPerUs = fitPixelsPerUs();
        m_viewStartUs = 0;
        placeItems();
    } else {
        setView(m_pixelsPerUs, m_viewStartUs);
        placeItems();
    }
}

void StepTimelineView::wheelEvent(QWheelEvent* event) {
    const QPoint delta = event->angleDelta();
    if (event->modifiers().testFlag(Qt::ShiftModifier) || std::abs(delta.x()) > std::abs(delta.y())) {
        const int along = delta.x() != 0 ? delta.x() : delta.y();
        panByPixels(-along / 120.0 * plotWidth() / 8);
    } else {
        zoomBy(std::pow(kWheelZoomPerNotch, delta.y() / 120.0), event->position().x());
    }
    event->accept();
}

void StepTimelineView::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomIn(); break;
    case Qt::Key_Minus: zoomOut(); break;
    case Qt::Key_0:
    case Qt::Key_Home: resetZoom(); break;
    case Qt::Key_Left: panByPixels(-plotWidth() / 10); break;
    case Qt::Key_Right: panByPixels(plotWidth() / 10); break;
    default: QWidget::keyPressEvent(event); return;
    }
    event->accept();
}

void StepTimelineView::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) {
        m_dragX = event->position().x();
        setCursor(Qt::ClosedHandCursor);
    }
    QWidget::mousePressEvent(event);
}

void StepTimelineView::mouseMoveEvent(QMouseEvent* event) {
    if (m_dragX) {
        const double x = event->position().x();
        panByPixels(*m_dragX - x);
        m_dragX = x;
    }
    QWidget::mouseMoveEvent(event);
}

void StepTimelineView::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) {
        m_dragX.reset();
        setCursor(Qt::OpenHandCursor);
    }
    QWidget::mouseReleaseEvent(event);
}

}  // namespace graphlens::ui
