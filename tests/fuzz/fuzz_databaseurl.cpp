// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: DatabaseUrl::parse and DatabaseUrl::redacted on
// arbitrary text. What parses shows without its password and parses again
// from that form to the same server, user and database; a refusal says why
// and never quotes the password; redacted() never keeps one QUrl can see.
// See docs/fuzzing.md.

#include "fuzz_controller.h"

#include "store/databaseurl.h"

#include <QUrl>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString location = QString::fromUtf8(wb::fuzz::bytes(data, size));
    const QString shown = wb::DatabaseUrl::redacted(location);
    const QUrl tolerant(shown, QUrl::TolerantMode);
    const QUrl given(location, QUrl::StrictMode);
    if (given.isValid() && !given.password().isEmpty() && !given.host().isEmpty())
        wb::fuzz::require(tolerant.password().isEmpty(), "redacted() drops the password", shown);
    const auto url = wb::DatabaseUrl::parse(location);
    if (!url) {
        wb::fuzz::require(!url.message().isEmpty(), "a refused URL says why");
        if (given.isValid() && !given.password().isEmpty())
            for (const QString &pw : {given.password(), given.password(QUrl::FullyEncoded)})
                wb::fuzz::require(!url.message().contains(u':' + pw + u'@'), "a refusal never quotes the password",
                                  url.message());
        return 0;
    }
    const QString display = url->display();
    wb::fuzz::require(QUrl(display, QUrl::TolerantMode).password().isEmpty(), "display() has no password", display);
    const auto again = wb::DatabaseUrl::parse(display);
    wb::fuzz::require(again.ok(), "display() parses again", display + QStringLiteral(": ") + again.message());
    wb::fuzz::require(again->host() == url->host() && again->port() == url->port() && again->user() == url->user()
                          && again->databaseName() == url->databaseName()
                          && again->connectOptions() == url->connectOptions(),
                      "display() names the same database", display);
    return 0;
}
