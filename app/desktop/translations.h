// SPDX-License-Identifier: GPL-3.0-or-later
// The desktop program's translations: our catalogue (translations/*.ts,
// embedded under :/i18n) and Qt's own (qtbase_*.qm), chosen by the user's
// languages. The CLI never installs them.
#pragma once

#include <QString>
#include <QStringList>

class QCoreApplication;

namespace wb {

// The language the program shows for these preferences (as
// QLocale::uiLanguages() gives them, most wanted first): the first that is
// English or has a catalogue. Empty means English.
QString translationLanguage(const QStringList &uiLanguages);

// Installs the translators for the system locale (LANGUAGE, LC_ALL,
// LC_MESSAGES, LANG; C or POSIX means English) on the application and
// returns the language chosen ("" for English).
QString installTranslations(QCoreApplication &app);

// The same for an explicit list of languages (tests).
QString installTranslations(QCoreApplication &app, const QStringList &uiLanguages);

// What the program does at start: installTranslations(app) for the system
// locale, and figures in the C locale's format in every language ("1.5", no
// thousands separators, as in the charts, CSV and --json); dates keep the
// user's format through QLocale::system().
QString setUpLanguage(QCoreApplication &app);

// Removes what installTranslations() installed.
void removeTranslations(QCoreApplication &app);

} // namespace wb
