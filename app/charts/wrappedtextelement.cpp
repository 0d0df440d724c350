// SPDX-License-Identifier: GPL-3.0-or-later
#include "wrappedtextelement.h"

#include <QFontMetrics>

#include <algorithm>

namespace wb::charts {

namespace {

constexpr int kMinimumWidth = 40; // never ask for less than a word or two

} // namespace

WrappedTextElement::WrappedTextElement(QCustomPlot *plot, const QString &text, const QFont &font)
    : QCPTextElement(plot, text, font)
{
}

QSize WrappedTextElement::wrappedSize(int width) const
{
    const QFontMetrics metrics(mFont);
    return metrics.boundingRect(QRect(0, 0, std::max(1, width), 100000), mTextFlags | Qt::TextWordWrap, mText).size();
}

int WrappedTextElement::availableWidth() const
{
    // Titles and captions span the whole top-level layout, which fills the
    // viewport: its width is known before the layout hands out rects.
    const int viewport = mParentPlot ? mParentPlot->viewport().width() : 0;
    return std::max(kMinimumWidth, viewport - mMargins.left() - mMargins.right());
}

QSize WrappedTextElement::minimumOuterSizeHint() const
{
    const QSize text = wrappedSize(availableWidth());
    return QSize(kMinimumWidth + mMargins.left() + mMargins.right(), text.height() + mMargins.top() + mMargins.bottom());
}

QSize WrappedTextElement::maximumOuterSizeHint() const
{
    const QSize text = wrappedSize(availableWidth());
    return QSize(QWIDGETSIZE_MAX, text.height() + mMargins.top() + mMargins.bottom());
}

void WrappedTextElement::draw(QCPPainter *painter)
{
    painter->setFont(mainFont());
    painter->setPen(QPen(mainTextColor()));
    painter->drawText(mRect, mTextFlags | Qt::TextWordWrap, mText, &mTextBoundingRect);
}

} // namespace wb::charts
