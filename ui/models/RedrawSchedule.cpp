#include "ui/models/RedrawSchedule.h"

#include <QAbstractItemModel>
#include <QEvent>
#include <QWidget>

namespace graphlens::ui {

RedrawSchedule::RedrawSchedule(QWidget* view, std::function<void()> redraw)
    : QObject(view), m_view(view), m_redraw(std::move(redraw)) {
    m_timer.setSingleShot(true);
    m_timer.setInterval(kStreamIntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &RedrawSchedule::due);
    m_view->installEventFilter(this);
}

void RedrawSchedule::watch(const QAbstractItemModel* model) {
    if (m_model) disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    if (m_model) {
        connect(m_model, &QAbstractItemModel::modelReset, this, &RedrawSchedule::now);
        connect(m_model, &QAbstractItemModel::rowsInserted, this, &RedrawSchedule::soon);
        connect(m_model, &QAbstractItemModel::rowsRemoved, this, &RedrawSchedule::soon);
        connect(m_model, &QAbstractItemModel::dataChanged, this, &RedrawSchedule::soon);
    }
}

void RedrawSchedule::now() {
    m_timer.stop();
    m_pending = false;
    m_redraw();
}

void RedrawSchedule::nowIfShown() {
    if (m_view->isVisible()) {
        now();
    } else {
        m_timer.stop();
        m_pending = true;
    }
}

void RedrawSchedule::soon() {
    m_pending = true;
    // Not restarted while running: a steady stream still redraws every interval, not only when it pauses.
    if (m_view->isVisible() && !m_timer.isActive()) m_timer.start();
}

void RedrawSchedule::flush() {
    if (m_pending) now();
}

void RedrawSchedule::due() {
    if (m_pending && m_view->isVisible()) now();  // hidden: the Show event redraws
}

bool RedrawSchedule::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_view && event->type() == QEvent::Show) flush();
    return QObject::eventFilter(watched, event);
}

}  // namespace graphlens::ui
