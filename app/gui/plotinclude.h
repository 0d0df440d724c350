// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Include qcustomplot.h through this header in the pages. QCustomPlot 2.1
// uses Qt's `foreach` in two inline templates while the project builds with
// QT_NO_FOREACH: give that header alone a range-for stand-in.

#ifdef foreach
#include <qcustomplot.h>
#else
#define foreach(variable, container) for (variable : container)
#include <qcustomplot.h>
#undef foreach
#endif
