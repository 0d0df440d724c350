// SPDX-License-Identifier: GPL-3.0-or-later
// The run monitor end to end with real local agents and a real SQLite file:
// a tiny plan (two local agents, 0.5 s tests) updates the overall and
// per-test progress, the live plot and the log, stores every case off the
// GUI thread, and the Results page lists the runs afterwards. Also: cancel
// keeps what finished, a bad plan file and a missing database are refused
// with a message that says what to do. An interrupted plan run is listed
// and resumed from the page: only its missing repetition runs; a plan run
// that no longer matches its plan is refused with the reason.

#include "config/settings.h"
#include "messagebox.h"
#include "qcustomplotinclude.h"
#include "resultspage.h"
#include "runlistmodel.h"
#include "runspage.h"
#include "runtext.h"
#include "store/resultstore.h"
#include "run/schedule.h"
#include "store/storeservice.h"
#include "store/runstore.h"

#include "config/credentialprovider.h"
#include "config/hostkeypolicy.h"

#include "apppalette.h"
#include "passworddialog.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QFile>
#include <QInputDialog>
#include <QMessageBox>
#include <QProgressBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QPushButton>
#include <QTemporaryDir>
#include <QProcess>
#include <QScopeGuard>
#include <QTest>
#include <QTreeWidget>

using namespace Qt::StringLiterals;

class TstRunsPage : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void runsTinyPlan();
    void heavyLossIsSaid();
    void cancelKeepsFinished();
    void refusesBadInput();
    void sharedDatabaseShownWithoutPassword();
    void sshQuestionsAreDialogs();
    void passwordDialogOffersKeychain();
    void cancelIconFollowsPalette();
    void resumesAnInterruptedRun();
    void resumeRefusesWhatNoLongerFits();
    void listsSchedulesWithTheirLastResult();

private:
    QString planPath() const { return QStringLiteral(WB_TEST_DATA_DIR) + u"/plans/gui-tiny.json"_s; }
};

void TstRunsPage::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"WirebenchTest"_s);
}

