#pragma once
// Base of the chart views: a QChartView over MeasurementTableModel that redraws from the model's
// rows when they change, on the RedrawSchedule (at once for a reset, coalesced while rows stream
// in, and only when shown), and draws only the charted rows (ChartedRows: at most a few series, of
// the family chosen in the filter bar).
//
// A view draws one chart, or several quantities as small multiples: panels added with addPanel()
// share the batch axis range, the view's title (chart(), which then draws nothing itself) and one
// legend. Either way the legend is a ChartLegendItem below the plots, wrapped, never elided.
#include "ui/charts/ChartedRows.h"
#include "ui/charts/HighlightableChart.h"
#include "ui/charts/PointHighlighter.h"

#include <QChartView>
#include <QList>
#include <string>

class QAbstractSeries;
class QGraphicsTextItem;

namespace graphlens::ui {

class ChartLegendItem;
class MeasurementTableModel;
class RedrawSchedule;

class ModelChartView : public QChartView, public HighlightableChart {
    Q_OBJECT
public:
    explicit ModelChartView(QWidget* parent = nullptr);

    void setModel(const MeasurementTableModel* model);
    const MeasurementTableModel* model() const { return m_model; }
    // Marks the rows' points on the series rebuild() tracked with highlighter().
    void highlightRows(const std::vector<results::Measurement>& rows) override;
    // Chart only this family's series (empty: every family, up to kMaxChartedSeries series).
    void setChartFamily(const std::string& family);
    // A series per GPU, host or driver as well as per configuration (SeriesGrouping); by family by default.
    void setSeriesGrouping(const SeriesGrouping& grouping);
    const SeriesGrouping& seriesGrouping() const { return m_grouping; }
    // A redraw that rows streamed in have scheduled, done now: before the chart is exported or grabbed.
    void redrawIfPending();
    bool redrawPending() const;

    // The charts that draw series: chart() alone, or the shown panels of small multiples.
    QList<QChart*> panels() const;
    QList<QAbstractSeries*> allSeries() const;
    ChartLegendItem* legendItem() const { return m_legend; }
    // The report draws the legend on its page, wrapped in its own way: the view then leaves it out.
    void setLegendShown(bool shown);
    // Legend entries and the layout brought up to date with the series (done on redraw, resize
    // and paint; call before rendering the view elsewhere).
    void syncLegend();

protected:
    // Called by redraw(); subclasses rebuild their series from chartRows().
    virtual void rebuild() = 0;
    // The model's rows this chart draws (see ChartedRows); valid during and after rebuild().
    const std::vector<results::Measurement>& chartRows() const { return m_charted.rows(); }
    // rebuild() tracks each series it adds here; the highlight is re-applied after every rebuild.
    PointHighlighter& highlighter() { return m_highlighter; }
    // A small-multiple panel titled with its quantity, after the others (constructor only; the
    // first call turns chart() into the title holder).
    QChart* addPanel(const QString& title);
    void setPanelShown(QChart* panel, bool shown);

    void resizeEvent(QResizeEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    void redraw();  // rebuild() between forgetting the old series and re-applying the highlight
    void layOut();
    void applyLook();  // palette onto the panels, title and legend

    const MeasurementTableModel* m_model = nullptr;
    std::string m_family;
    SeriesGrouping m_grouping;
    ChartedRows m_charted;
    QString m_titleNote;  // what redraw() appended to the title, taken off before the next rebuild
    PointHighlighter m_highlighter;
    RedrawSchedule* m_schedule = nullptr;
    QList<QChart*> m_panels;  // small multiples; empty for a single chart
    QList<QChart*> m_hiddenPanels;
    QGraphicsTextItem* m_title = nullptr;  // small multiples only
    ChartLegendItem* m_legend = nullptr;
    bool m_legendShown = true;
    bool m_laying = false;
};

}  // namespace graphlens::ui
