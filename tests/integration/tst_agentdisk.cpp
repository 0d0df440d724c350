// SPDX-License-Identifier: GPL-3.0-or-later
// A file transfer to disk between two real agents on loopback: the
// receiver's network-phase rate and its rate including the final flush in
// one run, the file on disk byte for byte, O_DIRECT on a filesystem that
// takes it (and a clear refusal on one that does not), and the written and
// read files dropped from the page cache afterwards (checked with mincore).

#include "agentprocess.h"
#include "result/metriccatalog.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <linux/magic.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>
#include <vector>

using namespace Qt::StringLiterals;

namespace {

QByteArray randomBytes(qsizetype n)
{
    QByteArray data(n, Qt::Uninitialized);
    for (qsizetype i = 0; i < n; ++i)
        data[i] = char(QRandomGenerator::global()->generate());
    return data;
}

// Written and on disk, so the page cache holds it clean (a dirty page is not
// dropped by POSIX_FADV_DONTNEED, and the test would measure writeback).
bool writeDurably(const QString &path, const QByteArray &data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size() && f.flush() && ::fsync(f.handle()) == 0;
}

// Pages of the file in the page cache, or -1 when it cannot tell.
qint64 residentPages(const QString &path)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    struct stat st{};
    ::fstat(fd, &st);
    const size_t page = size_t(::sysconf(_SC_PAGESIZE));
    const size_t pages = (size_t(st.st_size) + page - 1) / page;
    qint64 resident = -1;
    if (void *m = st.st_size > 0 ? ::mmap(nullptr, size_t(st.st_size), PROT_READ, MAP_SHARED, fd, 0) : MAP_FAILED;
        m != MAP_FAILED) {
        std::vector<unsigned char> vec(pages);
        if (::mincore(m, size_t(st.st_size), vec.data()) == 0) {
            resident = 0;
            for (unsigned char v : vec)
                resident += v & 1;
        }
        ::munmap(m, size_t(st.st_size));
    }
    ::close(fd);
    return resident;
}

// Filesystems whose page cache is the storage: dropping it means nothing.
bool memoryBacked(const QString &dir)
{
    struct statfs s{};
    if (::statfs(QFile::encodeName(dir).constData(), &s) != 0)
        return true;
    return s.f_type == TMPFS_MAGIC || s.f_type == RAMFS_MAGIC;
}

QJsonObject extraOf(const QJsonObject &record)
{
    return record.value(u"extra"_s).toObject();
}

// A directory on a disk-backed filesystem for the test's files: a fresh
// temporary directory where that is one already, else a small ext4 image
// loop-mounted on it (root, mkfs.ext4). Unmounted when it goes.
class DiskDirectory
{
public:
    DiskDirectory()
    {
        if (qEnvironmentVariableIsSet("WB_APART")) {
            m_why = u"runs as its own CTest entry, tst_agentdisk_disk"_s;
            return;
        }
        if (!m_dir.isValid()) {
            m_why = u"no temporary directory"_s;
            return;
        }
        if (!memoryBacked(m_dir.path())) {
            m_path = m_dir.path();
            return;
        }
        if (::geteuid() != 0) {
            m_why = u"the temporary directory is in memory and a loop-mounted ext4 image needs root"_s;
            return;
        }
        const QString image = m_dir.filePath(u"disk.img"_s);
        const QString mnt = m_dir.filePath(u"mnt"_s);
        QFile img(image);
        if (!img.open(QIODevice::WriteOnly) || !img.resize(64 << 20)) {
            m_why = u"cannot create the image"_s;
            return;
        }
        img.close();
        QProcess mkfs;
        mkfs.start(u"mkfs.ext4"_s, {u"-q"_s, u"-F"_s, image});
        if (!mkfs.waitForFinished(60000) || mkfs.exitCode() != 0) {
            m_why = u"mkfs.ext4 failed or is missing: "_s + QString::fromUtf8(mkfs.readAllStandardError());
            return;
        }
        QDir().mkpath(mnt);
        QProcess mount;
        mount.start(u"mount"_s, {u"-o"_s, u"loop"_s, image, mnt});
        if (!mount.waitForFinished(30000) || mount.exitCode() != 0) {
            m_why = u"cannot loop-mount the ext4 image: "_s + QString::fromUtf8(mount.readAllStandardError());
            return;
        }
        m_mount = mnt;
        m_path = mnt;
    }
    ~DiskDirectory()
    {
        if (!m_mount.isEmpty())
            ::umount2(QFile::encodeName(m_mount).constData(), MNT_DETACH);
    }
    bool valid() const { return !m_path.isEmpty(); }
    QString why() const { return qEnvironmentVariableIsSet("WB_APART") ? m_why : u"no disk-backed directory: "_s + m_why; }
    QString filePath(const QString &name) const { return m_path + u'/' + name; }
    QString path() const { return m_path; }

private:
    QTemporaryDir m_dir;
    QString m_path, m_mount, m_why;
};

} // namespace

