#include "ui/timeline/PairRow.h"

#include <QStringList>

namespace graphlens::ui {

const results::Measurement* graphedRowOfPair(const std::vector<results::Measurement>& rows, const StepPair& pair) {
    const QStringList words = pair.label.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words.isEmpty()) return nullptr;
    const std::string family = words.front().toStdString();
    // The word after the batch is the memory format, when the label has one.
    const qsizetype batchWord = words.indexOf(QStringLiteral("batch"));
    const std::string format =
        batchWord >= 0 && batchWord + 2 < words.size() ? words[batchWord + 2].toStdString() : std::string();
    const results::Measurement* best = nullptr;
    int bestScore = -1;
    for (const auto& row : rows) {
        if (row.arm != "graphed" || row.pass == "profiled" || row.family != family) continue;
        if (pair.batch > 0 && row.batch != pair.batch) continue;
        if (!format.empty() && !row.memory_format.empty() && row.memory_format != format) continue;
        // The trace's profiled pass is of the inference step unless it says otherwise.
        const int score = (row.explain_saved_ms ? 4 : 0) + (row.phase == "infer" ? 2 : 0) + (row.scope == "step" ? 1 : 0);
        if (score > bestScore) {
            best = &row;
            bestScore = score;
        }
    }
    return best;
}

}  // namespace graphlens::ui