void TstRunsPage::runsTinyPlan()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"runs.sqlite"_s);
    QVERIFY(wb::ResultStore::open(db).ok()); // as the composition root's writer would
    wb::Settings settings;
    auto service = std::make_shared<wb::StoreService>(db);
    service->start();
    wb::gui::RunsPage runs(settings);
    wb::gui::ResultsPage results(settings);
    QObject::connect(&runs, &wb::gui::RunsPage::planStored, &results, &wb::gui::ResultsPage::reload);
    runs.setStore(service);
    results.setStore(service);
    runs.resize(1000, 750);
    runs.show();
    QVERIFY(QTest::qWaitForWindowExposed(&runs));

    QSignalSpy stored(&runs, &wb::gui::RunsPage::planStored);
    QVERIFY(runs.runPlanFile(planPath()));
    QVERIFY(runs.isRunning());
    // The plan's hosts resolve against the inventory off the GUI thread first.
    QTRY_COMPARE_WITH_TIMEOUT(runs.casesView()->topLevelItemCount(), 2, 10000);
    QCOMPARE(runs.overallProgress()->maximum(), 2);
    QVERIFY(runs.logView()->topLevelItemCount() >= 1);
    // Each test says its kind once, in the catalog's words, and its endpoints.
    QCOMPARE(runs.casesView()->topLevelItem(0)->text(0), u"UDP stream: adam → eve"_s);
    QCOMPARE(runs.casesView()->topLevelItem(1)->text(0), u"TCP_RR (TCP request/response): adam → eve"_s);
    auto *resultsButton = runs.findChild<QPushButton *>(u"showResultsButton"_s);
    auto *compareButton = runs.findChild<QPushButton *>(u"compareRunsButton"_s);
    QVERIFY(resultsButton && compareButton);
    QVERIFY(!compareButton->isEnabled()); // nothing stored yet

    // Live: samples reach the plot while the plan runs, on a time axis from
    // the test's start to at least its planned 0.5 s, drawn with points.
    QTRY_VERIFY_WITH_TIMEOUT(runs.plottedPoints() > 0, 20000);
    QVERIFY(runs.plot()->graphCount() >= 1);
    QCOMPARE(runs.plot()->xAxis->range().lower, 0.0);
    QVERIFY(runs.plot()->xAxis->range().upper >= 0.5);
    QVERIFY(runs.plot()->graph(0)->scatterStyle().shape() != QCPScatterStyle::ssNone);

    QTRY_COMPARE_WITH_TIMEOUT(stored.size(), 1, 60000);
    QCOMPARE(stored.first().at(1).toInt(), 2);
    QVERIFY(!runs.isRunning());
    QCOMPARE(runs.overallProgress()->value(), 2);
    for (int i = 0; i < 2; ++i) {
        QTreeWidgetItem *item = runs.casesView()->topLevelItem(i);
        QCOMPARE(item->text(1), u"finished"_s);
        QVERIFY(!item->text(3).isEmpty()); // the key figure
        auto *bar = qobject_cast<QProgressBar *>(runs.casesView()->itemWidget(item, 2));
        QVERIFY(bar);
        QCOMPARE(bar->value(), bar->maximum());
    }
    // The log has host, time and severity columns filled.
    bool sawHost = false, sawStored = false;
    for (int i = 0; i < runs.logView()->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = runs.logView()->topLevelItem(i);
        QVERIFY(!item->text(0).isEmpty() && !item->text(1).isEmpty());
        sawHost |= !item->text(2).isEmpty();
        sawStored |= item->text(3).contains(u"stored"_s);
    }
    QVERIFY(sawHost);
    QVERIFY(sawStored);

    // In the database, with the plan that made them.
    auto store = wb::ResultStore::open(db);
    QVERIFY(store.ok());
    wb::RunFilter f;
    f.plan = u"GUI tiny"_s;
    auto listed = (*store)->runs().listRuns(f);
    QVERIFY(listed.ok());
    QCOMPARE(listed->size(), 2);
    for (const wb::StoredRun &r : *listed) {
        QCOMPARE(r.status, wb::RunStatus::Finished);
        QCOMPARE(r.record.extra.value(u"plan"_s).toObject().value(u"name"_s).toString(), u"GUI tiny"_s);
    }
    // From the finished run to its results and their comparison.
    QTRY_VERIFY_WITH_TIMEOUT(compareButton->isEnabled(), 10000);
    QVERIFY(resultsButton->isEnabled());
    QSignalSpy compare(&runs, &wb::gui::RunsPage::compareRequested);
    QSignalSpy showResults(&runs, &wb::gui::RunsPage::resultsRequested);
    compareButton->click();
    resultsButton->click();
    QCOMPARE(compare.size(), 1);
    QList<qint64> ids = compare.first().at(0).value<QList<qint64>>();
    QList<qint64> listedIds{listed->at(0).id, listed->at(1).id};
    std::sort(ids.begin(), ids.end());
    std::sort(listedIds.begin(), listedIds.end());
    QCOMPARE(ids, listedIds);
    QCOMPARE(showResults.size(), 1);
    QCOMPARE(showResults.first().at(0).toString(), u"GUI tiny"_s);
    results.showPlan(u"GUI tiny"_s);
    QCOMPARE(results.model()->filter().text, u"GUI tiny"_s);
    // And the Results page lists them (it reloaded on planStored).
    QTRY_COMPARE_WITH_TIMEOUT(results.model()->totalCount(), qint64(2), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(results.model()->rowCount(), 2, 10000);
    QStringList kinds{results.model()->row(0).kind, results.model()->row(1).kind};
    kinds.sort();
    QCOMPARE(kinds, (QStringList{u"tcp_rr"_s, u"udp_stream"_s}));
}

// Loss of 10 % or more is said in words; less is left to the figure.
void TstRunsPage::heavyLossIsSaid()
{
    wb::ResultRecord r;
    r.kind = u"udp_stream"_s;
    r.metrics = {{u"loss_ratio"_s, u"server"_s, 0.5436, u"ratio"_s}};
    QCOMPARE(wb::gui::heavyLossText(r), u"heavy loss: 54 % did not arrive"_s);
    // Beside a figure that states the loss, the number is not said twice.
    QCOMPARE(wb::gui::heavyLossText(r, u"145.37 Mbit/s, loss 54.36%"_s), u"heavy loss"_s);
    QCOMPARE(wb::gui::heavyLossText(r, u"145.37 Mbit/s"_s), u"heavy loss: 54 % did not arrive"_s);
    r.metrics = {{u"loss_ratio"_s, u"server"_s, 0.099, u"ratio"_s}};
    QVERIFY(wb::gui::heavyLossText(r).isEmpty());
    r.metrics.clear();
    QVERIFY(wb::gui::heavyLossText(r).isEmpty());
}

