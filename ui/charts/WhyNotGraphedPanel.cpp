#include "ui/charts/WhyNotGraphedPanel.h"

#include "ui/models/RedrawSchedule.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>
#include <utility>

namespace graphlens::ui {
namespace {

// Plain text (a call or an operator may hold '<' or '>'), wrapped, selectable: users copy the module path.
QLabel* textLabel(const QString& objectName, const QString& accessibleName) {
    auto* label = new QLabel;
    label->setObjectName(objectName);
    label->setAccessibleName(accessibleName);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    label->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    return label;
}

}  // namespace

WhyNotGraphedPanel::WhyNotGraphedPanel(QWidget* parent) : QFrame(parent) {
    setObjectName(QStringLiteral("whyNotGraphedPanel"));
    setAccessibleName(title());
    setFrameShape(QFrame::StyledPanel);
    m_title = new QLabel(title());
    QFont heading = m_title->font();
    heading.setBold(true);
    heading.setPointSizeF(heading.pointSizeF() * 1.15);
    m_title->setFont(heading);
    m_row = textLabel(QStringLiteral("whyNotGraphedRow"), tr("Refused row"));
    m_kind = textLabel(QStringLiteral("whyNotGraphedKind"), tr("Kind of refusal"));
    QFont bold = m_kind->font();
    bold.setBold(true);
    m_kind->setFont(bold);
    m_call = textLabel(QStringLiteral("whyNotGraphedCall"), tr("Failed CUDA call"));
    m_op = textLabel(QStringLiteral("whyNotGraphedOperator"), tr("Operator in progress"));
    m_module = textLabel(QStringLiteral("whyNotGraphedModule"), tr("Module"));
    // A grid, not a QFormLayout: hiding a row with QFormLayout::setRowVisible aborted with heap
    // corruption in its heightForWidth (wrapped labels, Qt 6.4.2). A value and its name hide together.
    m_fields = new QGridLayout;
    m_fields->setContentsMargins(0, 0, 0, 0);
    m_fields->setColumnStretch(1, 1);
    int line = 0;
    for (auto [name, value] : {std::pair{tr("Call:"), m_call}, {tr("Operator:"), m_op}, {tr("Module:"), m_module}}) {
        auto* label = new QLabel(name);
        label->setBuddy(value);
        m_fields->addWidget(label, line, 0, Qt::AlignTop);
        m_fields->addWidget(value, line, 1);
        ++line;
    }
    // What to do stands apart from the facts above it (styleAdvice: a bar and a tint of the palette).
    m_advice = textLabel(QStringLiteral("whyNotGraphedAdvice"), tr("What to do"));
    m_advice->setFont(bold);
    m_message = textLabel(QStringLiteral("whyNotGraphedMessage"), tr("Row message"));
    m_missing = textLabel(QStringLiteral("whyNotGraphedMissing"), tr("Why the detail is missing"));
    QFont note = m_missing->font();
    note.setItalic(true);
    m_missing->setFont(note);
    m_placeholder = textLabel(QStringLiteral("whyNotGraphedPlaceholder"), tr("Nothing to explain"));
    m_placeholder->setEnabled(false);  // secondary text, in the palette's disabled colour

    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(10, 8, 10, 8);
    layout->addWidget(m_title);
    layout->addWidget(m_row);
    layout->addWidget(m_kind);
    layout->addLayout(m_fields);
    layout->addWidget(m_advice);
    layout->addWidget(m_message);
    layout->addWidget(m_missing);
    layout->addWidget(m_placeholder);
    layout->addStretch(1);
    // The table page is short: a long call or message scrolls here instead of squeezing the table.
    auto* scroll = new QScrollArea;
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);
    setMinimumWidth(340);  // "Call:" and a CUDA error name side by side, on one line each
    setMaximumWidth(560);  // sentences need no more; the table beside it keeps the rest

    m_redraw.setSingleShot(true);
    m_redraw.setInterval(RedrawSchedule::kStreamIntervalMs);
    connect(&m_redraw, &QTimer::timeout, this, &WhyNotGraphedPanel::refresh);
    styleAdvice();
    refresh();  // no rows yet: hidden
}

QString WhyNotGraphedPanel::title() { return tr("Why not graphed"); }

QString WhyNotGraphedPanel::placeholder(int refused) {
    const QString which = refused == 1 ? tr("One graphed row of this session was refused; select it")
                                       : tr("%1 graphed rows of this session were refused; select one").arg(refused);
    return tr("The selected row was not refused: nothing to explain here. %1 (red, status refused) or the eager "
              "row of its configuration.")
        .arg(which);
}

