// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A chart title or caption that wraps at the chart's width. QCPTextElement
// asks its layout for the width of its longest line, so a long caption made
// the layout wider than the chart and was cut at the right edge; this one
// asks for the height its words need at the width the chart has, whatever
// size it is drawn or exported at.

#include "qcustomplotinclude.h"

namespace wb::charts {

class WrappedTextElement : public QCPTextElement
{
public:
    WrappedTextElement(QCustomPlot *plot, const QString &text, const QFont &font);

    // The size the text needs when wrapped at `width` pixels.
    QSize wrappedSize(int width) const;

protected:
    void draw(QCPPainter *painter) override;
    QSize minimumOuterSizeHint() const override;
    QSize maximumOuterSizeHint() const override;

private:
    int availableWidth() const;
};

} // namespace wb::charts