void TstRunsPage::cancelKeepsFinished()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"runs.sqlite"_s);
    QVERIFY(wb::ResultStore::open(db).ok());
    wb::Settings settings;
    auto service = std::make_shared<wb::StoreService>(db);
    service->start();
    wb::gui::RunsPage runs(settings);
    runs.setStore(service);
    runs.show();
    QSignalSpy stored(&runs, &wb::gui::RunsPage::planStored);
    QVERIFY(runs.runPlanFile(planPath()));
    // Cancel as soon as the first test has started (Esc on the page).
    QTRY_VERIFY_WITH_TIMEOUT(runs.plottedPoints() > 0, 20000);
    runs.setFocus();
    QTest::keyClick(&runs, Qt::Key_Escape);
    QTRY_COMPARE_WITH_TIMEOUT(stored.size(), 1, 30000);
    QVERIFY(!runs.isRunning());
    bool sawCancel = false;
    for (int i = 0; i < runs.logView()->topLevelItemCount(); ++i)
        sawCancel |= runs.logView()->topLevelItem(i)->text(3).contains(u"cancel"_s);
    QVERIFY(sawCancel);
    // Whatever finished or was cancelled is stored; nothing is left running.
    auto store = wb::ResultStore::open(db);
    QVERIFY(store.ok());
    wb::RunFilter f;
    f.status = wb::RunStatus::Running;
    QCOMPARE(*(*store)->runs().countRuns(f), qint64(0));
    QCOMPARE(*(*store)->runs().countRuns({}), qint64(stored.first().at(1).toInt()));
}

void TstRunsPage::refusesBadInput()
{
    QTemporaryDir dir;
    wb::Settings settings;
    wb::gui::RunsPage runs(settings);
    // No database: refuse rather than lose results.
    wb::gui::MessageBox::setNextAnswer(0);
    QVERIFY(!runs.runPlanFile(planPath()));
    QVERIFY(wb::gui::MessageBox::lastText().contains(u"No results database"_s));

    runs.setStore(std::make_shared<wb::StoreService>(dir.filePath(u"x.sqlite"_s)));
    const QString bad = dir.filePath(u"bad.json"_s);
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"name": "x", "hosts": {}, "tests": [{"name": "t", "kind": "no_such_kind"}]})");
    f.close();
    wb::gui::MessageBox::setNextAnswer(0);
    QVERIFY(!runs.runPlanFile(bad));
    QVERIFY2(wb::gui::MessageBox::lastText().contains(bad), qPrintable(wb::gui::MessageBox::lastText()));
    QVERIFY(wb::gui::MessageBox::lastText().contains(u"Fix the plan file"_s));
    QVERIFY(!runs.isRunning());
}

void TstRunsPage::sharedDatabaseShownWithoutPassword()
{
    // A URL from the settings may carry a password: the log names the
    // database without it, also when the database cannot be reached.
    wb::Settings settings;
    wb::gui::RunsPage runs(settings);
    QSignalSpy refused(&runs, &wb::gui::RunsPage::planRefused);
    // Port 1: refused at once.
    auto service = std::make_shared<wb::StoreService>(u"postgresql://ann:s3cret-pw@127.0.0.1:1/lab"_s);
    service->start();
    runs.setStore(service);
    wb::gui::MessageBox::setNextAnswer(0);
    QVERIFY(runs.runPlanFile(planPath()));
    QVERIFY(refused.wait(15000));
    QStringList lines;
    for (int i = 0; i < runs.logView()->topLevelItemCount(); ++i)
        lines << runs.logView()->topLevelItem(i)->text(3);
    const QString log = lines.join(u'\n');
    QVERIFY2(log.contains(u"checking the shared database postgresql://ann@127.0.0.1:1/lab"_s), qPrintable(log));
    QVERIFY2(!log.contains(u"s3cret-pw"_s), qPrintable(log));
    QVERIFY2(!wb::gui::MessageBox::lastText().contains(u"s3cret-pw"_s), qPrintable(wb::gui::MessageBox::lastText()));
    QVERIFY(!runs.isRunning());
}

