// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Asks for the pixel size and DPI of a PNG chart export.

#include "chartexporter.h"

#include <QDialog>

class QSpinBox;

namespace wb::gui {

class PngExportDialog : public QDialog
{
    Q_OBJECT
public:
    explicit PngExportDialog(const charts::ExportSettings &initial, QWidget *parent = nullptr);
    charts::ExportSettings settings() const;

private:
    QSpinBox *m_width;
    QSpinBox *m_height;
    QSpinBox *m_dpi;
};

} // namespace wb::gui
