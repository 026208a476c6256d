#include "ui/report/BuildWarning.h"

#include "results/BuildType.h"

#include <QCoreApplication>
#include <QStringList>

namespace graphlens::ui {
namespace {

QString tr(const char* text) { return QCoreApplication::translate("graphlens::ui::BuildWarning", text); }

}  // namespace

QString buildWarning(const std::string& buildType) {
    if (!results::isUnrepresentativeBuild(buildType)) return {};
    const QString which = QString::fromStdString(buildType).compare(QStringLiteral("Debug"), Qt::CaseInsensitive) == 0
                              ? tr("a Debug build")
                              : tr("an unoptimised build (%1)").arg(QString::fromStdString(buildType));
    return tr("Measured with %1 of GraphLens: its own code ran unoptimised, which slows eager steps more than graph "
              "replays, so these times and speedups are not representative. Measure again with a Release build "
              "before quoting them.")
        .arg(which);
}

QString buildWarning(const std::vector<results::Measurement>& rows) {
    return buildWarning(results::unrepresentativeBuildOf(rows));
}

QString buildWarning(const results::Session& session) {
    const QString fromEnvironment = buildWarning(results::buildTypeOf(session.environment, {}));
    return fromEnvironment.isEmpty() ? buildWarning(session.rows) : fromEnvironment;
}

QString buildDescription(const results::Session& session) {
    const std::string type = results::buildTypeOf(session.environment, session.rows);
    if (type == results::kUnknownBuildType) return tr("unknown (not recorded by this session)");
    const auto& env = session.environment;
    QStringList details;
    if (const auto optimized = env.find("build_optimized"); optimized != env.end() && optimized->is_boolean()) {
        details << (optimized->get<bool>() ? tr("optimised") : tr("unoptimised"));
    }
    if (const auto assertions = env.find("build_assertions"); assertions != env.end() && assertions->is_boolean()) {
        details << (assertions->get<bool>() ? tr("assertions on") : tr("assertions off"));
    }
    if (const auto compiler = env.find("compiler"); compiler != env.end() && compiler->is_string()) {
        details << QString::fromStdString(compiler->get<std::string>());
    }
    // The label already says "(unoptimised)" when it is: no need to say it twice.
    QString text = QString::fromStdString(type);
    if (!details.isEmpty()) text += QStringLiteral(" (") + details.join(QStringLiteral(", ")) + QLatin1Char(')');
    return text.replace(QStringLiteral(" (unoptimised) (unoptimised, "), QStringLiteral(" (unoptimised, "));
}

}  // namespace graphlens::ui