void TstRunsPage::sshQuestionsAreDialogs()
{
    // The SSH layer asks through the page's HostKeyPolicy/CredentialProvider;
    // the answers come back through the reply callbacks, without a nested
    // event loop (the dialogs are opened with open()).
    wb::Settings settings;
    wb::gui::RunsPage runs(settings);
    runs.show();
    QVERIFY(QTest::qWaitForWindowExposed(&runs));
    std::optional<wb::HostKeyDecision> decision;
    runs.hostKeyPolicy()->decide({u"zeus"_s, u"[198.51.100.1]:22"_s, u"ssh-ed25519"_s, u"SHA256:abc"_s},
                                 [&](wb::HostKeyDecision d) { decision = d; });
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = runs.findChild<QMessageBox *>()) && box->isVisible());
    QVERIFY(box->text().contains(u"SHA256:abc"_s));
    QVERIFY(!decision); // nothing decided until the user answers
    for (QAbstractButton *b : box->buttons())
        if (b->text() == u"Trust this time"_s)
            b->click();
    QTRY_VERIFY(decision.has_value());
    QCOMPARE(*decision, wb::HostKeyDecision::TrustOnce);

    std::optional<std::optional<QByteArray>> secret;
    wb::CredentialRequest passphrase;
    passphrase.kind = wb::CredentialRequest::Kind::KeyPassphrase;
    passphrase.host = u"zeus"_s;
    passphrase.prompt = u"Passphrase for ~/.ssh/id_ed25519"_s;
    runs.credentialProvider()->provide(passphrase, [&](wb::CredentialAnswer a) { secret = a.secret; });
    QInputDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = runs.findChild<QInputDialog *>()) && dialog->isVisible());
    dialog->setTextValue(u"sesame"_s);
    dialog->accept();
    QTRY_VERIFY(secret.has_value());
    QCOMPARE(secret->value(), QByteArray("sesame"));
}

void TstRunsPage::passwordDialogOffersKeychain()
{
    wb::Settings settings;
    wb::gui::RunsPage runs(settings);
    runs.show();
    // Offered: the box is there, unticked; ticking it comes back as "remember".
    wb::CredentialRequest request;
    request.kind = wb::CredentialRequest::Kind::Password;
    request.host = u"zeus"_s;
    request.account = u"lab@198.51.100.1:22"_s;
    request.prompt = u"Password for lab@198.51.100.1:22"_s;
    request.offerRemember = true;
    request.offerRememberIn = u"the system keychain"_s;
    request.storedPasswordRefused = true;
    std::optional<wb::CredentialAnswer> answer;
    runs.credentialProvider()->provide(request, [&](wb::CredentialAnswer a) { answer = std::move(a); });
    wb::gui::PasswordDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = runs.findChild<wb::gui::PasswordDialog *>()) && dialog->isVisible());
    auto *remember = dialog->findChild<QCheckBox *>(u"remember"_s);
    QVERIFY(remember && remember->isVisible() && !remember->isChecked());
    QVERIFY(remember->text().contains(u"the system keychain"_s));
    auto *warning = dialog->findChild<QLabel *>(u"warning"_s);
    QVERIFY(warning && warning->isVisible() && warning->text().contains(u"refused"_s));
    auto *edit = dialog->findChild<QLineEdit *>(u"password"_s);
    QVERIFY(edit);
    QCOMPARE(edit->echoMode(), QLineEdit::Password);
    edit->setText(u"s3cret"_s);
    remember->setChecked(true);
    dialog->accept();
    QTRY_VERIFY(answer.has_value());
    QCOMPARE(answer->secret.value_or(QByteArray()), QByteArray("s3cret"));
    QVERIFY(answer->remember);

    // Not offered (no keychain): no box, never "remember"; cancel gives nothing.
    request.offerRemember = false;
    request.storedPasswordRefused = false;
    answer.reset();
    runs.credentialProvider()->provide(request, [&](wb::CredentialAnswer a) { answer = std::move(a); });
    dialog = nullptr;
    QTRY_VERIFY((dialog = runs.findChild<wb::gui::PasswordDialog *>()) && dialog->isVisible());
    QVERIFY(dialog->findChild<QCheckBox *>(u"remember"_s)->isHidden());
    QVERIFY(dialog->findChild<QLabel *>(u"warning"_s)->isHidden());
    dialog->reject();
    QTRY_VERIFY(answer.has_value());
    QVERIFY(!answer->secret);
    QVERIFY(!answer->remember);
}

