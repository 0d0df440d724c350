// SPDX-License-Identifier: GPL-3.0-or-later
#include "sshworker.h"

#include "agentdeployer.h"
#include "protocol/agentmessage.h"
#include "remotecommand.h"
#include "sshanswerbox.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSocketNotifier>
#include <csignal>
#include <cstring>
#include <libssh/server.h> // ssh_send_keepalive() is declared here, for clients too
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

// The shared library is checked at configure time (CMakeLists.txt); this
// catches a build against other headers. 0.10.6 fixes CVE-2023-6004.
#if LIBSSH_VERSION_INT < SSH_VERSION_INT(0, 10, 6)
#error "Wirebench needs libssh 0.10.6 or newer (CVE-2023-6004)"
#endif

using namespace Qt::StringLiterals;

namespace wb {

namespace {

    constexpr qsizetype kMaxLine = 16 * 1024 * 1024;
    constexpr qsizetype kStderrTail = 4096;
    constexpr qsizetype kWriteChunk = 32 * 1024; // one channel write
    constexpr int kCloseWaitMs = 2000;
    constexpr int kMaxReadPasses = 16; // reads of both streams in one drain

    QString defaultSshDir()
    {
        // libssh itself uses the passwd home, not $HOME; so do we.
        if (const passwd *pw = getpwuid(getuid()); pw && pw->pw_dir)
            return QString::fromLocal8Bit(pw->pw_dir) + u"/.ssh"_s;
        return QDir::homePath() + u"/.ssh"_s;
    }

    QString methodNames(int methods)
    {
        QStringList names;
        if (methods & SSH_AUTH_METHOD_PUBLICKEY)
            names << u"publickey"_s;
        if (methods & SSH_AUTH_METHOD_PASSWORD)
            names << u"password"_s;
        if (methods & SSH_AUTH_METHOD_INTERACTIVE)
            names << u"keyboard-interactive"_s;
        if (methods & SSH_AUTH_METHOD_GSSAPI_MIC)
            names << u"gssapi"_s;
        return names.isEmpty() ? u"none"_s : names.join(u", "_s);
    }

    void setSocketLiveness(int fd, int keepaliveIntervalMs, int userTimeoutMs)
    {
        // Without these a black-holed peer is never noticed: the kernel keeps
        // retransmitting for ~15 minutes and keepalive probes never start while
        // data is unacknowledged. TCP_USER_TIMEOUT bounds both.
        const int on = 1;
        const int idle = std::max(1, keepaliveIntervalMs / 1000);
        const int interval = std::max(1, keepaliveIntervalMs / 1000);
        const int count = 3;
        const unsigned int userTimeout = static_cast<unsigned int>(userTimeoutMs);
        ::setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &on, sizeof on);
        ::setsockopt(fd, IPPROTO_TCP, TCP_KEEPIDLE, &idle, sizeof idle);
        ::setsockopt(fd, IPPROTO_TCP, TCP_KEEPINTVL, &interval, sizeof interval);
        ::setsockopt(fd, IPPROTO_TCP, TCP_KEEPCNT, &count, sizeof count);
        ::setsockopt(fd, IPPROTO_TCP, TCP_USER_TIMEOUT, &userTimeout, sizeof userTimeout);
    }

} // namespace

SshWorker::SshWorker(
    SshEndpoint endpoint, SshOptions options, std::shared_ptr<SshAnswerBox> box, bool canAskSecrets)
    : m_endpoint(std::move(endpoint))
    , m_options(std::move(options))
    , m_box(std::move(box))
    , m_canAskSecrets(canAskSecrets)
{
    m_keepaliveTimer.setParent(this); // so that moveToThread() takes it along
    m_keepaliveTimer.setInterval(m_options.keepaliveIntervalMs);
    connect(&m_keepaliveTimer, &QTimer::timeout, this, &SshWorker::handleKeepalive);
}

SshWorker::~SshWorker()
{
    teardown();
}

QString SshWorker::sshError() const
{
    if (!m_session)
        return u"no session"_s;
    return QString::fromUtf8(ssh_get_error(m_session));
}

void SshWorker::start()
{
    if (m_running || m_session)
        return;
    // A ProxyCommand is a pipe: writing after the proxy died must be an
    // error for this thread, not a SIGPIPE that kills the program.
    sigset_t pipe;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe, nullptr);
    SshStep step = connectSession();
    if (step)
        step = verifyHostKey();
    if (step)
        step = authenticate();
    if (step) {
        AgentDeployer deployer(
            m_session, m_endpoint, m_options,
            [this](const QByteArray &command, const QByteArray &input, int timeoutMs) {
                return exec(command, input, timeoutMs);
            },
            [this](const QString &message) { emit progressed(message); });
        step = deployer.ensureAgent();
        m_agentPath = deployer.agentPath();
        m_remoteArch = deployer.remoteArch();
    }
    if (step)
        step = openAgentChannel();
    if (!step) {
        fail(step);
        return;
    }
    m_running = true;
    m_notifier = new QSocketNotifier(ssh_get_fd(m_session), QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &SshWorker::drainAgentChannel);
    m_keepaliveTimer.start();
    emit opened(m_agentPath, m_remoteArch, m_fingerprint);
    // Lines may already sit in libssh's buffer, where no notifier sees them.
    drainAgentChannel();
}

