// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The historical baselines Wirebench ships (resources/baselines/, compiled in
// as :/baselines/): every figure of the seed lab reports plus the Ethernet
// line-rate ceilings, each as a canonical ResultRecord with its citation and
// the hardware it was measured on. The store loads this set into every new
// database and upgrades older ones when setVersion() grows; keys are stable
// so an upgrade inserts only what is missing. Format: docs/baselines-format.md.
// Records are the store's Baseline values: the hardware's description is the
// hardware text, and the notes travel in record.extra ("note", "citation_note").

#include "store/baseline.h"

#include <QJsonObject>
#include <QList>
#include <QSet>
#include <QString>

namespace wb {

class BaselineSet
{
public:
    // The set compiled into the program. On a damaged resource the set is
    // empty and error() names the file and field.
    static BaselineSet loadBuiltin();
    // A set from a directory holding index.json and the files it lists.
    static BaselineSet loadDirectory(const QString &dir);

    bool isValid() const { return m_error.isEmpty(); }
    QString error() const { return m_error; }
    int setVersion() const { return m_setVersion; }
    const QList<Baseline> &baselines() const { return m_baselines; }
    // The baselines whose citation names this seed file.
    QList<Baseline> fromSource(const QString &sourceFile) const;
    const Baseline *find(const QString &key) const;
    // What an upgrade inserts: the baselines whose keys the store does not have yet.
    QList<Baseline> missingFrom(const QSet<QString> &storedKeys) const;

private:
    static BaselineSet load(const QString &dir);
    bool loadFile(const QString &path);

    int m_setVersion = 0;
    QList<Baseline> m_baselines;
    QString m_error;
};

} // namespace wb
