// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A legend entry that explains a kind of label drawn on the chart rather
// than a plottable: a sample of the label where the icon goes ("98%"), then
// what it means ("share of the UDP line rate").

#include "qcustomplotinclude.h"

namespace wb::charts {

class LegendNote : public QCPAbstractLegendItem
{
    Q_OBJECT
public:
    LegendNote(QCPLegend *legend, const QString &sample, const QString &text);

    QString sample() const { return m_sample; }
    QString text() const { return m_text; }
    void setText(const QString &text) { m_text = text; }

protected:
    void draw(QCPPainter *painter) override;
    QSize minimumOuterSizeHint() const override;

private:
    QFont sampleFont() const;

    QString m_sample;
    QString m_text;
};

} // namespace wb::charts