SshStep SshWorker::connectSession()
{
    if (m_box->isCancelled())
        return SshStep::transient(u"%1: cancelled"_s.arg(where()));
    if (m_endpoint.host.isEmpty())
        return SshStep::persistent(u"no host name given"_s);
    m_session = ssh_new();
    if (!m_session)
        return SshStep::persistent(u"%1: libssh could not create a session"_s.arg(where()));

    const QByteArray host = m_endpoint.host.toUtf8();
    if (ssh_options_set(m_session, SSH_OPTIONS_HOST, host.constData()) != SSH_OK) {
        // The name is only the ~/.ssh/config alias when an address is given;
        // without one there is nothing to connect to.
        if (m_endpoint.address.isEmpty())
            return SshStep::persistent(u"%1: '%2' is not a host name SSH can use (letters, digits, '-' and "
                                       "'.', or an IP address); give the host an address"_s
                                           .arg(where(), m_endpoint.host));
        emit progressed(
            u"%1: '%2' is not a host name libssh accepts, so ~/.ssh/config entries for it are not "
            "used; connecting to %3"_s.arg(where(), m_endpoint.host, m_endpoint.address));
    }
    const QString sshDir = m_options.sshDir.isEmpty() ? defaultSshDir() : m_options.sshDir;
    const QByteArray sshDirUtf8 = QFile::encodeName(sshDir);
    if (SshStep s = setOption(SSH_OPTIONS_SSH_DIR, sshDirUtf8.constData(), u"the SSH folder '%1'"_s.arg(sshDir));
        !s)
        return s;
    if (m_options.useSshConfig) {
        // Parse it ourselves so that the explicit settings below win; libssh
        // would otherwise apply it again inside ssh_connect().
        const QString config = m_options.configFile.isEmpty() ? sshDir + u"/config"_s : m_options.configFile;
        if (QFileInfo::exists(config)) {
            const QByteArray c = QFile::encodeName(config);
            if (ssh_options_parse_config(m_session, c.constData()) < 0)
                return SshStep::persistent(
                    u"%1: cannot use the SSH config '%2': %3"_s.arg(where(), config, sshError()));
        }
    }
    const bool processConfigAgain = false;
    if (SshStep s = setOption(SSH_OPTIONS_PROCESS_CONFIG, &processConfigAgain,
                              u"turning off its own ~/.ssh/config pass"_s);
        !s)
        return s;
    if (!m_endpoint.jumpHost.isEmpty()) {
        // The inventory's jump host wins over ~/.ssh/config's. libssh 0.10
        // has no ProxyJump option (SSH_OPTIONS_PROXYJUMP came in 0.11): it
        // turns ssh_config's into this OpenSSH command, and so do we, so the
        // same checks, -F and stderr capture apply. The value was checked
        // ([user@]host[:port], no shell characters) where it was read.
        QString jump = m_endpoint.jumpHost;
        QString user, port;
        if (const qsizetype at = jump.indexOf(u'@'); at >= 0) {
            user = jump.left(at);
            jump = jump.mid(at + 1);
        }
        if (const qsizetype colon = jump.lastIndexOf(u':'); colon > jump.lastIndexOf(u']')) {
            port = jump.mid(colon + 1);
            jump = jump.left(colon);
        }
        if (jump.startsWith(u'[') && jump.endsWith(u']'))
            jump = jump.mid(1, jump.size() - 2);
        static const QRegularExpression kSafe(u"^[A-Za-z0-9_.:-]+$"_s);
        if (!kSafe.match(jump).hasMatch() || jump.startsWith(u'-') || (!user.isEmpty() && !kSafe.match(user).hasMatch())
            || (!port.isEmpty() && !kSafe.match(port).hasMatch()))
            return SshStep::persistent(
                u"%1: the jump host '%2' is not [user@]host[:port]"_s.arg(where(), m_endpoint.jumpHost));
        QString command = u"ssh"_s;
        if (!user.isEmpty())
            command += u" -l "_s + user;
        if (!port.isEmpty())
            command += u" -p "_s + port;
        command += u" -W '[%h]:%p' "_s + jump;
        const QByteArray c = command.toUtf8();
        if (SshStep s = setOption(SSH_OPTIONS_PROXYCOMMAND, c.constData(),
                                  u"the jump host '%1'"_s.arg(m_endpoint.jumpHost));
            !s)
            return s;
    }
    if (m_options.useSshConfig || !m_endpoint.jumpHost.isEmpty()) {
        const QString config = m_options.configFile.isEmpty() ? sshDir + u"/config"_s : m_options.configFile;
        if (SshStep step = prepareProxyCommand(QFileInfo::exists(config) && m_options.useSshConfig ? config : QString());
            !step)
            return step;
    }
    // An ignored refusal here would keep the value from ~/.ssh/config (or
    // the alias): the session would go to another host or log in as
    // another user than the inventory says.
    if (!m_endpoint.address.isEmpty()) {
        const QByteArray a = m_endpoint.address.toUtf8();
        if (SshStep s = setOption(SSH_OPTIONS_HOST, a.constData(),
                u"the address '%1' (expected a host name of letters, digits, '-' and '.', or an "
                "IP address)"_s.arg(m_endpoint.address));
            !s)
            return s;
    }
    if (m_endpoint.port > 0) {
        const unsigned int port = static_cast<unsigned int>(m_endpoint.port);
        if (SshStep s = setOption(SSH_OPTIONS_PORT, &port, u"the port %1"_s.arg(m_endpoint.port)); !s)
            return s;
    }
    if (!m_endpoint.user.isEmpty()) {
        const QByteArray u = m_endpoint.user.toUtf8();
        if (SshStep s = setOption(SSH_OPTIONS_USER, u.constData(),
                u"the user name '%1' (expected letters, digits and '._-', not starting with "
                "'-')"_s.arg(m_endpoint.user));
            !s)
            return s;
    }
    if (m_options.userKnownHostsFile.isEmpty())
        m_options.userKnownHostsFile = sshDir + u"/known_hosts"_s;
    const QString userKnown = m_options.userKnownHostsFile;
    // libssh reads both files; it only ever writes the first, which is ours.
    if (m_options.wirebenchKnownHostsFile.isEmpty())
        m_options.wirebenchKnownHostsFile = SshOptions::defaultWirebenchKnownHostsFile();
    const QByteArray own = QFile::encodeName(m_options.wirebenchKnownHostsFile);
    const QByteArray theirs = QFile::encodeName(userKnown);
    if (SshStep s = setOption(SSH_OPTIONS_KNOWNHOSTS, own.constData(),
                              u"the known_hosts file '%1'"_s.arg(m_options.wirebenchKnownHostsFile));
        !s)
        return s;
    if (SshStep s = setOption(SSH_OPTIONS_GLOBAL_KNOWNHOSTS, theirs.constData(),
                              u"the known_hosts file '%1'"_s.arg(userKnown));
        !s)
        return s;
    if (!m_options.agentSocket.isEmpty()) {
        const QByteArray a = QFile::encodeName(m_options.agentSocket);
        if (SshStep s = setOption(SSH_OPTIONS_IDENTITY_AGENT, a.constData(),
                                  u"the ssh-agent socket '%1'"_s.arg(m_options.agentSocket));
            !s)
            return s;
    }
    const long sec = m_options.connectTimeoutMs / 1000;
    const long usec = (m_options.connectTimeoutMs % 1000) * 1000L;
    const int nodelay = 1;
    const QString timeout = u"the connect timeout of %1 ms"_s.arg(m_options.connectTimeoutMs);
    if (SshStep s = setOption(SSH_OPTIONS_TIMEOUT, &sec, timeout); !s)
        return s;
    if (SshStep s = setOption(SSH_OPTIONS_TIMEOUT_USEC, &usec, timeout); !s)
        return s;
    if (SshStep s = setOption(SSH_OPTIONS_NODELAY, &nodelay, u"TCP_NODELAY"_s); !s)
        return s;

    emit progressed(u"%1: connecting"_s.arg(where()));
    // The first call does not block: it resolves the name and starts the TCP
    // connect, so the socket is known and close() can shut it down to cut a
    // slow handshake short. The rest blocks, bounded by SSH_OPTIONS_TIMEOUT
    // (polling in non-blocking mode added ~50 ms per handshake step).
    ssh_set_blocking(m_session, 0);
    int rc = ssh_connect(m_session);
    ssh_set_blocking(m_session, 1);
    if (rc == SSH_AGAIN) {
        m_box->setSocket(ssh_get_fd(m_session));
        if (m_box->isCancelled())
            return SshStep::transient(u"%1: cancelled"_s.arg(where()));
        rc = ssh_connect(m_session);
    }
    if (rc != SSH_OK) {
        const QString why = sshError();
        return SshStep::transient(withProxyOutput(
            u"%1: cannot connect: %2"_s.arg(where(), why.isEmpty() ? u"connection failed"_s : why)));
    }
    const int fd = ssh_get_fd(m_session);
    setSocketLiveness(fd, m_options.keepaliveIntervalMs, m_options.tcpUserTimeoutMs);
    m_box->setSocket(fd);
    return {};
}