class TstAgentDisk : public QObject
{
    Q_OBJECT
private slots:
    void bothRatesAndTheFileOnDisk();
    void devNullHasOnlyTheNetworkPhase();
    void directIo_data();
    void directIo();
    void directIoRefusedWhereTheFilesystemCannot();
    void directIoToDevNullIsRefused();
};

void TstAgentDisk::bothRatesAndTheFileOnDisk()
{
    DiskDirectory dir;
    if (!dir.valid())
        QSKIP(qPrintable(dir.why()));
    const QString src = dir.filePath(u"source.bin"_s);
    const QString dst = dir.filePath(u"copy.bin"_s);
    const QByteArray data = randomBytes(24 * 1024 * 1024 + 777);
    QVERIFY(writeDurably(src, data));
    const auto r = runPair(u"file_transfer"_s, {{u"path"_s, src}, {u"sink"_s, u"file"_s}}, {{u"dest_path"_s, dst}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    QVERIFY2(r.server.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.server)));
    const QJsonObject rec = r.clientRecord();
    bool hasNetwork = false, hasFlushed = false;
    const double network = recordMetric(rec, u"network_throughput_bps"_s, u"server"_s, &hasNetwork);
    const double flushed = recordMetric(rec, u"flushed_throughput_bps"_s, u"server"_s, &hasFlushed);
    QVERIFY(hasNetwork && hasFlushed);
    QVERIFY(network > 0);
    QVERIFY2(flushed > 0 && flushed <= network, qPrintable(u"flushed %1, network %2"_s.arg(flushed).arg(network)));
    // The receiver's throughput_bps is the network-phase figure the seeds compare with.
    QCOMPARE(recordMetric(rec, u"throughput_bps"_s, u"server"_s), network);
    for (const wb::MetricInfo *m : {wb::findMetric(u"network_throughput_bps"_s), wb::findMetric(u"flushed_throughput_bps"_s)})
        QVERIFY(m && m->unit == u"bit/s"_s);

    const QJsonObject server = extraOf(r.serverRecord());
    QCOMPARE(server.value(u"flush"_s).toString(), u"fsync"_s);
    QCOMPARE(server.value(u"direct_io"_s).toBool(true), false);
    QVERIFY(server.value(u"flush_s"_s).toDouble(-1) >= 0);
    QCOMPARE(server.value(u"fadvise_dontneed"_s), QJsonValue(true));
    QCOMPARE(extraOf(rec).value(u"source_fadvise_dontneed"_s), QJsonValue(true));
    // Dropped from the cache on both ends, so a second run reads the disk.
    const qint64 pages = (data.size() + ::sysconf(_SC_PAGESIZE) - 1) / ::sysconf(_SC_PAGESIZE);
    const qint64 dstResident = residentPages(dst), srcResident = residentPages(src);
    QVERIFY2(dstResident >= 0 && dstResident * 10 < pages, qPrintable(u"%1 of %2 pages"_s.arg(dstResident).arg(pages)));
    QVERIFY2(srcResident >= 0 && srcResident * 10 < pages, qPrintable(u"%1 of %2 pages"_s.arg(srcResident).arg(pages)));

    QFile copy(dst);
    QVERIFY(copy.open(QIODevice::ReadOnly));
    QCOMPARE(copy.size(), data.size());
    QCOMPARE(QCryptographicHash::hash(copy.readAll(), QCryptographicHash::Sha256),
             QCryptographicHash::hash(data, QCryptographicHash::Sha256));
}

