#include "ui/run/EnvironmentProbe.h"

#include <QJsonDocument>

namespace graphlens::ui {

EnvironmentProbe::EnvironmentProbe(QObject* parent) : QObject(parent) {
    connect(&m_query, &EngineQuery::failed, this, &EnvironmentProbe::failed);
    connect(&m_query, &EngineQuery::answered, this, [this](const QByteArray& output, const QString& program) {
        QJsonParseError error;
        const auto document = QJsonDocument::fromJson(output, &error);
        if (!document.isObject()) {
            emit failed(tr("Cannot read the environment from %1: %2")
                            .arg(program, error.error != QJsonParseError::NoError ? error.errorString()
                                                                                  : tr("not a JSON object")));
            return;
        }
        emit probed(document.object());
    });
}

void EnvironmentProbe::start(const QString& executable) {
    // env loads libtorch and asks the driver: seconds at most; a hung engine must not keep a process.
    m_query.start(executable, {QStringLiteral("env"), QStringLiteral("--json")}, 30000);
}

}  // namespace graphlens::ui