SshStep SshWorker::prepareProxyCommand(const QString &configFile)
{
    char *raw = nullptr;
    if (ssh_options_get(m_session, SSH_OPTIONS_PROXYCOMMAND, &raw) != SSH_OK || !raw)
        return {};
    QByteArray command(raw);
    ssh_string_free_char(raw);
    if (command.isEmpty() || command.compare("none", Qt::CaseInsensitive) == 0)
        return {};
    m_viaProxy = true;
    // libssh 0.10 has no ProxyJump of its own: it turns "ProxyJump
    // [user@]host[:port][,more]" into this command for the OpenSSH client.
    static const QRegularExpression kJump(
        uR"(^ssh(?: -l (\S+))?(?: -p (\S+))?(?: -J (\S+))? -W '\[%h\]:%p' (\S+)$)"_s);
    const QRegularExpressionMatch jump = kJump.match(QString::fromUtf8(command));
    if (jump.hasMatch()) {
        const QString user = jump.captured(1);
        const QString port = jump.captured(2);
        const QString host = jump.captured(4);
        m_proxyJump = (user.isEmpty() ? QString() : user + u'@') + host
            + (port.isEmpty() ? QString() : u':' + port)
            + (jump.captured(3).isEmpty() ? QString() : u" (then "_s + jump.captured(3) + u')');
        if (user.contains(u"://"_s) || host.contains(u"://"_s))
            return SshStep::persistent(
                u"%1: ProxyJump in the ssh_config form 'ssh://[user@]host[:port]' cannot be used: "
                "libssh 0.10 misreads it (as user '%2'). Write the first jump host as "
                "[user@]host[:port], or give a ProxyCommand (ssh -W %h:%p JUMP)."_s.arg(where(), user));
        // The ssh client libssh starts would read only the user's default
        // ~/.ssh/config; make it read the file Wirebench used, so the jump
        // host's alias, user, key and known_hosts come from the same place.
        if (!configFile.isEmpty() && !configFile.contains(u'%'))
            command.insert(3, " -F " + shellQuote(configFile));
    }
    // Keep what the proxy says on stderr (a refused jump host, an unknown
    // jump host key) for the error message instead of losing it.
    m_proxyLog = std::make_unique<QTemporaryFile>(QDir::tempPath() + u"/wirebench-proxy-XXXXXX.log"_s);
    if (m_proxyLog->open() && !m_proxyLog->fileName().contains(u'%'))
        command.prepend("exec 2>" + shellQuote(m_proxyLog->fileName()) + "; ");
    else
        m_proxyLog.reset();
    return setOption(SSH_OPTIONS_PROXYCOMMAND, command.constData(), u"the ProxyCommand from ssh_config"_s);
}

