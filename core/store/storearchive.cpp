// SPDX-License-Identifier: GPL-3.0-or-later
#include "storearchive.h"

#include "resultstore.h"

using namespace Qt::StringLiterals;

namespace wb {

StoreArchive::StoreArchive(ResultStore &store) : m_store(store) {}

StoreResult<QJsonObject> StoreArchive::exportArchive()
{
    return StoreError{StoreError::Kind::Failed, u"archive export is not written yet"_s};
}

StoreResult<ArchiveImportSummary> StoreArchive::importArchive(const QJsonObject &, const QString &)
{
    return StoreError{StoreError::Kind::Failed, u"archive import is not written yet"_s};
}

} // namespace wb
