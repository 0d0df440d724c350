// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartkind.h"

#include "analysis/comparisondata.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace wb::charts {

QList<ChartKind> allChartKinds()
{
    return {ChartKind::Bars, ChartKind::TimeSeries, ChartKind::LatencyCdf, ChartKind::Sweep, ChartKind::HeatMap};
}

QString chartKindTitle(ChartKind kind)
{
    switch (kind) {
    case ChartKind::Bars:
        return QCoreApplication::translate("wb::charts", "Bars with confidence intervals");
    case ChartKind::TimeSeries:
        return QCoreApplication::translate("wb::charts", "Time series");
    case ChartKind::LatencyCdf:
        return QCoreApplication::translate("wb::charts", "Latency CDF");
    case ChartKind::Sweep:
        return QCoreApplication::translate("wb::charts", "Message-size sweep");
    case ChartKind::HeatMap:
        return QCoreApplication::translate("wb::charts", "Host-pair matrix");
    }
    return {};
}

QString chartKindKey(ChartKind kind)
{
    switch (kind) {
    case ChartKind::Bars:
        return u"bars"_s;
    case ChartKind::TimeSeries:
        return u"timeseries"_s;
    case ChartKind::LatencyCdf:
        return u"cdf"_s;
    case ChartKind::Sweep:
        return u"sweep"_s;
    case ChartKind::HeatMap:
        return u"heatmap"_s;
    }
    return {};
}

std::optional<ChartKind> chartKindFromKey(const QString &key)
{
    for (ChartKind k : allChartKinds())
        if (chartKindKey(k) == key)
            return k;
    return std::nullopt;
}

bool chartKindAvailable(const ComparisonData &data, ChartKind kind)
{
    switch (kind) {
    case ChartKind::Bars:
        return data.hasBars();
    case ChartKind::TimeSeries:
        return !data.timeSeries.isEmpty();
    case ChartKind::LatencyCdf:
        return !data.latencies.isEmpty();
    case ChartKind::Sweep:
        return !data.sweeps.isEmpty();
    case ChartKind::HeatMap:
        return data.hasMatrix();
    }
    return false;
}

} // namespace wb::charts