SshStep SshWorker::setOption(ssh_options_e option, const void *value, const QString &what)
{
    // libssh's error text is often empty or stale after a refused option,
    // so the message names the value instead.
    if (ssh_options_set(m_session, option, value) == SSH_OK)
        return {};
    return SshStep::persistent(u"%1: libssh refused %2"_s.arg(where(), what));
}

QString SshWorker::proxyOutput() const
{
    if (!m_proxyLog)
        return {};
    QFile f(m_proxyLog->fileName());
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray all = f.read(64 * 1024);
    QStringList lines;
    for (const QByteArray &line : all.split('\n')) {
        if (!line.trimmed().isEmpty())
            lines << QString::fromUtf8(line.trimmed());
    }
    return lines.mid(std::max<qsizetype>(0, lines.size() - 3)).join(u"; "_s);
}

QString SshWorker::withProxyOutput(const QString &message) const
{
    if (!m_viaProxy)
        return message;
    QString out = message;
    out += m_proxyJump.isEmpty() ? u" (through a ProxyCommand from ssh_config"_s
                                 : u" (through ProxyJump %1, run by the ssh client as 'ssh -W'"_s.arg(m_proxyJump);
    const QString said = proxyOutput();
    out += said.isEmpty() ? u")"_s : u"; it said: %1)"_s.arg(said);
    return out;
}

SshStep SshWorker::verifyHostKey()
{
    ssh_key key = nullptr;
    if (ssh_get_server_publickey(m_session, &key) != SSH_OK)
        return SshStep::transient(u"%1: the server sent no host key: %2"_s.arg(where(), sshError()));
    unsigned char *hash = nullptr;
    size_t hashLen = 0;
    const QString keyType = QString::fromLatin1(ssh_key_type_to_char(ssh_key_type(key)));
    const int hrc = ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash, &hashLen);
    ssh_key_free(key);
    if (hrc != SSH_OK)
        return SshStep::persistent(u"%1: cannot hash the host key"_s.arg(where()));
    char *fp = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, hashLen);
    ssh_clean_pubkey_hash(&hash);
    m_fingerprint = QString::fromLatin1(fp);
    ssh_string_free_char(fp);

    QString entryName;
    char *entry = nullptr;
    if (ssh_session_export_known_hosts_entry(m_session, &entry) == SSH_OK) {
        entryName = QString::fromUtf8(entry).section(u' ', 0, 0);
        ssh_string_free_char(entry);
    }
    const QString files = u"%1 and %2"_s.arg(m_options.userKnownHostsFile, m_options.wirebenchKnownHostsFile);

    switch (ssh_session_is_known_server(m_session)) {
    case SSH_KNOWN_HOSTS_OK:
        return {};
    case SSH_KNOWN_HOSTS_CHANGED:
        return SshStep::persistent(
            u"%1: HOST KEY CHANGED. The host now presents %2 key %3, which does not match the key recorded "
            "for '%4' in %5. Someone may be intercepting the connection, or the host was reinstalled. "
            "Wirebench refuses to connect; if you know the host was reinstalled, remove the old entry "
            "(ssh-keygen -R '%4' -f FILE) and connect again."_s.arg(
                where(), keyType, m_fingerprint, entryName, files));
    case SSH_KNOWN_HOSTS_OTHER:
        return SshStep::persistent(
            u"%1: HOST KEY CHANGED. The host presents %2 key %3, but a key of another type is recorded for "
            "'%4' in %5. Wirebench refuses to connect; remove the old entry if the host was reinstalled."_s
                .arg(where(), keyType, m_fingerprint, entryName, files));
    case SSH_KNOWN_HOSTS_UNKNOWN:
    case SSH_KNOWN_HOSTS_NOT_FOUND:
        break;
    case SSH_KNOWN_HOSTS_ERROR:
    default:
        return SshStep::persistent(
            u"%1: cannot check the host key against %2: %3"_s.arg(where(), files, sshError()));
    }

    emit hostKeyQuestionRaised(HostKeyQuestion { m_endpoint.host, entryName, keyType, m_fingerprint });
    const auto decision = m_box->waitHostKey(m_options.promptTimeoutMs);
    if (!decision || *decision == HostKeyDecision::Refuse)
        return SshStep::persistent(u"%1: the host key is not known (%2 %3) and was not accepted"_s.arg(
            where(), keyType, m_fingerprint));
    if (*decision == HostKeyDecision::TrustAlways) {
        char *line = nullptr;
        if (ssh_session_export_known_hosts_entry(m_session, &line) != SSH_OK)
            return SshStep::persistent(u"%1: cannot record the host key: %2"_s.arg(where(), sshError()));
        QByteArray text(line);
        ssh_string_free_char(line);
        if (!text.endsWith('\n'))
            text.append('\n');
        const QString path = m_options.wirebenchKnownHostsFile;
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Append)) {
            return SshStep::persistent(
                u"%1: cannot record the host key in '%2': %3"_s.arg(where(), path, f.errorString()));
        }
        f.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
        if (f.write(text) != text.size() || !f.flush())
            return SshStep::persistent(
                u"%1: cannot record the host key in '%2': %3"_s.arg(where(), path, f.errorString()));
        emit progressed(u"%1: recorded host key %2 in %3"_s.arg(where(), m_fingerprint, path));
    }
    return {};
}

