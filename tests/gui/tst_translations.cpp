// SPDX-License-Identifier: GPL-3.0-or-later
// The translations: every .ts under translations/ is complete and current
// (lupdate on the sources adds nothing), each translation keeps its source's
// placeholders, and the German catalogue reaches the main window.
#include "appcomposition.h"
#include "mainwindow.h"
#include "page.h"
#include "translations.h"

#include "result/condition.h"
#include "result/metriccatalog.h"

#include <QDir>
#include <QFile>
#include <QLibraryInfo>
#include <QListWidget>
#include <QMenuBar>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace Qt::StringLiterals;

namespace {

struct Message
{
    QString context;
    QString source;
    QString comment;
    QString type; // "" when finished; unfinished, vanished, obsolete
    bool numerus = false;
    QStringList translations; // one, or one per plural form
    qint64 line = 0;

    QString key() const { return context + u'\x1f' + source + u'\x1f' + comment; }
};

QList<Message> readTs(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = u"%1: %2"_s.arg(path, f.errorString());
        return {};
    }
    QList<Message> out;
    QXmlStreamReader xml(&f);
    QString context;
    Message m;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == u"context"_s) {
            context.clear();
        } else if (name == u"name"_s) {
            context = xml.readElementText();
        } else if (name == u"message"_s) {
            m = Message{};
            m.context = context;
            m.numerus = xml.attributes().value(u"numerus"_s) == u"yes"_s;
            m.line = xml.lineNumber();
        } else if (name == u"source"_s) {
            m.source = xml.readElementText();
        } else if (name == u"comment"_s) {
            m.comment = xml.readElementText();
        } else if (name == u"translation"_s) {
            m.type = xml.attributes().value(u"type"_s).toString();
            if (m.numerus) {
                while (xml.readNextStartElement())
                    m.translations << xml.readElementText();
            } else {
                m.translations << xml.readElementText();
            }
            out << m;
        }
    }
    if (xml.hasError())
        *error = u"%1:%2: %3"_s.arg(path).arg(xml.lineNumber()).arg(xml.errorString());
    return out;
}

QStringList tsFiles()
{
    const QDir dir(QStringLiteral(WB_SOURCE_DIR "/translations"));
    QStringList out;
    for (const QString &name : dir.entryList({u"wirebench_*.ts"_s}, QDir::Files))
        out << dir.filePath(name);
    return out;
}

QString where(const QString &path, const Message &m)
{
    return u"%1:%2: [%3] \"%4\""_s.arg(QFileInfo(path).fileName()).arg(m.line).arg(m.context, m.source);
}

QSet<QString> placeholders(const QString &text)
{
    static const QRegularExpression re(u"%L?(\\d+|n)"_s);
    QSet<QString> out;
    for (auto it = re.globalMatch(text); it.hasNext();)
        out.insert(it.next().captured(1));
    return out;
}

} // namespace

class TstTranslations : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void everyMessageIsTranslated();
    void theCatalogueIsCurrent();
    void placeholdersMatch();
    void languageFollowsPreferences();
    void mainWindowSpeaksGerman();
    void cleanup();
};

void TstTranslations::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"WirebenchTest"_s);
    QVERIFY2(!tsFiles().isEmpty(), "no translations/wirebench_*.ts");
}

void TstTranslations::cleanup()
{
    wb::removeTranslations(*QCoreApplication::instance());
}

