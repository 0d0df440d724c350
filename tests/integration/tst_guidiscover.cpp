// SPDX-License-Identifier: GPL-3.0-or-later
// The Inventory page's "Discover" on an SSH host, against the throwaway sshd
// (sshd_fixture.sh) and the real agent: the unknown host key is asked about
// in the app's dialog, the connection runs off the GUI thread with a busy
// indicator, the NICs land in the table as one undo step; a refused key and
// a closed port end in a message that says what to check.

#include "config/settings.h"
#include "inventorydocument.h"
#include "inventorypage.h"
#include "inventorytablemodel.h"
#include "sshfixture.h"

#include <QAbstractButton>
#include <QApplication>
#include <QInputDialog>
#include <QProcess>
#include <QTemporaryDir>
#include <QMessageBox>
#include <QProgressBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTcpServer>
#include <QTest>
#include <QUndoStack>

using namespace Qt::StringLiterals;
using wb::gui::InventoryPage;
using wb::gui::InventoryTable;

class TstGuiDiscover : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void discoverOverSsh();
    void passphraseAsked();
    void refusedHostKey();
    void closedPort();

private:
    // A page with one host reached over the fixture's SSH, selected.
    std::unique_ptr<InventoryPage> pageWithHost(wbtest::ClientSetup &setup, int port);
    // Waits for the host-key dialog and clicks the button with this text.
    bool answerHostKey(const QString &buttonText);
    wb::Settings *m_settings = nullptr;
};

void TstGuiDiscover::initTestCase()
{
    if (wbtest::sshdPort() == 0)
        QSKIP("the sshd fixture is not running (run through ctest)");
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"WirebenchTest"_s);
    m_settings = new wb::Settings;
}

std::unique_ptr<InventoryPage> TstGuiDiscover::pageWithHost(wbtest::ClientSetup &setup, int port)
{
    auto page = std::make_unique<InventoryPage>(*m_settings);
    page->setSshOptions(setup.options);
    wb::Inventory lab;
    wb::Host h;
    h.name = u"sshhost"_s;
    h.address = u"127.0.0.1"_s;
    h.sshPort = port;
    h.sshUser = setup.endpoint.user;
    h.sshKeyPath = setup.endpoint.identityFile;
    lab.hosts.append(h);
    page->document()->replace(lab, u"test lab"_s);
    page->resize(1000, 640);
    page->show();
    auto *hosts = page->model(InventoryTable::Hosts);
    page->view(InventoryTable::Hosts)->setCurrentIndex(hosts->index(0, 0));
    return page;
}

bool TstGuiDiscover::answerHostKey(const QString &buttonText)
{
    QMessageBox *box = nullptr;
    const bool shown = QTest::qWaitFor(
        [&] {
            for (QWidget *w : QApplication::topLevelWidgets())
                if (auto *b = qobject_cast<QMessageBox *>(w); b && b->isVisible())
                    box = b;
            return box != nullptr;
        },
        20000);
    if (!shown)
        return false;
    if (!box->text().contains(wbtest::hostFingerprint()))
        return false; // the user must see the fingerprint to judge
    for (QAbstractButton *b : box->buttons())
        if (b->text() == buttonText) {
            b->click();
            return true;
        }
    return false;
}

void TstGuiDiscover::discoverOverSsh()
{
    wbtest::ClientSetup setup;
    auto page = pageWithHost(setup, setup.endpoint.port);
    QVERIFY(InventoryPage::discoversOverSsh(page->document()->inventory().hosts.first()));
    QSignalSpy discovered(page.get(), &InventoryPage::discovered);
    QSignalSpy failed(page.get(), &InventoryPage::discoveryFailed);
    page->discoverSelectedHost();
    QVERIFY(page->isDiscovering());
    QVERIFY(!page->findChild<QProgressBar *>(u"discoverBusy"_s)->isHidden());
    QVERIFY2(page->message().contains(u"over SSH"_s), qPrintable(page->message()));
    // The GUI thread keeps serving events while SSH connects (the dialog
    // could not appear otherwise).
    QVERIFY(answerHostKey(u"Trust this time"_s));
    QVERIFY2(discovered.wait(60000) || !discovered.isEmpty(),
             qPrintable(failed.isEmpty() ? page->message() : failed.first().at(1).toString()));
    QCOMPARE(discovered.first().at(0).toString(), u"sshhost"_s);
    QVERIFY(!page->isDiscovering());
    QVERIFY(page->findChild<QProgressBar *>(u"discoverBusy"_s)->isHidden());
    // The agent described this machine: its CPU or OS, and its NICs (all
    // but loopback, possibly none in a container) in the table.
    const wb::Host found = page->document()->inventory().hosts.first();
    QVERIFY(!found.cpu.isEmpty() || !found.os.isEmpty());
    QCOMPARE(found.sshPort, setup.endpoint.port); // SSH settings kept
    QCOMPARE(page->model(InventoryTable::Nics)->rowCount(), discovered.first().at(1).toInt());
    for (const wb::Nic &n : page->document()->inventory().nics) {
        QCOMPARE(n.hostName, u"sshhost"_s);
        QVERIFY(n.interfaceName != u"lo"_s);
    }
    // One undo step takes it back.
    page->document()->undoStack()->undo();
    QCOMPARE(page->model(InventoryTable::Nics)->rowCount(), 0);
    QVERIFY(page->document()->inventory().hosts.first().cpu.isEmpty());
}