int SshWorker::authCallback(const char *prompt, char *buf, size_t len, int, int, void *userdata)
{
    auto *self = static_cast<SshWorker *>(userdata);
    if (!self->m_canAskSecrets || len < 2)
        return -1;
    CredentialRequest req;
    req.kind = CredentialRequest::Kind::KeyPassphrase;
    req.host = self->where();
    req.prompt = QString::fromUtf8(prompt).trimmed();
    emit self->credentialRequested(req);
    std::optional<QByteArray> secret = self->m_box->waitSecret(self->m_options.promptTimeoutMs);
    if (!secret || static_cast<size_t>(secret->size()) >= len) {
        if (secret)
            secret->fill('\0');
        return -1;
    }
    std::memcpy(buf, secret->constData(), static_cast<size_t>(secret->size()));
    buf[secret->size()] = '\0';
    secret->fill('\0');
    return 0;
}

int SshWorker::kbdintPassword(const char *password, QString *unsupported)
{
    int rc = ssh_userauth_kbdint(m_session, nullptr, nullptr);
    bool answered = false;
    // Servers end with an empty round (PAM); a few rounds are plenty.
    for (int round = 0; rc == SSH_AUTH_INFO && round < 8; ++round) {
        const int n = ssh_userauth_kbdint_getnprompts(m_session);
        for (int i = 0; i < n; ++i) {
            char echo = 0;
            const char *prompt = ssh_userauth_kbdint_getprompt(m_session, static_cast<unsigned int>(i), &echo);
            if (echo || answered) {
                // A second question (a one-time code) or one shown as typed:
                // not a password, and nobody here to answer it.
                *unsupported = u"%1: the server asks '%2' during keyboard-interactive login; Wirebench can "
                               "answer only one password prompt there. Use a key, or ask for "
                               "PasswordAuthentication on this host."_s.arg(
                                   where(), QString::fromUtf8(prompt ? prompt : "").trimmed());
                return SSH_AUTH_DENIED;
            }
            if (ssh_userauth_kbdint_setanswer(m_session, static_cast<unsigned int>(i), password) < 0)
                return SSH_AUTH_ERROR;
            answered = true;
        }
        rc = ssh_userauth_kbdint(m_session, nullptr, nullptr);
    }
    return rc == SSH_AUTH_INFO ? SSH_AUTH_DENIED : rc;
}

QString SshWorker::accountName() const
{
    // As connected: after ~/.ssh/config and the inventory's address, so the
    // keychain entry follows the real account, not an alias.
    char *user = nullptr;
    char *host = nullptr;
    unsigned int port = 22;
    ssh_options_get(m_session, SSH_OPTIONS_USER, &user);
    ssh_options_get(m_session, SSH_OPTIONS_HOST, &host);
    ssh_options_get_port(m_session, &port);
    const QString name = u"%1@%2:%3"_s.arg(
        QString::fromUtf8(user ? user : ""), QString::fromUtf8(host ? host : "")).arg(port);
    ssh_string_free_char(user);
    ssh_string_free_char(host);
    return name;
}

