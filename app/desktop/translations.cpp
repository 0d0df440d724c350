// SPDX-License-Identifier: GPL-3.0-or-later
#include "translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <memory>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

const QString kCatalogueDir = u":/i18n"_s;

std::unique_ptr<QTranslator> &ourTranslator()
{
    static std::unique_ptr<QTranslator> t;
    return t;
}

std::unique_ptr<QTranslator> &qtTranslator()
{
    static std::unique_ptr<QTranslator> t;
    return t;
}

bool isEnglish(const QString &language)
{
    return language == u"C"_s || language == u"POSIX"_s || QLocale(language).language() == QLocale::English;
}

} // namespace

QString translationLanguage(const QStringList &uiLanguages)
{
    for (const QString &language : uiLanguages) {
        if (language.isEmpty())
            continue;
        if (isEnglish(language))
            return {};
        QTranslator probe;
        if (probe.load(QLocale(language), u"wirebench"_s, u"_"_s, kCatalogueDir))
            return probe.language();
    }
    return {};
}

QString installTranslations(QCoreApplication &app)
{
    // LC_ALL=C (or LC_MESSAGES=C) means untranslated messages, as for
    // gettext programs, whatever LANGUAGE says.
    const QLocale system = QLocale::system();
    if (system.name() == u"C"_s || system.language() == QLocale::C)
        return installTranslations(app, {});
    return installTranslations(app, system.uiLanguages());
}

QString installTranslations(QCoreApplication &app, const QStringList &uiLanguages)
{
    removeTranslations(app);
    const QString language = translationLanguage(uiLanguages);
    if (language.isEmpty())
        return {};
    const QLocale locale(language);
    auto ours = std::make_unique<QTranslator>();
    if (ours->load(locale, u"wirebench"_s, u"_"_s, kCatalogueDir)) {
        app.installTranslator(ours.get());
        ourTranslator() = std::move(ours);
    }
    // Qt's own texts (standard buttons, file dialogs) when the system has
    // them (qt6-translations-l10n); without them those stay English.
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(locale, u"qtbase"_s, u"_"_s, QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        app.installTranslator(qt.get());
        qtTranslator() = std::move(qt);
    }
    return language;
}

QString setUpLanguage(QCoreApplication &app)
{
    QLocale::setDefault(QLocale::c());
    return installTranslations(app);
}

void removeTranslations(QCoreApplication &app)
{
    for (auto *slot : {&ourTranslator(), &qtTranslator()}) {
        if (*slot) {
            app.removeTranslator(slot->get());
            slot->reset();
        }
    }
}

} // namespace wb