void TstGuiDiscover::passphraseAsked()
{
    // The fixture's client key, encrypted with a passphrase: the same key
    // (already authorized), so only the passphrase dialog stands between.
    QTemporaryDir keys;
    const QString key = keys.filePath(u"locked_ed25519"_s);
    QVERIFY(QFile::copy(wbtest::fixtureFile(u"client_ed25519"_s), key));
    QFile::setPermissions(key, QFile::ReadOwner | QFile::WriteOwner);
    QCOMPARE(QProcess::execute(u"ssh-keygen"_s, {u"-q"_s, u"-p"_s, u"-P"_s, QString(), u"-N"_s, u"open sesame"_s,
                                                u"-f"_s, key}),
             0);
    wbtest::ClientSetup setup;
    setup.trustHostKey(); // no host-key question this time
    setup.endpoint.identityFile = key;
    auto page = pageWithHost(setup, setup.endpoint.port);
    QSignalSpy discovered(page.get(), &InventoryPage::discovered);
    QSignalSpy failed(page.get(), &InventoryPage::discoveryFailed);
    page->discoverSelectedHost();
    QInputDialog *dialog = nullptr;
    QVERIFY(QTest::qWaitFor(
        [&] {
            for (QWidget *w : QApplication::topLevelWidgets())
                if (auto *d = qobject_cast<QInputDialog *>(w); d && d->isVisible())
                    dialog = d;
            return dialog != nullptr;
        },
        20000));
    QCOMPARE(dialog->textEchoMode(), QLineEdit::Password);
    dialog->setTextValue(u"open sesame"_s);
    dialog->accept();
    QVERIFY2(discovered.wait(60000) || !discovered.isEmpty(),
             qPrintable(failed.isEmpty() ? page->message() : failed.first().at(1).toString()));
    QCOMPARE(discovered.first().at(0).toString(), u"sshhost"_s);
}

void TstGuiDiscover::refusedHostKey()
{
    wbtest::ClientSetup setup;
    auto page = pageWithHost(setup, setup.endpoint.port);
    QSignalSpy failed(page.get(), &InventoryPage::discoveryFailed);
    page->discoverSelectedHost();
    QVERIFY(answerHostKey(u"Refuse"_s));
    QVERIFY(failed.wait(30000));
    QCOMPARE(failed.first().at(0).toString(), u"sshhost"_s);
    QVERIFY2(page->message().contains(u"Discover sshhost failed"_s) && page->message().contains(u"then try again"_s),
             qPrintable(page->message()));
    QCOMPARE(page->model(InventoryTable::Nics)->rowCount(), 0);
    QVERIFY(!page->isDiscovering());
}

void TstGuiDiscover::closedPort()
{
    // A port nobody listens on (taken, then released).
    int port = 0;
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        port = probe.serverPort();
    }
    wbtest::ClientSetup setup;
    auto page = pageWithHost(setup, port);
    QSignalSpy failed(page.get(), &InventoryPage::discoveryFailed);
    page->discoverSelectedHost();
    QVERIFY(failed.wait(30000));
    QVERIFY2(page->message().contains(u"Check the host's address, SSH port"_s), qPrintable(page->message()));
    QVERIFY(page->findChild<QProgressBar *>(u"discoverBusy"_s)->isHidden());
}

QTEST_MAIN(TstGuiDiscover)
#include "tst_guidiscover.moc"