SshStep SshWorker::authenticate()
{
    m_callbacks = {};
    m_callbacks.userdata = this;
    m_callbacks.auth_function = &SshWorker::authCallback;
    ssh_callbacks_init(&m_callbacks);
    ssh_set_callbacks(m_session, &m_callbacks);

    int rc = ssh_userauth_none(m_session, nullptr);
    if (rc == SSH_AUTH_SUCCESS)
        return {};
    if (rc == SSH_AUTH_ERROR)
        return SshStep::transient(u"%1: authentication failed: %2"_s.arg(where(), sshError()));
    const int methods = ssh_userauth_list(m_session, nullptr);
    QStringList tried;
    QStringList notes;

    if (!m_endpoint.identityFile.isEmpty() && (methods & SSH_AUTH_METHOD_PUBLICKEY)) {
        const QString path = m_endpoint.identityFile;
        tried << u"key %1"_s.arg(path);
        if (!QFileInfo::exists(path)) {
            notes << u"the identity file '%1' does not exist"_s.arg(path);
        } else {
            ssh_key key = nullptr;
            const QByteArray p = QFile::encodeName(path);
            if (ssh_pki_import_privkey_file(p.constData(), nullptr, &SshWorker::authCallback, this, &key)
                != SSH_OK) {
                notes << u"cannot load the key '%1' (wrong or no passphrase, or not a private key)"_s.arg(
                    path);
            } else {
                rc = ssh_userauth_publickey(m_session, nullptr, key);
                ssh_key_free(key);
                if (rc == SSH_AUTH_SUCCESS)
                    return {};
                if (rc == SSH_AUTH_ERROR)
                    return SshStep::transient(u"%1: authentication failed: %2"_s.arg(where(), sshError()));
            }
        }
    }
    if (methods & SSH_AUTH_METHOD_PUBLICKEY) {
        // ssh-agent first, then IdentityFile from ~/.ssh/config and the default keys.
        tried << u"ssh-agent and default keys"_s;
        rc = ssh_userauth_publickey_auto(m_session, nullptr, nullptr);
        if (rc == SSH_AUTH_SUCCESS)
            return {};
        if (rc == SSH_AUTH_ERROR)
            return SshStep::transient(u"%1: authentication failed: %2"_s.arg(where(), sshError()));
    }
    bool passwordRefused = false;
    // A password by the "password" method or, where the server takes it only
    // through PAM, by "keyboard-interactive" with one hidden prompt.
    const bool byPassword = methods & SSH_AUTH_METHOD_PASSWORD;
    const bool byKbdint = !byPassword && (methods & SSH_AUTH_METHOD_INTERACTIVE);
    if ((byPassword || byKbdint) && m_canAskSecrets) {
        tried << (byPassword ? u"password"_s : u"keyboard-interactive (password)"_s);
        CredentialRequest req;
        req.kind = CredentialRequest::Kind::Password;
        req.host = where();
        req.account = accountName();
        req.prompt = u"Password for %1"_s.arg(req.account);
        // A password from the keychain gets one try and, when refused, the
        // user is asked once; a typed password gets one try. Never a loop of
        // guesses against the server.
        for (int attempt = 0; attempt < 2; ++attempt) {
            emit credentialRequested(req);
            bool fromStore = false;
            std::optional<QByteArray> secret = m_box->waitSecret(m_options.promptTimeoutMs, &fromStore);
            if (!secret) {
                notes << u"no password was given"_s;
                break;
            }
            secret->append('\0');
            QString unsupported;
            rc = byPassword ? ssh_userauth_password(m_session, nullptr, secret->constData())
                            : kbdintPassword(secret->constData(), &unsupported);
            secret->fill('\0');
            if (!unsupported.isEmpty())
                return SshStep::persistent(unsupported);
            if (rc == SSH_AUTH_SUCCESS) {
                emit passwordChecked(req.account, true);
                return {};
            }
            if (rc == SSH_AUTH_ERROR)
                return SshStep::transient(u"%1: authentication failed: %2"_s.arg(where(), sshError()));
            emit passwordChecked(req.account, false);
            passwordRefused = true;
            if (!fromStore)
                break;
            req.storedPasswordRefused = true;
        }
    }
    char *user = nullptr;
    ssh_options_get(m_session, SSH_OPTIONS_USER, &user);
    const QString userName = QString::fromUtf8(user ? user : "");
    ssh_string_free_char(user);
    QString msg = u"%1: authentication as '%2' failed. The server accepts: %3; tried: %4"_s.arg(
        where(), userName, methodNames(methods), tried.isEmpty() ? u"nothing"_s : tried.join(u", "_s));
    if (passwordRefused)
        notes.prepend(u"the server refused the password for %1"_s.arg(accountName()));
    if (!notes.isEmpty())
        msg += u". "_s + notes.join(u"; "_s);
    return SshStep::persistent(msg);
}