// The Cancel button's stop square is drawn in the button text colour, so
// it stays visible on a dark palette (the style's own icon is black).
void TstRunsPage::cancelIconFollowsPalette()
{
    wb::Settings settings;
    wb::gui::RunsPage page(settings);
    auto *cancel = page.findChild<QPushButton *>(u"cancelButton"_s);
    QVERIFY(cancel);
    for (const QPalette &p : {wb::gui::AppPalette::dark(), wb::gui::AppPalette::light()}) {
        page.setPalette(p);
        const QImage icon = cancel->icon().pixmap(32, 32).toImage();
        QCOMPARE(icon.pixelColor(16, 16).rgb(), p.color(QPalette::ButtonText).rgb());
        QCOMPARE(icon.pixelColor(1, 1).alpha(), 0);
    }
}

namespace {

QList<wb::StoredRun> runsOfCase(const QString &db, const QString &testCase)
{
    auto store = wb::ResultStore::open(db);
    if (!store)
        qFatal("cannot open %s", qPrintable(db));
    wb::RunFilter f;
    f.newestFirst = false;
    const auto listed = (*store)->runs().listRuns(f);
    QList<wb::StoredRun> out;
    for (const wb::StoredRun &r : listed.value())
        if (r.testCase == testCase)
            out.append(r);
    return out;
}

} // namespace

// Cancel a plan while its second case runs its third repetition; the page
// lists the plan run as interrupted, and Resume runs that one repetition
// only, keeping the finished case and the two finished repetitions.
void TstRunsPage::resumesAnInterruptedRun()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"runs.sqlite"_s);
    QVERIFY(wb::ResultStore::open(db).ok());
    const QString planFile = dir.filePath(u"resume.json"_s);
    QFile f(planFile);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"name": "GUI resume", "hosts": {"adam": {"transport": "local"}, "eve": {"transport": "local"}},
        "tests": [{"name": "first", "kind": "tcp_rr", "client": "adam", "server": "eve", "duration_s": 0.3},
                  {"name": "reps", "kind": "tcp_rr", "client": "adam", "server": "eve", "duration_s": 1,
                   "repetitions": 3}]})");
    f.close();
    wb::Settings settings;
    auto service = std::make_shared<wb::StoreService>(db);
    service->start();
    wb::gui::RunsPage runs(settings);
    QSignalSpy listed(&runs, &wb::gui::RunsPage::unfinishedLoaded);
    QSignalSpy stored(&runs, &wb::gui::RunsPage::planStored);
    runs.setStore(service);
    runs.resize(1000, 750);
    runs.show();
    QVERIFY(QTest::qWaitForWindowExposed(&runs));
    auto *box = runs.findChild<QWidget *>(u"unfinishedBox"_s);
    auto *resume = runs.findChild<QPushButton *>(u"resumeButton"_s);
    QVERIFY(box && resume);
    QTRY_COMPARE_WITH_TIMEOUT(listed.size(), 1, 10000);
    QCOMPARE(listed.first().at(0).toInt(), 0);
    QVERIFY(!box->isVisible()); // nothing to resume

    QVERIFY(runs.runPlanFile(planFile));
    // The cases are listed once the plan is prepared (off the GUI thread).
    auto caseText = [&](int row) {
        QTreeWidgetItem *item = runs.casesView()->topLevelItem(row);
        return item ? item->text(1) : QString();
    };
    QTRY_COMPARE_WITH_TIMEOUT(caseText(1), u"run 3"_s, 30000);
    runs.cancel();
    QTRY_COMPARE_WITH_TIMEOUT(stored.size(), 1, 30000);
    const QString planRunId = stored.first().at(0).toString();
    const QList<wb::StoredRun> cut = runsOfCase(db, u"reps"_s);
    QCOMPARE(cut.size(), 3);
    QCOMPARE(cut[2].status, wb::RunStatus::Cancelled);

    // Listed as interrupted, with what a resume will do.
    QTreeWidget *view = runs.unfinishedView();
    QTRY_COMPARE_WITH_TIMEOUT(view->topLevelItemCount(), 1, 10000);
    QVERIFY(box->isVisible());
    QTreeWidgetItem *item = view->topLevelItem(0);
    QCOMPARE(item->text(0), u"GUI resume"_s);
    QCOMPARE(item->text(1), planRunId);
    QVERIFY2(item->text(3).contains(u"1 of 2 cases finished; 1 case continues with its 2 finished repetitions kept"_s),
             qPrintable(item->text(3)));
    QCOMPARE(view->currentItem(), item);
    QVERIFY(resume->isEnabled());

    resume->click();
    QVERIFY(runs.isRunning());
    QVERIFY(!resume->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(caseText(0) == u"finished before"_s, 10000);
    QVERIFY(runs.findChild<QLabel *>(u"planLabel"_s)->text().contains(u"resuming run id "_s + planRunId));
    // The finished case counts in the overall progress from the start.
    QCOMPARE(runs.overallProgress()->maximum(), 2);
    QVERIFY(runs.overallProgress()->value() >= 1);
    QTRY_COMPARE_WITH_TIMEOUT(stored.size(), 2, 60000);
    QCOMPARE(stored.last().at(0).toString(), planRunId);
    QCOMPARE(runs.overallProgress()->value(), 2);
    QTreeWidgetItem *reps = runs.casesView()->topLevelItem(1);
    QCOMPARE(reps->text(1), u"finished"_s);
    QVERIFY2(reps->text(3).contains(u"3/3 repetitions, 2 kept from run "_s + planRunId), qPrintable(reps->text(3)));

    // Three repetitions, the first two the kept ones, none twice; "first"
    // did not run again.
    const QList<wb::StoredRun> after = runsOfCase(db, u"reps"_s);
    QCOMPARE(after.size(), 3);
    QMap<int, qint64> byRepetition;
    for (const wb::StoredRun &r : after) {
        QCOMPARE(r.status, wb::RunStatus::Finished);
        byRepetition.insert(r.repetition, r.id);
    }
    QCOMPARE(byRepetition.keys(), (QList<int>{0, 1, 2}));
    QCOMPARE(byRepetition.value(0), cut[0].id);
    QCOMPARE(byRepetition.value(1), cut[1].id);
    QCOMPARE(runsOfCase(db, u"first"_s).size(), 1);
    // Whole now: no longer listed.
    QTRY_COMPARE_WITH_TIMEOUT(view->topLevelItemCount(), 0, 10000);
    QVERIFY(!box->isVisible());
}