void TstTranslations::everyMessageIsTranslated()
{
    for (const QString &path : tsFiles()) {
        QString error;
        const QList<Message> messages = readTs(path, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY2(messages.size() > 100, qPrintable(u"%1 holds only %2 messages"_s.arg(path).arg(messages.size())));
        for (const Message &m : messages) {
            QVERIFY2(m.type.isEmpty(), qPrintable(where(path, m) + u" is marked "_s + m.type));
            QVERIFY2(!m.translations.isEmpty(), qPrintable(where(path, m) + u" has no translation"_s));
            for (const QString &t : m.translations)
                QVERIFY2(!t.trimmed().isEmpty(), qPrintable(where(path, m) + u" has an empty translation"_s));
        }
    }
}

// lupdate over the sources the build translates, into a copy: a string
// added to the code without a translation shows up as a new message, one
// removed from the code as a missing one.
void TstTranslations::theCatalogueIsCurrent()
{
    const QString lupdate = QStringLiteral(WB_LUPDATE);
    if (!QFileInfo(lupdate).isExecutable())
        QSKIP("lupdate (qt6-l10n-tools) is not installed");
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    for (const QString &path : tsFiles()) {
        const QString copy = tmp.filePath(QFileInfo(path).fileName());
        QVERIFY(QFile::copy(path, copy));
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        QProcess p;
        p.start(lupdate, {u"@"_s + QStringLiteral(WB_TR_SOURCES), u"-no-obsolete"_s, u"-locations"_s, u"none"_s,
                          u"-silent"_s, u"-ts"_s, copy});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QString error;
        const QList<Message> before = readTs(path, &error);
        const QList<Message> after = readTs(copy, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QSet<QString> known;
        for (const Message &m : before)
            known.insert(m.key());
        QSet<QString> current;
        for (const Message &m : after) {
            current.insert(m.key());
            QVERIFY2(known.contains(m.key()), qPrintable(u"not in %1 (run the update_translations target and "
                                                         "translate it): [%2] \"%3\""_s
                                                             .arg(QFileInfo(path).fileName(), m.context, m.source)));
        }
        for (const Message &m : before)
            QVERIFY2(current.contains(m.key()), qPrintable(where(path, m) + u" is no longer in the sources"_s));
    }
}

void TstTranslations::placeholdersMatch()
{
    for (const QString &path : tsFiles()) {
        QString error;
        const QList<Message> messages = readTs(path, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        for (const Message &m : messages) {
            const QSet<QString> want = placeholders(m.source);
            for (const QString &t : m.translations) {
                QSet<QString> got = placeholders(t);
                // A plural form may spell the count out ("ein Lauf").
                if (m.numerus && !got.contains(u"n"_s))
                    got.insert(u"n"_s);
                QVERIFY2(got == want, qPrintable(where(path, m) + u": \""_s + t + u"\" has other placeholders"_s));
            }
        }
    }
}

void TstTranslations::languageFollowsPreferences()
{
    QCOMPARE(wb::translationLanguage({u"de-DE"_s, u"de"_s}), u"de_DE"_s);
    QCOMPARE(wb::translationLanguage({u"de-AT"_s}), u"de_DE"_s);
    QCOMPARE(wb::translationLanguage({u"fr-FR"_s, u"de"_s}), u"de_DE"_s);
    // English first means English, as with gettext's LANGUAGE=en:de.
    QCOMPARE(wb::translationLanguage({u"en-GB"_s, u"de"_s}), QString());
    QCOMPARE(wb::translationLanguage({u"C"_s}), QString());
    QCOMPARE(wb::translationLanguage({u"fr-FR"_s}), QString());
    QCOMPARE(wb::translationLanguage({}), QString());
}

void TstTranslations::mainWindowSpeaksGerman()
{
    struct Expect
    {
        QString language;
        QString firstPage;
        QString resultsPage;
        QString fileMenu;
        QString loopbackNote;
        QString kindLabel;   // udp_stream as the pages name it
        QString metricLabel; // throughput_bps on axes and in tables
        QString probeLabel;  // loaded_udp_latency_us_p99, one sentence per phase
        QString sideName;    // a metric's side in the run detail
        QString condition;   // a comparison's condition as Compare and History show it
        QString dimension;   // a group-by choice
    };
    const QList<Expect> cases{
        {u"de"_s, u"Inventar"_s, u"Ergebnisse"_s, u"&Datei"_s,
         u"Loopback-Läufe haben keine Leitung durchlaufen: Sie messen die Hosts, nicht eine NIC, ein "
         "Kabel oder einen Switch."_s,
         u"UDP-Stream"_s, u"Durchsatz"_s, u"UDP-Probe unter Last, Latenz p99"_s, u"Server"_s,
         u"Nachrichtengröße 1472 B · IP-Version IPv4 (angenommen) · Empfänger"_s, u"Hostpaar"_s},
        {u"en"_s, u"Inventory"_s, u"Results"_s, u"&File"_s,
         u"Loopback runs crossed no wire: they measure the hosts, not a NIC, cable or switch."_s,
         u"UDP stream"_s, u"throughput"_s, u"loaded UDP probe p99 latency"_s, u"server"_s,
         u"message size 1472 B · IP version IPv4 (assumed) · receiver"_s, u"host pair"_s},
    };
    for (const Expect &e : cases) {
        const QString chosen = wb::installTranslations(*QCoreApplication::instance(), {e.language});
        QCOMPARE(chosen.isEmpty(), e.language == u"en"_s);
        wb::AppComposition app;
        auto &w = app.mainWindow();
        auto *nav = w.findChild<QListWidget *>(u"navigation"_s);
        QVERIFY(nav);
        QCOMPARE(w.page(0)->title(), e.firstPage);
        QCOMPARE(nav->item(0)->text(), e.firstPage);
        QCOMPARE(w.page(3)->title(), e.resultsPage);
        QCOMPARE(w.menuBar()->actions().value(0)->text(), e.fileMenu);
        // A sentence core composes and the Compare page shows.
        QCOMPARE(QCoreApplication::translate("wb::ComparisonEngine",
                                             "Loopback runs crossed no wire: they measure the hosts, not a NIC, "
                                             "cable or switch."),
                 e.loopbackNote);
        // The metric catalog's words as every page shows them; the catalog
        // itself (what is stored, parsed and printed by the CLI) stays English.
        QCOMPARE(wb::testKindLabel(u"udp_stream"_s), e.kindLabel);
        QCOMPARE(wb::metricDisplay(u"throughput_bps"_s).label, e.metricLabel);
        QCOMPARE(wb::metricDisplay(u"loaded_udp_latency_us_p99"_s).label, e.probeLabel);
        QCOMPARE(wb::findMetric(u"throughput_bps"_s)->label, u"throughput"_s);
        QCOMPARE(wb::findMetric(u"loaded_udp_latency_us_p99"_s)->label, u"loaded UDP probe p99 latency"_s);
        QCOMPARE(wb::testKindCatalog().first().label, u"UDP stream"_s);
        QCOMPARE(QCoreApplication::translate("wb::gui::RunDetailView", "server"), e.sideName);
        // A condition's words are shown translated; its label, which is
        // parsed back and printed by the CLI, stays English.
        wb::Condition c;
        c.kind = u"udp_stream"_s;
        c.metric = u"throughput_bps"_s;
        c.side = wb::FigureSide::Receiver;
        c.parameters = {{u"message_size_bytes"_s, u"1472"_s, false}, {u"ip_version"_s, u"4"_s, true}};
        QCOMPARE(c.displayLabel(), e.condition);
        QCOMPARE(c.label(), u"message size 1472 B · IP version IPv4 (assumed) · receiver"_s);
        QCOMPARE(wb::dimensionDisplay(u"host pair"_s), e.dimension);
        // Qt's own texts (standard buttons) come with qt6-translations-l10n.
        const bool haveQtCatalogue = QFileInfo::exists(QLibraryInfo::path(QLibraryInfo::TranslationsPath)
                                                       + u"/qtbase_de.qm"_s);
        if (haveQtCatalogue)
            QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"),
                     e.language == u"de"_s ? u"Abbrechen"_s : u"Cancel"_s);
        else
            qInfo("qtbase_de.qm is not installed: Qt's own texts not checked");
    }
}

QTEST_MAIN(TstTranslations)
#include "tst_translations.moc"