RemoteCommandResult SshWorker::exec(const QByteArray &command, const QByteArray &stdinData, int timeoutMs)
{
    RemoteCommandResult r;
    QDeadlineTimer deadline(timeoutMs);
    ssh_channel ch = ssh_channel_new(m_session);
    if (!ch) {
        r.error = u"cannot create a channel: %1"_s.arg(sshError());
        return r;
    }
    auto finish = [&] {
        ssh_channel_close(ch);
        ssh_channel_free(ch);
        return r;
    };
    if (ssh_channel_open_session(ch) != SSH_OK) {
        r.error = u"cannot open a channel: %1"_s.arg(sshError());
        return finish();
    }
    if (ssh_channel_request_exec(ch, command.constData()) != SSH_OK) {
        r.error = u"cannot run a command: %1"_s.arg(sshError());
        return finish();
    }
    for (qsizetype off = 0; off < stdinData.size();) {
        const auto n = std::min<qsizetype>(kWriteChunk, stdinData.size() - off);
        const int w = ssh_channel_write(ch, stdinData.constData() + off, static_cast<uint32_t>(n));
        if (w == SSH_ERROR) {
            r.error = u"cannot send input to the command: %1"_s.arg(sshError());
            return finish();
        }
        off += w;
        if (deadline.hasExpired()) {
            r.error = u"sending input timed out after %1 s"_s.arg(timeoutMs / 1000.0);
            return finish();
        }
    }
    ssh_channel_send_eof(ch);
    char buf[16384];
    const qsizetype cap = std::max<qsizetype>(m_options.maxCommandOutputBytes, 1);
    auto tooMuch = [&](const char *stream) {
        r.error = u"the command printed more than %1 bytes on %2; it was stopped"_s.arg(cap).arg(
            QLatin1StringView(stream));
        return finish();
    };
    for (;;) {
        // Drain stdout and stderr both: a command that fills its stderr window
        // would otherwise block forever while we wait on stdout.
        const int n = ssh_channel_read_timeout(ch, buf, sizeof buf, 0, 100);
        if (n == SSH_ERROR) {
            r.error = u"the connection failed while a command ran: %1"_s.arg(sshError());
            return finish();
        }
        if (n > 0) {
            if (n > cap - r.stdOut.size()) {
                r.stdOut.append(buf, cap - r.stdOut.size());
                return tooMuch("stdout");
            }
            r.stdOut.append(buf, n);
        }
        for (;;) {
            const int e = ssh_channel_read_nonblocking(ch, buf, sizeof buf, 1);
            if (e <= 0)
                break;
            if (e > cap - r.stdErr.size()) {
                r.stdErr.append(buf, cap - r.stdErr.size());
                return tooMuch("stderr");
            }
            r.stdErr.append(buf, e);
        }
        if (n == 0 && (ssh_channel_is_eof(ch) || ssh_channel_is_closed(ch)))
            break;
        // Keep the agent's lines flowing both ways while a helper command runs, or a
        // long command would look like a dead host to the heartbeat. Errors
        // are left for drainAgentChannel() once this channel is gone.
        if (m_running && m_channel) {
            writePending();
            pumpAgentOutput();
        }
        if (deadline.hasExpired() || m_box->isCancelled()) {
            r.error = u"the command did not finish within %1 s"_s.arg(timeoutMs / 1000.0);
            return finish();
        }
    }
    r.exitStatus = ssh_channel_get_exit_status(ch);
    return finish();
}

RemoteCommandResult SshWorker::execClean(
    const QByteArray &command, const QByteArray &stdinData, int timeoutMs)
{
    return stripLoginNoise(
        exec(QByteArray("printf '%s\\n' ") + kOutputMarker + "; " + command, stdinData, timeoutMs));
}

SshStep SshWorker::openAgentChannel()
{
    m_channel = ssh_channel_new(m_session);
    if (!m_channel || ssh_channel_open_session(m_channel) != SSH_OK)
        return SshStep::transient(u"%1: cannot open a channel: %2"_s.arg(where(), sshError()));
    const QByteArray cmd = "exec " + shellQuote(m_agentPath) + " --stdio";
    if (ssh_channel_request_exec(m_channel, cmd.constData()) != SSH_OK)
        return SshStep::transient(u"%1: cannot start the agent: %2"_s.arg(where(), sshError()));
    return {};
}

void SshWorker::queueLine(const QByteArray &line)
{
    bool wasEmpty = false;
    {
        QMutexLocker lock(&m_writeMutex);
        wasEmpty = m_pendingWrites.isEmpty();
        m_pendingWrites.append(line);
    }
    if (wasEmpty)
        QMetaObject::invokeMethod(this, &SshWorker::flushWrites, Qt::QueuedConnection);
}

bool SshWorker::writePending()
{
    QList<QByteArray> lines;
    {
        QMutexLocker lock(&m_writeMutex);
        lines.swap(m_pendingWrites);
    }
    for (const QByteArray &line : std::as_const(lines)) {
        for (qsizetype off = 0; off < line.size();) {
            const int n = ssh_channel_write(m_channel, line.constData() + off,
                static_cast<uint32_t>(std::min<qsizetype>(line.size() - off, kWriteChunk)));
            if (n == SSH_ERROR)
                return false;
            off += n;
        }
    }
    return true;
}

void SshWorker::flushWrites()
{
    if (!m_running || !m_channel) {
        QMutexLocker lock(&m_writeMutex);
        if (m_pendingWrites.isEmpty())
            return;
        m_pendingWrites.clear();
        lock.unlock();
        emit transientError(u"%1: the agent is not connected"_s.arg(where()));
        return;
    }
    if (!writePending()) {
        lose(sshError());
        return;
    }
    drainAgentChannel();
}

