#pragma once
// One profiled eager step above one graphed step of the same batch, on one time axis that starts at
// each step's start: per step a CPU lane (the API calls of the step's thread, phases above it) and a
// GPU lane per stream (kernels, copies, sets; graph slices as a band above them), the GPU's idle gaps
// shaded and summed beside the row. The gaps that vanish under the graph are the speedup.
// Wheel or +/- zooms around the cursor, drag or the arrow keys pan, 0 resets to the whole steps;
// hovering names the item under the cursor and its duration.
// Items are placed once per change (placedItems(), by TimelineLayout); painting (TimelinePainter)
// and tooltips both read that placement.
#include "ui/timeline/StepTrace.h"
#include "ui/timeline/TimelineAxis.h"
#include "ui/timeline/TimelineItem.h"
#include "ui/timeline/TimelineLayout.h"

#include <QWidget>

#include <optional>
#include <vector>

namespace graphlens::ui {

class StepTimelineView : public QWidget {
    Q_OBJECT
public:
    using Lane = TimelineLane;
    using Style = TimelineStyle;
    using PlacedItem = TimelineItem;

    explicit StepTimelineView(QWidget* parent = nullptr);

    void setPair(const StepPair& pair);  // fits both steps to the width
    void clear();
    bool hasPair() const { return m_pair.has_value(); }
    const TraceStep* step(int row) const;

    double pixelsPerUs() const { return m_pixelsPerUs; }
    double viewStartUs() const { return m_viewStartUs; }
    double xForTime(double us) const;
    double timeAt(double x) const;
    // The horizontal extent of the lanes (the time axis), in widget coordinates.
    double plotLeft() const;
    double plotWidth() const;

    // factor > 1 zooms in; the time under anchorX stays where it is.
    void zoomBy(double factor, double anchorX);
    void zoomIn();
    void zoomOut();
    void resetZoom();
    void panByPixels(double pixels);  // positive: later times come into view

    const std::vector<PlacedItem>& placedItems() const { return m_layout.items(); }
    // What the tooltip says at pos (widget coordinates); empty where nothing is.
    QString toolTipAt(const QPointF& pos) const;
    // "GPU idle 260 µs of 500 µs (52%)".
    static QString idleSummary(const TraceStep& step);
    // 0.45 µs, 12.5 µs, 260 µs, 2.10 ms.
    static QString formatDuration(double us);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void viewChanged();  // zoom or pan

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    double longestStepUs() const;
    double fitPixelsPerUs() const;
    TimelineAxis axis() const;
    void setView(double pixelsPerUs, double viewStartUs);
    void placeItems();

    std::optional<StepPair> m_pair;
    TimelineLayout m_layout;
    double m_pixelsPerUs = 1.0;
    double m_viewStartUs = 0.0;
    bool m_fitted = true;  // follows the width until the user zooms
    std::optional<double> m_dragX;
};

}  // namespace graphlens::ui
