// SPDX-License-Identifier: GPL-3.0-or-later
#include "legendnote.h"

#include <QFontMetrics>

#include <algorithm>

namespace wb::charts {

LegendNote::LegendNote(QCPLegend *legend, const QString &sample, const QString &text)
    : QCPAbstractLegendItem(legend), m_sample(sample), m_text(text)
{
    setSelectable(false);
}

QFont LegendNote::sampleFont() const
{
    QFont f = mFont;
    f.setPointSizeF(std::max(5.0, f.pointSizeF() - 1));
    return f;
}

void LegendNote::draw(QCPPainter *painter)
{
    const QSize icon = mParentLegend->iconSize();
    const int sampleWidth = std::max(icon.width(), QFontMetrics(sampleFont()).horizontalAdvance(m_sample));
    const QRect iconRect(mRect.topLeft(), QSize(sampleWidth, icon.height()));
    const QRect textRect(mRect.left() + sampleWidth + mParentLegend->iconTextPadding(), mRect.top(),
                         std::max(0, mRect.width() - sampleWidth - mParentLegend->iconTextPadding()),
                         std::max(icon.height(), mRect.height()));
    // Text at the top of the row, as QCPPlottableLegendItem draws its name,
    // so the note lines up with the entries beside it.
    painter->setPen(QPen(mTextColor));
    painter->setFont(mFont);
    painter->drawText(textRect, Qt::AlignLeft | Qt::AlignTop | Qt::TextDontClip, m_text);
    painter->setFont(sampleFont());
    painter->drawText(QRect(iconRect.topLeft(), QSize(iconRect.width(), QFontMetrics(mFont).height())),
                      Qt::AlignCenter | Qt::TextDontClip, m_sample);
}

QSize LegendNote::minimumOuterSizeHint() const
{
    const QSize icon = mParentLegend->iconSize();
    const QFontMetrics metrics(mFont);
    const QSize text = metrics.boundingRect(0, 0, 0, icon.height(), Qt::TextDontClip, m_text).size();
    const int sample = QFontMetrics(sampleFont()).horizontalAdvance(m_sample);
    return QSize(std::max(icon.width(), sample) + mParentLegend->iconTextPadding() + text.width() + mMargins.left()
                     + mMargins.right(),
                 std::max(icon.height(), text.height()) + mMargins.top() + mMargins.bottom());
}

} // namespace wb::charts