bool SshWorker::pumpAgentOutput()
{
    char buf[65536];
    // Each read may take packets off the socket for the other stream, into
    // libssh's buffer where no socket notifier sees them: a line left there
    // waited for the next heartbeat (2 s). So read until a pass finds
    // nothing, ending with standard output: a read of it that returns 0 had
    // nothing left in its buffer after taking in what the socket held.
    // Bounded: an agent that never pauses gets the rest read on the next
    // turn of the event loop, after these lines went out.
    bool more = true;
    for (int pass = 0; more && pass < kMaxReadPasses; ++pass) {
        more = false;
        for (;;) {
            const int n = ssh_channel_read_nonblocking(m_channel, buf, sizeof buf, 1);
            if (n <= 0)
                break;
            more = true;
            m_stderrTail.append(buf, n);
            if (m_stderrTail.size() > kStderrTail)
                m_stderrTail = m_stderrTail.right(kStderrTail);
        }
        for (;;) {
            const int n = ssh_channel_read_nonblocking(m_channel, buf, sizeof buf, 0);
            if (n == SSH_ERROR)
                return false;
            if (n <= 0)
                break;
            more = true;
            m_buffer.append(buf, n);
        }
    }
    if (more)
        QMetaObject::invokeMethod(this, &SshWorker::drainAgentChannel, Qt::QueuedConnection);
    qsizetype start = 0;
    for (;;) {
        const qsizetype nl = m_buffer.indexOf('\n', start);
        if (nl < 0)
            break;
        const QByteArray line = m_buffer.mid(start, nl - start);
        start = nl + 1;
        if (!m_sawProtocol) {
            // A login shell that prints a banner (a noisy ~/.bashrc) speaks
            // before the agent does; its lines are not protocol.
            if (!line.trimmed().startsWith('{')) {
                emit progressed(
                    u"%1: ignored login output: %2"_s.arg(where(), QString::fromUtf8(line.left(200))));
                continue;
            }
            m_sawProtocol = true;
        }
        emit lineReceived(line);
    }
    m_buffer.remove(0, start);
    if (m_buffer.size() > kMaxLine) {
        m_buffer.clear();
        m_lineTooLong = true;
    }
    return true;
}

void SshWorker::drainAgentChannel()
{
    if (!m_running || !m_channel)
        return;
    if (!pumpAgentOutput()) {
        lose(sshError());
        return;
    }
    if (m_lineTooLong) {
        m_lineTooLong = false;
        emit persistentError(u"%1: the agent sent a line longer than %2 bytes"_s.arg(where()).arg(kMaxLine));
        closeSession();
        return;
    }
    if (!m_running)
        return;
    if (ssh_channel_is_eof(m_channel) || ssh_channel_is_closed(m_channel)) {
        if (!m_closing) {
            const int status = ssh_channel_get_exit_status(m_channel);
            const QString tail = QString::fromUtf8(m_stderrTail).trimmed();
            QString why = u"%1: the agent exited with status %2"_s.arg(where()).arg(status);
            if (!tail.isEmpty())
                why += u": "_s + tail;
            emit transientError(why);
        }
        teardown();
        emit closed();
        return;
    }
    if (!ssh_is_connected(m_session))
        lose(sshError());
}

void SshWorker::handleKeepalive()
{
    if (!m_running)
        return;
    // The reply is never checked (libssh always says OK); what matters is that
    // unacknowledged bytes make TCP_USER_TIMEOUT fire on a dead link.
    if (ssh_send_keepalive(m_session) == SSH_ERROR) {
        lose(sshError());
        return;
    }
    drainAgentChannel();
}

void SshWorker::runCommand(qint64 id, const QByteArray &command, int timeoutMs)
{
    if (!m_running) {
        RemoteCommandResult r;
        r.error = u"%1: not connected"_s.arg(where());
        emit commandFinished(id, r);
        return;
    }
    emit commandFinished(id, execClean(command, {}, timeoutMs));
    drainAgentChannel();
}

void SshWorker::closeSession()
{
    if (!m_session)
        return;
    m_closing = true;
    if (m_running && m_channel && ssh_is_connected(m_session)) {
        // The agent exits when its stdin closes; give it a moment to say so.
        ssh_channel_send_eof(m_channel);
        QDeadlineTimer deadline(kCloseWaitMs);
        char buf[4096];
        while (!deadline.hasExpired() && !m_box->isCancelled() && !ssh_channel_is_eof(m_channel)) {
            const int n = ssh_channel_read_timeout(m_channel, buf, sizeof buf, 0, 100);
            if (n == SSH_ERROR)
                break;
            if (n > 0)
                m_buffer.append(buf, n);
        }
    }
    teardown();
    emit closed();
}

void SshWorker::fail(const SshStep &step)
{
    if (m_box->isCancelled()) {
        // The owner closed us while connecting: that is not an error to report.
        teardown();
        emit closed();
        return;
    }
    if (step.failure == SshStep::Failure::Persistent)
        emit persistentError(step.message);
    else
        emit transientError(step.message);
    teardown();
    emit closed();
}

void SshWorker::lose(const QString &why)
{
    if (!m_running)
        return;
    emit transientError(withProxyOutput(
        u"%1: lost the connection: %2"_s.arg(where(), why.isEmpty() ? u"no reason given"_s : why)));
    teardown();
    emit closed();
}

void SshWorker::teardown()
{
    m_running = false;
    m_keepaliveTimer.stop();
    delete m_notifier;
    m_notifier = nullptr;
    m_box->setSocket(-1);
    if (m_channel) {
        ssh_channel_close(m_channel);
        ssh_channel_free(m_channel);
        m_channel = nullptr;
    }
    if (m_session) {
        if (ssh_is_connected(m_session))
            ssh_disconnect(m_session);
        ssh_free(m_session);
        m_session = nullptr;
    }
}

} // namespace wb
