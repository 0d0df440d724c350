// SPDX-License-Identifier: GPL-3.0-or-later
#include "fileimport.h"

#include "exchange/importer.h"
#include "exchange/resultimport.h"
#include "store/storeservice.h"

#include <QCoreApplication>
#include <QFile>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace wb::gui {

QString FileImportReport::text(bool baselines) const
{
    const QString what = baselines ? QCoreApplication::translate("FileImport", "%n baseline(s) added", nullptr, added)
                                   : QCoreApplication::translate("FileImport", "%n run(s) added", nullptr, added);
    QString line = QCoreApplication::translate("FileImport", "%n file(s) imported: %1", nullptr, files).arg(what);
    if (already > 0)
        line += QCoreApplication::translate("FileImport", ", %n already in the database", nullptr, already);
    QStringList lines{line + u'.'};
    lines += errors;
    return lines.join(u'\n');
}

QFuture<FileImportReport> importFiles(StoreService &store, const QStringList &files, const QString &citation)
{
    return store.write([files, citation](ResultStore &db) -> StoreResult<FileImportReport> {
        FileImportReport report;
        for (const QString &file : files) {
            const ImportResult result = Importer::importFile(file);
            if (!result.ok()) {
                report.errors << QCoreApplication::translate("FileImport", "%1 (nothing imported from this file)")
                                     .arg(result.error->toString());
                continue;
            }
            QFile f(file);
            const QByteArray contents = f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
            const auto stored = citation.isEmpty() ? storeImportedRuns(db, file, contents, result)
                                                   : storeImportedBaselines(db, file, contents, result, citation);
            if (!stored) {
                report.errors << QCoreApplication::translate("FileImport", "%1: %2 (nothing imported from this file)")
                                     .arg(file, stored.message());
                continue;
            }
            ++report.files;
            report.added += stored->added;
            report.already += stored->alreadyStored;
        }
        return report;
    })
        .then([](const StoreResult<FileImportReport> &done) {
            if (done)
                return *done;
            FileImportReport failed; // the database itself failed
            failed.errors << done.message();
            return failed;
        });
}

QStringList droppedFiles(const QMimeData *mime)
{
    QStringList files;
    if (!mime || !mime->hasUrls())
        return files;
    for (const QUrl &url : mime->urls())
        if (url.isLocalFile())
            files << url.toLocalFile();
    return files;
}

QString importFileFilter()
{
    return QCoreApplication::translate("FileImport", "Results and logs (*.txt *.log *.json *.csv *.gz);;All files (*)");
}

} // namespace wb::gui
