#include "ui/run/FamilyListDelegate.h"

#include <QApplication>
#include <QPainter>
#include <QStyle>

#include <utility>

namespace graphlens::ui {
namespace {

constexpr int kGap = 16;  // pixels between the name and its details

}  // namespace

FamilyListDelegate::FamilyListDelegate(QHash<QString, QString> details, QObject* parent)
    : QStyledItemDelegate(parent), m_details(std::move(details)) {}

void FamilyListDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const {
    QStyleOptionViewItem item = option;
    initStyleOption(&item, index);
    const QString name = item.text;
    const QString details = m_details.value(name);
    item.text.clear();  // the style draws background, focus and selection; the two texts are ours
    const QStyle* style = item.widget ? item.widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &item, painter, item.widget);

    const QRect text = style->subElementRect(QStyle::SE_ItemViewItemText, &item, item.widget);
    const bool selected = item.state & QStyle::State_Selected;
    painter->save();
    painter->setFont(item.font);
    painter->setPen(item.palette.color(selected ? QPalette::HighlightedText : QPalette::Text));
    const int nameWidth = item.fontMetrics.horizontalAdvance(name);
    painter->drawText(text, Qt::AlignLeft | Qt::AlignVCenter, name);
    if (!details.isEmpty()) {
        // Secondary text: PlaceholderText keeps its contrast on light and dark palettes.
        painter->setPen(item.palette.color(selected ? QPalette::HighlightedText : QPalette::PlaceholderText));
        const QRect rest = text.adjusted(nameWidth + kGap, 0, 0, 0);
        painter->drawText(rest, Qt::AlignLeft | Qt::AlignVCenter,
                          item.fontMetrics.elidedText(details, Qt::ElideRight, rest.width()));
    }
    painter->restore();
}

QSize FamilyListDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const {
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    const QString details = m_details.value(index.data(Qt::DisplayRole).toString());
    if (!details.isEmpty()) size.rwidth() += kGap + option.fontMetrics.horizontalAdvance(details);
    return size;
}

}  // namespace graphlens::ui
