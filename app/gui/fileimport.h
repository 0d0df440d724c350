// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Importing result files from the desktop program: netperf, iperf3, iperf 2,
// flent, sockperf, pktgen logs and CSV/JSON exports, several at once, from a
// file chooser or dropped on the Results or Baselines page. Each file goes
// through the same core use case as `wirebench-cli import`
// (Importer::importFile, then storeImportedRuns or storeImportedBaselines:
// one transaction per file, a file imported twice adds nothing), on the
// store's writer thread.

#include <QFuture>
#include <QList>
#include <QMimeData>
#include <QString>
#include <QStringList>

namespace wb {
class StoreService;
}

namespace wb::gui {

struct FileImportReport
{
    int files = 0;     // files stored
    int added = 0;     // runs or baselines added
    int already = 0;   // records the database already held
    QStringList errors; // one per file that imported nothing: "file:line: why (nothing imported from this file)"

    bool ok() const { return errors.isEmpty(); }
    // "2 files: 5 runs added, 1 already stored" and any errors, one a line.
    QString text(bool baselines) const;
};

// Imports `files` as runs, or as baselines citing `citation` when it is not empty.
QFuture<FileImportReport> importFiles(StoreService &store, const QStringList &files,
                                      const QString &citation = QString());

// The local files a drag carries (nothing for other data).
QStringList droppedFiles(const QMimeData *mime);

// The chooser's filter for every format the importers read.
QString importFileFilter();

} // namespace wb::gui
