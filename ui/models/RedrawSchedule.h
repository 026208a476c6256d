#pragma once
// When a view over the results model redraws. A new model or a reset (a session opened, a family
// chosen) redraws at once; rows streaming in from a sweep redraw at most once per kStreamIntervalMs,
// and a hidden view (a tab in the background) not at all until it is shown. Redrawing every view at
// every streamed row made a 2,000-row sweep take minutes: each redraw rebuilds a chart's series
// from all rows, and six charts and the summary card did it per row.
#include <QObject>
#include <QTimer>
#include <functional>

class QAbstractItemModel;
class QWidget;

namespace graphlens::ui {

class RedrawSchedule : public QObject {
    Q_OBJECT
public:
    static constexpr int kStreamIntervalMs = 100;  // 10 redraws a second look live

    // `redraw` rebuilds `view` from its model; the schedule is a child of the view.
    RedrawSchedule(QWidget* view, std::function<void()> redraw);

    // Follows the model's resets (now()) and row changes (soon()); the previous model is let go.
    void watch(const QAbstractItemModel* model);
    void now();    // redraw at once, whatever is pending
    void nowIfShown();  // redraw at once if the view is shown, else when it is shown (a new family chosen)
    void soon();   // redraw within kStreamIntervalMs if the view is shown, else when it is shown
    void flush();  // redraw now if a change is pending (before a chart is exported or grabbed)
    bool pending() const { return m_pending; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void due();

    QWidget* m_view = nullptr;
    std::function<void()> m_redraw;
    const QAbstractItemModel* m_model = nullptr;
    QTimer m_timer;
    bool m_pending = false;
};

}  // namespace graphlens::ui
