// SPDX-License-Identifier: GPL-3.0-or-later
// The hand-over between an SSH worker that waits for an answer and the
// owner's thread that gives it: answers, timeouts and cancellation.

#include "remote/sshanswerbox.h"

#include <QElapsedTimer>
#include <QTest>
#include <QThread>
#include <sys/socket.h>
#include <unistd.h>

class TstSshAnswerBox : public QObject
{
    Q_OBJECT
private slots:
    void answerFromAnotherThread();
    void timeoutGivesNoAnswer();
    void cancelWakesAWaitingWorker();
    void cancelShutsTheSocketDown();
    void secretSaysWhereItCameFrom();
};

void TstSshAnswerBox::answerFromAnotherThread()
{
    wb::SshAnswerBox box;
    QThread *owner = QThread::create([&box] {
        QThread::msleep(50);
        box.answerHostKey(wb::HostKeyDecision::TrustOnce);
        box.answerSecret(QByteArray("secret"));
    });
    owner->start();
    QCOMPARE(box.waitHostKey(5000), std::optional(wb::HostKeyDecision::TrustOnce));
    QCOMPARE(box.waitSecret(5000), std::optional(QByteArray("secret")));
    owner->wait();
    delete owner;
    // Each answer is used once.
    QCOMPARE(box.waitHostKey(10), std::nullopt);
}

void TstSshAnswerBox::timeoutGivesNoAnswer()
{
    wb::SshAnswerBox box;
    QElapsedTimer t;
    t.start();
    QCOMPARE(box.waitSecret(200), std::nullopt);
    QVERIFY(t.elapsed() >= 150);
}

void TstSshAnswerBox::cancelWakesAWaitingWorker()
{
    wb::SshAnswerBox box;
    QThread *owner = QThread::create([&box] {
        QThread::msleep(50);
        box.cancel();
    });
    QElapsedTimer t;
    t.start();
    owner->start();
    QCOMPARE(box.waitHostKey(10000), std::nullopt);
    QVERIFY(t.elapsed() < 5000);
    QVERIFY(box.isCancelled());
    // A late answer after cancel changes nothing.
    box.answerHostKey(wb::HostKeyDecision::TrustAlways);
    QCOMPARE(box.waitHostKey(10), std::nullopt);
    owner->wait();
    delete owner;
}

void TstSshAnswerBox::cancelShutsTheSocketDown()
{
    int fds[2];
    QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
    wb::SshAnswerBox box;
    box.setSocket(fds[0]);
    box.cancel();
    char c = 0;
    QCOMPARE(::read(fds[0], &c, 1), 0); // EOF at once instead of blocking
    ::close(fds[0]);
    ::close(fds[1]);
}

void TstSshAnswerBox::secretSaysWhereItCameFrom()
{
    // The worker gives a keychain's password one try and asks the user
    // again; a typed one it does not retry. So the box must tell them apart,
    // and forget the origin with the answer.
    wb::SshAnswerBox box;
    bool fromStore = false;
    box.answerSecret(QByteArray("kept"), true);
    QCOMPARE(box.waitSecret(100, &fromStore), std::optional(QByteArray("kept")));
    QVERIFY(fromStore);
    box.answerSecret(QByteArray("typed"));
    QCOMPARE(box.waitSecret(100, &fromStore), std::optional(QByteArray("typed")));
    QVERIFY(!fromStore);
    box.answerSecret(std::nullopt, true);
    QCOMPARE(box.waitSecret(100, &fromStore), std::nullopt);
    box.cancel();
    box.answerSecret(QByteArray("late"), true);
    QCOMPARE(box.waitSecret(100, &fromStore), std::nullopt);
    QVERIFY(!fromStore);
}

QTEST_GUILESS_MAIN(TstSshAnswerBox)
#include "tst_sshanswerbox.moc"