// Two interrupted plan runs that cannot be resumed: one whose stored plan
// no longer loads (refused at once), one holding a case its plan does not
// have (refused once the database answered). Nothing runs.
void TstRunsPage::resumeRefusesWhatNoLongerFits()
{
    QTemporaryDir dir;
    const QString db = dir.filePath(u"runs.sqlite"_s);
    QString error;
    const auto tiny = wb::Plan::load(planPath(), &error);
    QVERIFY2(tiny, qPrintable(error));
    {
        auto store = wb::ResultStore::open(db);
        QVERIFY(store.ok());
        auto save = [&](const QString &plan, const QString &measurement, const QJsonObject &source) {
            wb::Measurement m;
            m.uuid = measurement;
            m.kind = u"tcp_rr"_s;
            wb::StoredRun r;
            r.plan = plan;
            r.testCase = u"gone"_s;
            r.status = wb::RunStatus::Cancelled;
            r.measurementUuid = measurement;
            r.record.kind = u"tcp_rr"_s;
            r.record.extra.insert(u"plan"_s, source);
            QVERIFY((*store)->runs().saveMeasurementRuns(m, {r}).ok());
        };
        save(u"GUI tiny"_s, u"0badcafe-0123456789abcdef"_s, tiny->source);
        save(u"broken"_s, u"0badbeef-0123456789abcdef"_s, QJsonObject{{u"name"_s, u"broken"_s}, {u"tests"_s, 3}});
    }
    wb::Settings settings;
    auto service = std::make_shared<wb::StoreService>(db);
    service->start();
    wb::gui::RunsPage runs(settings);
    QSignalSpy refused(&runs, &wb::gui::RunsPage::planRefused);
    runs.setStore(service);
    runs.show();
    QTreeWidget *view = runs.unfinishedView();
    QTRY_COMPARE_WITH_TIMEOUT(view->topLevelItemCount(), 2, 10000);
    QTreeWidgetItem *broken = view->findItems(u"0badbeef"_s, Qt::MatchExactly, 1).value(0);
    QVERIFY(broken);
    QVERIFY2(broken->text(3).contains(u"cannot resume: the plan stored with it no longer loads"_s),
             qPrintable(broken->text(3)));

    wb::gui::MessageBox::setNextAnswer(0);
    QVERIFY(!runs.resumePlanRun(u"0badbeef"_s));
    QVERIFY2(wb::gui::MessageBox::lastText().contains(u"no longer loads"_s), qPrintable(wb::gui::MessageBox::lastText()));
    QVERIFY(!runs.isRunning());

    wb::gui::MessageBox::setNextAnswer(0);
    QVERIFY(runs.resumePlanRun(u"0badcafe"_s)); // the check needs the database: it answers later
    QVERIFY(refused.isEmpty());                   // from the event loop, not inside the call
    auto logText = [&] {
        QStringList lines;
        for (int i = 0; i < runs.logView()->topLevelItemCount(); ++i)
            lines << runs.logView()->topLevelItem(i)->text(3);
        return lines.join(u'\n');
    };
    QVERIFY2(refused.wait(10000), qPrintable(logText()));
    const QString message = refused.first().at(0).toString();
    QVERIFY2(message.contains(u"plan 'GUI tiny' changed since plan run 0badcafe was made: it no longer has 'gone'"_s),
             qPrintable(message));
    QCOMPARE(wb::gui::MessageBox::lastText(), message);
    QVERIFY(!runs.isRunning());
    QTRY_VERIFY(runs.findChild<QPushButton *>(u"openPlanButton"_s)->isEnabled());
    auto store = wb::ResultStore::open(db);
    QCOMPARE(*(*store)->runs().countRuns({}), qint64(2)); // nothing ran
}

