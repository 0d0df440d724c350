// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A real Secret Service for keychain tests: a private D-Bus session bus and
// gnome-keyring-daemon with an unlocked "login" collection kept under the
// given XDG_DATA_HOME. Nothing of the machine's own session is touched. After
// start() this process talks to it (DBUS_SESSION_BUS_ADDRESS, XDG_DATA_HOME
// and XDG_RUNTIME_DIR are set here); child processes get address().

#include "keychainsecretstore.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>

#include <csignal>

namespace wbtest {

class SecretService
{
public:
    ~SecretService() { stop(); }

    // `env`: the environment for the keyring daemon; it must hold the
    // XDG_DATA_HOME and XDG_RUNTIME_DIR the test uses.
    bool start(QProcessEnvironment env, QString *why)
    {
        using namespace Qt::StringLiterals;
        const QString busDaemon = QStandardPaths::findExecutable(u"dbus-daemon"_s);
        const QString keyringDaemon = QStandardPaths::findExecutable(u"gnome-keyring-daemon"_s);
        if (busDaemon.isEmpty() || keyringDaemon.isEmpty()) {
            *why = u"dbus-daemon or gnome-keyring-daemon is not installed"_s;
            return false;
        }
        const QString runtimeDir = env.value(u"XDG_RUNTIME_DIR"_s);
        QDir().mkpath(env.value(u"XDG_DATA_HOME"_s));
        QDir().mkpath(runtimeDir);
        QFile::setPermissions(runtimeDir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        // The bus has no service directories: with the standard session
        // config a first request that comes before our daemon owns
        // org.freedesktop.secrets makes the bus start a second
        // gnome-keyring-daemon without --unlock, which wins the name and has
        // no "login" collection; ours then exits ("another secret service is
        // running"). Without activation the probe below just waits.
        const QString config = runtimeDir + u"/bus.conf"_s;
        QFile conf(config);
        if (!conf.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            *why = u"cannot write "_s + config;
            return false;
        }
        conf.write("<!DOCTYPE busconfig PUBLIC \"-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN\"\n"
                   " \"http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd\">\n"
                   "<busconfig><type>session</type><listen>unix:tmpdir=");
        conf.write(runtimeDir.toUtf8());
        conf.write("</listen><auth>EXTERNAL</auth><policy context=\"default\">"
                   "<allow send_destination=\"*\" eavesdrop=\"true\"/><allow eavesdrop=\"true\"/>"
                   "<allow own=\"*\"/></policy></busconfig>\n");
        conf.close();
        m_bus.start(busDaemon, {u"--config-file="_s + config, u"--nofork"_s, u"--nopidfile"_s, u"--print-address=1"_s});
        if (!m_bus.waitForStarted(5000) || !m_bus.waitForReadyRead(5000)) {
            *why = u"dbus-daemon did not start"_s;
            return false;
        }
        m_address = QString::fromUtf8(m_bus.readLine().trimmed());
        env.insert(u"DBUS_SESSION_BUS_ADDRESS"_s, m_address);
        m_keyring.setProcessEnvironment(env);
        m_keyring.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        // --unlock creates and unlocks the "login" collection with the password on stdin.
        m_keyring.start(keyringDaemon, {u"--foreground"_s, u"--unlock"_s, u"--components=secrets"_s});
        if (!m_keyring.waitForStarted(5000)) {
            *why = u"gnome-keyring-daemon did not start"_s;
            return false;
        }
        m_keyring.write("wb-test-keyring");
        m_keyring.closeWriteChannel();
        qputenv("DBUS_SESSION_BUS_ADDRESS", m_address.toUtf8());
        qputenv("XDG_DATA_HOME", env.value(u"XDG_DATA_HOME"_s).toUtf8());
        qputenv("XDG_RUNTIME_DIR", env.value(u"XDG_RUNTIME_DIR"_s).toUtf8());
        // Ready once a write goes through.
        QString error;
        for (int i = 0; i < 50; ++i) {
            wb::KeychainSecretStore store;
            bool done = false;
            store.writeSecret(u"wirebench-test"_s, u"probe"_s, "probe", [&](const QString &message) {
                error = message;
                done = true;
            });
            if (!QTest::qWaitFor([&] { return done; }, 10000))
                error = u"no answer in 10 s"_s;
            if (error.isEmpty())
                return true;
            QTest::qWait(100);
        }
        *why = u"the Secret Service did not answer: "_s + error;
        return false;
    }

    void stop()
    {
        for (QProcess *p : {&m_keyring, &m_bus}) {
            if (p->state() == QProcess::NotRunning)
                continue;
            ::kill(static_cast<pid_t>(p->processId()), SIGTERM);
            if (!p->waitForFinished(3000)) {
                p->kill();
                p->waitForFinished(3000);
            }
        }
    }

    QString address() const { return m_address; }

private:
    QProcess m_bus;
    QProcess m_keyring;
    QString m_address;
};

} // namespace wbtest
