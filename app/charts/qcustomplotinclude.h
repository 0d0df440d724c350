// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Include qcustomplot.h through this header. QCustomPlot 2.1 uses Qt's
// `foreach` in two inline templates, and the project builds with
// QT_NO_FOREACH (see cmake/CommonConfig.cmake): give that header alone a
// range-for stand-in, then take it away again.

#ifdef foreach
#include <qcustomplot.h>
#else
#define foreach(variable, container) for (variable : container)
#include <qcustomplot.h>
#undef foreach
#endif