void WhyNotGraphedPanel::setRowSource(RowSource rows) {
    m_rowSource = std::move(rows);
    refresh();
}

void WhyNotGraphedPanel::rowsChanged() {
    // Not restarted while running: a steady stream still redraws every interval.
    if (!m_redraw.isActive()) m_redraw.start();
}

void WhyNotGraphedPanel::explainSelection(const std::vector<results::Measurement>& selected) {
    if (selected.empty()) m_selected.reset();
    else m_selected = selected.front();
    refresh();
}

void WhyNotGraphedPanel::refresh() {
    m_redraw.stop();
    static const std::vector<results::Measurement> none;
    const auto& rows = m_rowSource ? m_rowSource() : none;
    const int refused = RefusalExplanation::refusedCount(rows);
    const results::Measurement* firstRefused = RefusalExplanation::firstRefused(rows);
    // Nothing refused in the session: no panel, so the table keeps the width.
    setVisible(firstRefused != nullptr);
    if (!firstRefused) {
        m_explanation.reset();
        return;
    }
    const results::Measurement* row =
        m_selected ? RefusalExplanation::refusedRowFor(rows, *m_selected) : firstRefused;
    if (row) showExplanation(RefusalExplanation::of(*row));
    else showPlaceholder(placeholder(refused));
}

void WhyNotGraphedPanel::showExplanation(const RefusalExplanation& explanation) {
    m_explanation = explanation;
    const auto set = [](QLabel* label, const QString& text) {
        label->setText(text);
        label->setVisible(!text.isEmpty());
    };
    set(m_row, explanation.row);
    set(m_kind, explanation.kind);
    // A mismatch has no failed call or operator: only the lines the diagnosis filled are shown.
    setField(m_call, explanation.call);
    setField(m_op, explanation.op);
    setField(m_module, explanation.module);
    set(m_advice, explanation.advice.isEmpty() ? QString() : tr("What to do: %1").arg(explanation.advice));
    set(m_message, explanation.message);
    set(m_missing, explanation.missing);
    set(m_placeholder, QString());
}

void WhyNotGraphedPanel::setField(QLabel* value, const QString& text) {
    value->setText(text);
    value->setVisible(!text.isEmpty());
    int line = 0, column = 0, lines = 0, columns = 0;
    m_fields->getItemPosition(m_fields->indexOf(value), &line, &column, &lines, &columns);
    if (auto* name = m_fields->itemAtPosition(line, 0)) name->widget()->setVisible(!text.isEmpty());
}

void WhyNotGraphedPanel::showPlaceholder(const QString& text) {
    m_explanation.reset();
    for (QLabel* label : {m_row, m_kind, m_advice, m_message, m_missing}) {
        label->clear();
        label->hide();
    }
    for (QLabel* label : {m_call, m_op, m_module}) setField(label, QString());
    m_placeholder->setText(text);
    m_placeholder->show();
}

QString WhyNotGraphedPanel::text() const {
    QStringList lines{title()};
    if (!m_explanation) return (lines << m_placeholder->text()).join(QLatin1Char('\n'));
    const auto& e = *m_explanation;
    const auto add = [&](const QString& label, const QString& value) {
        if (!value.isEmpty()) lines << (label.isEmpty() ? value : label + QLatin1Char(' ') + value);
    };
    add({}, e.row);
    add({}, e.kind);
    add(tr("Call:"), e.call);
    add(tr("Operator:"), e.op);
    add(tr("Module:"), e.module);
    add({}, m_advice->text());
    add({}, e.message);
    add({}, e.missing);
    return lines.join(QLatin1Char('\n'));
}

void WhyNotGraphedPanel::changeEvent(QEvent* event) {
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) styleAdvice();
}

void WhyNotGraphedPanel::styleAdvice() {
    // A bar in the highlight colour on the palette's alternate base: readable on the light and the dark theme.
    const QPalette& p = palette();
    m_advice->setStyleSheet(QStringLiteral("QLabel { border-left: 4px solid %1; background: %2; color: %3; "
                                           "padding: 4px 6px; }")
                                .arg(p.color(QPalette::Highlight).name(), p.color(QPalette::AlternateBase).name(),
                                     p.color(QPalette::Text).name()));
}

}  // namespace graphlens::ui
