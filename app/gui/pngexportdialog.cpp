// SPDX-License-Identifier: GPL-3.0-or-later
#include "pngexportdialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QSpinBox>

namespace wb::gui {

PngExportDialog::PngExportDialog(const charts::ExportSettings &initial, QWidget *parent)
    : QDialog(parent), m_width(new QSpinBox), m_height(new QSpinBox), m_dpi(new QSpinBox)
{
    setWindowTitle(tr("Export PNG"));
    for (QSpinBox *box : {m_width, m_height}) {
        box->setRange(64, 20000);
        box->setSuffix(tr(" px"));
    }
    m_width->setValue(initial.size.width());
    m_height->setValue(initial.size.height());
    m_dpi->setRange(24, 2400);
    m_dpi->setValue(initial.dpi);
    m_dpi->setSuffix(tr(" dpi"));
    auto *form = new QFormLayout(this);
    form->addRow(tr("&Width:"), m_width);
    form->addRow(tr("&Height:"), m_height);
    form->addRow(tr("&Resolution:"), m_dpi);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

charts::ExportSettings PngExportDialog::settings() const
{
    return {QSize(m_width->value(), m_height->value()), m_dpi->value()};
}

} // namespace wb::gui
