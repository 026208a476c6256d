#pragma once
// Draws each family of the model box's list as its name followed, in the secondary text colour, by
// its details (task, size, parameters, graph support: FamilyEntry::details), so they are read while
// choosing; the box itself and the plan keep the bare name.
#include <QHash>
#include <QStyledItemDelegate>

namespace graphlens::ui {

class FamilyListDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    // details: family name -> its details line; copied, the list is rebuilt with the catalog.
    FamilyListDelegate(QHash<QString, QString> details, QObject* parent = nullptr);

    QString detailsFor(const QString& name) const { return m_details.value(name); }
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    QHash<QString, QString> m_details;
};

}  // namespace graphlens::ui
