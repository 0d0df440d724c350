// SPDX-License-Identifier: GPL-3.0-or-later
// DatabaseUrl::redacted: the one way a database location is shown. A file
// path stays as it is; any URL loses its password, also one that does not
// parse (an error message quotes what the user gave) and one whose raw
// '/', '?', '#' or '@' makes QUrl read part of the password as host or path.

#include "store/databaseurl.h"

#include <QTest>

using namespace Qt::StringLiterals;

class TstDatabaseUrl : public QObject
{
    Q_OBJECT
private slots:
    void redacted_data();
    void redacted();
    void parseErrorHidesPassword();
};

void TstDatabaseUrl::redacted_data()
{
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("shown");
    QTest::newRow("file") << u"/home/ann/results.sqlite"_s << u"/home/ann/results.sqlite"_s;
    QTest::newRow("file with colon and at") << u"/tmp/a:b@c.sqlite"_s << u"/tmp/a:b@c.sqlite"_s;
    QTest::newRow("memory") << u":memory:"_s << u":memory:"_s;
    QTest::newRow("no password") << u"postgresql://ann@db:5432/lab"_s << u"postgresql://ann@db:5432/lab"_s;
    QTest::newRow("password") << u"postgresql://ann:s3cret@db:5432/lab"_s << u"postgresql://ann@db:5432/lab"_s;
    QTest::newRow("postgres scheme") << u"postgres://ann:s3cret@db/lab"_s << u"postgres://ann@db/lab"_s;
    QTest::newRow("encoded password") << u"postgresql://ann:pa%3Ass@db/lab?sslmode=require"_s
                                      << u"postgresql://ann@db/lab?sslmode=require"_s;
    QTest::newRow("empty password") << u"postgresql://ann:@db/lab"_s << u"postgresql://ann@db/lab"_s;
    // QUrl refuses these; the password must go all the same.
    QTest::newRow("raw slash in password") << u"postgresql://ann:pa/ss@db/lab"_s << u"postgresql://ann@db/lab"_s;
    QTest::newRow("raw at in password") << u"postgresql://ann:p@ss@db/lab"_s << u"postgresql://ann@db/lab"_s;
    QTest::newRow("space in password") << u"postgresql://ann:pa ss@db/lab"_s << u"postgresql://ann@db/lab"_s;
    QTest::newRow("other scheme") << u"mysql://ann:s3cret@db/lab"_s << u"mysql://ann@db/lab"_s;
    QTest::newRow("raw question mark") << u"postgresql://ann:pa?ss@db/lab"_s << u"postgresql://ann@db/lab"_s;
    QTest::newRow("raw hash") << u"postgresql://ann:pa#ss@db/lab"_s << u"postgresql://ann@db/lab"_s;
    // QUrl reads "ann:12" as host and port and the rest as the path.
    QTest::newRow("digits then slash") << u"postgresql://ann:12/ss@db/lab"_s << u"postgresql://ann@db/lab"_s;
    // Found by fuzz_databaseurl: QUrl takes "p" as the password, "ss" as the host.
    QTest::newRow("fuzz: slash and ats") << u"postgresql://ann:p@ss/w@rd@db/lab"_s << u"postgresql://ann@db/lab"_s;
    QTest::newRow("ipv6 host") << u"postgresql://[::1]:5432/lab"_s << u"postgresql://[::1]:5432/lab"_s;
    QTest::newRow("ipv6, at in path") << u"postgresql://[::1]:5/d@b"_s << u"postgresql://[::1]:5/d@b"_s;
    QTest::newRow("port, at in path") << u"postgresql://ann@db:5/d@b"_s << u"postgresql://ann@db:5/d@b"_s;
    QTest::newRow("colon in path") << u"postgresql://db/la:b@c"_s << u"postgresql://db/la:b@c"_s;
    // An '@' after the password: less is shown than could be, never the password.
    QTest::newRow("one slash") << u"postgresql:/ann:s3cret@db/lab"_s << u"postgresql:/ann@db/lab"_s;
    // Found by fuzz_databaseurl: no scheme, yet QUrl sees user and password.
    QTest::newRow("scheme-relative") << u"//ann:s3cret@db/lab"_s << u"//ann@db/lab"_s;
    QTest::newRow("file with at") << u"/srv/ann:x@y/results.sqlite"_s << u"/srv/ann:x@y/results.sqlite"_s;
    QTest::newRow("at in query") << u"postgresql://ann:s3cret@db/lab?x=a@b"_s << u"postgresql://ann@b"_s;
}

void TstDatabaseUrl::redacted()
{
    QFETCH(QString, location);
    QFETCH(QString, shown);
    QCOMPARE(wb::DatabaseUrl::redacted(location), shown);
}

void TstDatabaseUrl::parseErrorHidesPassword()
{
    for (const QString &bad : {u"postgresql://ann:s3cret@db/"_s, u"postgresql://ann:s3cret@db/lab?evil=1"_s,
                               u"postgresql://ann:s3c/ret@db/lab"_s, u"postgresql://ann:s3cret@db:99999/lab"_s}) {
        const auto url = wb::DatabaseUrl::parse(bad);
        QVERIFY2(!url.ok(), qPrintable(bad));
        QVERIFY2(!url.message().contains(u"s3c"_s), qPrintable(url.message()));
        QVERIFY2(url.message().contains(u"ann@db"_s), qPrintable(url.message()));
    }
    // Found by fuzz_databaseurl: a URL pasted twice puts the second copy,
    // password and all, into the name of a query parameter.
    const auto twice = wb::DatabaseUrl::parse(u"postgresql://ann:s3cret@db/lab?sslsql://ann:s3cret@db/lab?sslmode=require"_s);
    QVERIFY(!twice.ok());
    QVERIFY2(!twice.message().contains(u"s3c"_s), qPrintable(twice.message()));
    QVERIFY2(twice.message().contains(u"unknown parameter (not a plain name)"_s), qPrintable(twice.message()));
}

QTEST_GUILESS_MAIN(TstDatabaseUrl)
#include "tst_databaseurl.moc"