void TstAgentDisk::devNullHasOnlyTheNetworkPhase()
{
    const auto r = runPair(u"file_transfer"_s, {{u"file_size_bytes"_s, 8 * 1024 * 1024}, {u"sink"_s, u"devnull"_s}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    const QJsonObject rec = r.clientRecord();
    bool hasNetwork = false, hasFlushed = true;
    QVERIFY(recordMetric(rec, u"network_throughput_bps"_s, u"server"_s, &hasNetwork) > 0 && hasNetwork);
    recordMetric(rec, u"flushed_throughput_bps"_s, u"server"_s, &hasFlushed);
    QVERIFY(!hasFlushed); // nothing reached a disk
    QVERIFY(!extraOf(r.serverRecord()).contains(u"fadvise_dontneed"_s));
}

void TstAgentDisk::directIo_data()
{
    QTest::addColumn<qint64>("size");
    QTest::addColumn<qint64>("tail"); // bytes after the last whole 128 KiB write
    // The tail has whole 4 KiB blocks and a partial one, only a partial one,
    // nothing, or the file is smaller than one block.
    QTest::newRow("blocks and a partial one") << qint64(3 * 1024 * 1024 + 5123) << qint64(5123);
    QTest::newRow("a partial block") << qint64(2 * 1024 * 1024 + 100) << qint64(100);
    QTest::newRow("aligned") << qint64(2 * 1024 * 1024) << qint64(0);
    QTest::newRow("tiny") << qint64(777) << qint64(777);
}

void TstAgentDisk::directIo()
{
    QFETCH(qint64, size);
    QFETCH(qint64, tail);
    DiskDirectory dir;
    if (!dir.valid())
        QSKIP(qPrintable(dir.why()));
    const QString src = dir.filePath(u"source.bin"_s);
    const QString dst = dir.filePath(u"direct.bin"_s);
    const QByteArray data = randomBytes(size);
    QVERIFY(writeDurably(src, data));
    const auto r = runPair(u"file_transfer"_s, {{u"path"_s, src}, {u"direct_io"_s, true}}, {{u"dest_path"_s, dst}});
    QVERIFY2(r.client.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.client)));
    QVERIFY2(r.server.value(u"type"_s).toString() == u"result"_s, qPrintable(describe(r.server)));
    const QJsonObject rec = r.clientRecord();
    const double network = recordMetric(rec, u"network_throughput_bps"_s, u"server"_s);
    const double flushed = recordMetric(rec, u"flushed_throughput_bps"_s, u"server"_s);
    QVERIFY2(flushed > 0 && flushed <= network, qPrintable(u"flushed %1, network %2"_s.arg(flushed).arg(network)));
    const QJsonObject server = extraOf(r.serverRecord());
    QCOMPARE(server.value(u"direct_io"_s).toBool(), true);
    QCOMPARE(server.value(u"flush"_s).toString(), u"o_direct+fsync"_s);
    QCOMPARE(server.value(u"direct_io_tail_bytes"_s).toInteger(-1), tail);
    QCOMPARE(server.value(u"fadvise_dontneed"_s), QJsonValue(true));
    QCOMPARE(rec.value(u"params"_s).toObject().value(u"direct_io"_s).toBool(), true);
    QFile copy(dst);
    QVERIFY(copy.open(QIODevice::ReadOnly));
    QCOMPARE(copy.size(), size); // not padded to the block
    QCOMPARE(QCryptographicHash::hash(copy.readAll(), QCryptographicHash::Sha256),
             QCryptographicHash::hash(data, QCryptographicHash::Sha256));
}

void TstAgentDisk::directIoRefusedWhereTheFilesystemCannot()
{
    // ramfs has no O_DIRECT (tmpfs takes it since Linux 6.6). The agent
    // refuses rather than fall back: a figure under direct_io that went
    // through the page cache would be pooled with real direct writes.
    if (qEnvironmentVariableIsSet("WB_APART"))
        QSKIP("runs as its own CTest entry, tst_agentdisk_root");
    if (::geteuid() != 0)
        QSKIP("needs root to mount a ramfs");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QByteArray mnt = dir.path().toUtf8();
    QCOMPARE(::mount("ramfs", mnt.constData(), "ramfs", 0, nullptr), 0);
    auto cleanup = qScopeGuard([&] { ::umount2(mnt.constData(), MNT_DETACH); });
    const QString dst = dir.filePath(u"direct.bin"_s);
    const auto r = runPair(u"file_transfer"_s, {{u"file_size_bytes"_s, 1024 * 1024}, {u"direct_io"_s, true}},
                           {{u"dest_path"_s, dst}});
    QCOMPARE(r.server.value(u"type"_s).toString(), u"error"_s);
    QCOMPARE(r.server.value(u"code"_s).toString(), u"file_error"_s);
    const QString message = r.server.value(u"message"_s).toString();
    QVERIFY2(message.contains(u"refuses O_DIRECT"_s) && message.contains(dst), qPrintable(message));
    QCOMPARE(r.client.value(u"type"_s).toString(), u"error"_s);
    QVERIFY2(!QFile::exists(dst), "the file this test created must be gone");
}

void TstAgentDisk::directIoToDevNullIsRefused()
{
    const auto r = runPair(u"file_transfer"_s, {{u"file_size_bytes"_s, 4096}, {u"direct_io"_s, true}, {u"sink"_s, u"devnull"_s}});
    QCOMPARE(r.server.value(u"type"_s).toString(), u"error"_s);
    QVERIFY2(r.server.value(u"message"_s).toString().contains(u"params.direct_io works only with sink 'file'"_s),
             qPrintable(describe(r.server)));
}

QTEST_GUILESS_MAIN(TstAgentDisk)
#include "tst_agentdisk.moc"