// The scheduled plans and their newest plan run: one run through the
// command line as its timer would, one schedule whose results go elsewhere.
void TstRunsPage::listsSchedulesWithTheirLastResult()
{
    QTemporaryDir dir;
    const QString units = dir.filePath(u"units"_s);
    qputenv("WIREBENCH_UNIT_DIR", units.toLocal8Bit());
    auto unset = qScopeGuard([] { qunsetenv("WIREBENCH_UNIT_DIR"); });
    const QString db = dir.filePath(u"sched.sqlite"_s);
    const QString cli = QStringLiteral(WB_BIN_DIR "/wirebench-cli");
    QString error;
    const wb::Schedule nightly{u"nightly"_s, planPath(), db, cli, wb::Schedule::When::At, u"03:30"_s, QString()};
    const wb::Schedule elsewhere{u"elsewhere"_s, planPath(), dir.filePath(u"other.sqlite"_s), cli,
                                 wb::Schedule::When::Every, u"6h"_s, QString()};
    QVERIFY2(wb::writeSchedule(units, nightly, &error), qPrintable(error));
    QVERIFY2(wb::writeSchedule(units, elsewhere, &error), qPrintable(error));
    QProcess run;
    run.setProcessEnvironment(QProcessEnvironment::systemEnvironment());
    run.start(cli, {u"schedule"_s, u"run-now"_s, u"nightly"_s});
    QVERIFY(run.waitForFinished(60000));
    QVERIFY2(run.exitCode() == 0, run.readAllStandardError().constData());

    wb::Settings settings;
    auto service = std::make_shared<wb::StoreService>(db);
    service->start();
    wb::gui::RunsPage runs(settings);
    runs.setStore(service);
    runs.resize(1000, 750);
    runs.show();
    QVERIFY(QTest::qWaitForWindowExposed(&runs));
    QTreeWidget *view = runs.schedulesView();
    QVERIFY(view->isVisible());
    QCOMPARE(view->topLevelItemCount(), 2);
    QTreeWidgetItem *other = view->topLevelItem(0), *mine = view->topLevelItem(1); // by name
    QCOMPARE(mine->text(0), u"nightly"_s);
    QCOMPARE(mine->text(1), u"daily at 03:30"_s);
    QCOMPARE(mine->text(2), u"gui-tiny.json"_s);
    // Two cases of one repetition each, both finished.
    QTRY_VERIFY_WITH_TIMEOUT(mine->text(3).contains(u"2 stored runs, all finished"_s), 10000);
    QCOMPARE(other->text(0), u"elsewhere"_s);
    QVERIFY2(other->text(3).contains(u"other.sqlite"_s), qPrintable(other->text(3)));

    // Removed from the command line: gone on the next reading.
    QVERIFY(wb::removeSchedule(units, u"nightly"_s, &error));
    QVERIFY(wb::removeSchedule(units, u"elsewhere"_s, &error));
    runs.reloadSchedules();
    QCOMPARE(view->topLevelItemCount(), 0);
    QVERIFY(!view->isVisible());
}

QTEST_MAIN(TstRunsPage)
#include "tst_runspage.moc"
