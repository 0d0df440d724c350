// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Something a scheduled run found that a person should hear of: a test that
// failed, or a regression against its history. Kept with the run it is
// about; the desktop program raises each unseen one once and marks it seen.

#include <QDateTime>
#include <QString>

#include <optional>

namespace wb {

enum class RunNoticeKind { FailedTest, Regression };

QString runNoticeKindName(RunNoticeKind kind); // "failed_test", "regression"
std::optional<RunNoticeKind> runNoticeKindFromName(const QString &name);

struct RunNotice
{
    qint64 id = 0;
    qint64 runId = 0;
    RunNoticeKind kind = RunNoticeKind::FailedTest;
    QString text;
    QDateTime created;
    bool seen = false;
    // Of the run, for a notification's title.
    QString runUuid;
    QString plan;
    QString testCase;
};

} // namespace wb
