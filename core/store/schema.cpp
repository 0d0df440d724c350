// SPDX-License-Identifier: GPL-3.0-or-later
#include "schema.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace wb {

namespace {

// Version 1: inventory, runs with snapshots, metrics, sample series,
// measurements (repetitions), baselines.
QStringList step1()
{
    return {
        u"CREATE TABLE hosts ("
        " id INTEGER PRIMARY KEY,"
        " name TEXT NOT NULL UNIQUE,"
        " address TEXT NOT NULL DEFAULT '',"
        " ssh_port INTEGER NOT NULL DEFAULT 22,"
        " ssh_user TEXT NOT NULL DEFAULT '',"
        " ssh_key_path TEXT NOT NULL DEFAULT '',"
        " agent_path TEXT NOT NULL DEFAULT '',"
        " cpu TEXT NOT NULL DEFAULT '',"
        " memory_bytes INTEGER NOT NULL DEFAULT 0,"
        " os TEXT NOT NULL DEFAULT '',"
        " notes TEXT NOT NULL DEFAULT '',"
        " created_ms INTEGER NOT NULL,"
        " changed_ms INTEGER NOT NULL)"_s,
        u"CREATE TABLE nics ("
        " id INTEGER PRIMARY KEY,"
        " host_id INTEGER NOT NULL REFERENCES hosts(id) ON DELETE CASCADE,"
        " interface TEXT NOT NULL,"
        " vendor TEXT NOT NULL DEFAULT '',"
        " model TEXT NOT NULL DEFAULT '',"
        " chip TEXT NOT NULL DEFAULT '',"
        " driver TEXT NOT NULL DEFAULT '',"
        " driver_version TEXT NOT NULL DEFAULT '',"
        " firmware TEXT NOT NULL DEFAULT '',"
        " bus TEXT NOT NULL DEFAULT '',"
        " mac TEXT NOT NULL DEFAULT '',"
        " max_speed_bps INTEGER NOT NULL DEFAULT 0,"
        " notes TEXT NOT NULL DEFAULT '',"
        " created_ms INTEGER NOT NULL,"
        " changed_ms INTEGER NOT NULL,"
        " UNIQUE (host_id, interface))"_s,
        u"CREATE TABLE switches ("
        " id INTEGER PRIMARY KEY,"
        " name TEXT NOT NULL UNIQUE,"
        " vendor TEXT NOT NULL DEFAULT '',"
        " model TEXT NOT NULL DEFAULT '',"
        " kind TEXT NOT NULL DEFAULT 'unknown'"
        "  CHECK (kind IN ('unknown', 'hub', 'store-and-forward', 'cut-through')),"
        " rated_latency_us REAL,"
        " ports INTEGER NOT NULL DEFAULT 0,"
        " notes TEXT NOT NULL DEFAULT '',"
        " created_ms INTEGER NOT NULL,"
        " changed_ms INTEGER NOT NULL)"_s,
        u"CREATE TABLE cables ("
        " id INTEGER PRIMARY KEY,"
        " label TEXT NOT NULL UNIQUE,"
        " category TEXT NOT NULL DEFAULT '',"
        " length_m REAL,"
        " notes TEXT NOT NULL DEFAULT '',"
        " created_ms INTEGER NOT NULL,"
        " changed_ms INTEGER NOT NULL)"_s,
        // NIC -> cable -> switch port, or NIC -> cable -> NIC (crossover).
        u"CREATE TABLE links ("
        " id INTEGER PRIMARY KEY,"
        " nic_id INTEGER NOT NULL UNIQUE REFERENCES nics(id) ON DELETE CASCADE,"
        " cable_id INTEGER NOT NULL REFERENCES cables(id) ON DELETE CASCADE,"
        " switch_id INTEGER REFERENCES switches(id) ON DELETE CASCADE,"
        " switch_port INTEGER NOT NULL DEFAULT 0,"
        " peer_nic_id INTEGER UNIQUE REFERENCES nics(id) ON DELETE CASCADE,"
        " notes TEXT NOT NULL DEFAULT '',"
        " created_ms INTEGER NOT NULL,"
        " changed_ms INTEGER NOT NULL,"
        " CHECK ((switch_id IS NULL) <> (peer_nic_id IS NULL)))"_s,
        u"CREATE INDEX links_cable ON links (cable_id)"_s,
        u"CREATE INDEX links_switch ON links (switch_id)"_s,
        // A repeated measurement: its runs point here with a repetition number.
        u"CREATE TABLE measurements ("
        " id INTEGER PRIMARY KEY,"
        " uuid TEXT NOT NULL UNIQUE,"
        " kind TEXT NOT NULL,"
        " params TEXT NOT NULL DEFAULT '{}',"
        " label TEXT NOT NULL DEFAULT '',"
        " iterations INTEGER NOT NULL DEFAULT 0,"
        " ci_level_pct REAL,"
        " ci_width_pct REAL,"
        " confidence TEXT NOT NULL DEFAULT '{}',"
        " created_ms INTEGER NOT NULL)"_s,
        u"CREATE TABLE runs ("
        " id INTEGER PRIMARY KEY,"
        " uuid TEXT NOT NULL UNIQUE,"
        " plan TEXT NOT NULL DEFAULT '',"
        " test_case TEXT NOT NULL DEFAULT '',"
        " kind TEXT NOT NULL,"
        " params TEXT NOT NULL DEFAULT '{}',"
        " client_endpoint TEXT NOT NULL DEFAULT '',"
        " server_endpoint TEXT NOT NULL DEFAULT '',"
        " tool TEXT NOT NULL DEFAULT '',"
        " tool_version TEXT NOT NULL DEFAULT '',"
        " status TEXT NOT NULL CHECK (status IN ('running', 'finished', 'failed', 'cancelled')),"
        " started_ms INTEGER NOT NULL,"
        " ended_ms INTEGER,"
        " error TEXT NOT NULL DEFAULT '',"
        " measurement_id INTEGER REFERENCES measurements(id) ON DELETE SET NULL,"
        " repetition INTEGER NOT NULL DEFAULT 0,"
        " inventory_path TEXT NOT NULL DEFAULT '[]',"
        " env_client TEXT NOT NULL DEFAULT '{}',"
        " env_server TEXT NOT NULL DEFAULT '{}',"
        " extra TEXT NOT NULL DEFAULT '{}',"
        " created_ms INTEGER NOT NULL)"_s,
        u"CREATE INDEX runs_started ON runs (started_ms)"_s,
        u"CREATE INDEX runs_kind_started ON runs (kind, started_ms)"_s,
        u"CREATE INDEX runs_measurement ON runs (measurement_id) WHERE measurement_id IS NOT NULL"_s,
        // The inventory a run went over, frozen at run time: object ids for
        // "runs by NIC/switch/cable", attrs (the object's JSON) for history.
        u"CREATE TABLE run_objects ("
        " run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
        " role TEXT NOT NULL,"
        " position INTEGER NOT NULL DEFAULT 0,"
        " object_type TEXT NOT NULL,"
        " object_id INTEGER,"
        " object_key TEXT NOT NULL,"
        " attrs TEXT NOT NULL DEFAULT '{}',"
        " PRIMARY KEY (run_id, role, position)) WITHOUT ROWID"_s,
        u"CREATE INDEX run_objects_object ON run_objects (object_type, object_id, run_id)"_s,
        u"CREATE TABLE metrics ("
        " run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
        " name TEXT NOT NULL,"
        " side TEXT NOT NULL DEFAULT '',"
        " value REAL NOT NULL,"
        " unit TEXT NOT NULL DEFAULT '',"
        " PRIMARY KEY (run_id, name, side)) WITHOUT ROWID"_s,
        u"CREATE INDEX metrics_name ON metrics (name, side, run_id, value)"_s,
        // Interval samples: one row per chunk of one (run, side, name) series;
        // data is packed little-endian float64 pairs (t, value). See
        // docs/perf/store.md for why.
        u"CREATE TABLE sample_chunks ("
        " id INTEGER PRIMARY KEY,"
        " run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
        " side TEXT NOT NULL DEFAULT '',"
        " name TEXT NOT NULL,"
        " chunk INTEGER NOT NULL,"
        " count INTEGER NOT NULL,"
        " t_first REAL NOT NULL,"
        " t_last REAL NOT NULL,"
        " data BLOB NOT NULL,"
        " UNIQUE (run_id, side, name, chunk))"_s,
        u"CREATE TABLE baselines ("
        " id INTEGER PRIMARY KEY,"
        " key TEXT NOT NULL UNIQUE,"
        " title TEXT NOT NULL DEFAULT '',"
        " author TEXT NOT NULL DEFAULT '',"
        " date TEXT NOT NULL DEFAULT '',"
        " source_file TEXT NOT NULL DEFAULT '',"
        " hardware_text TEXT NOT NULL DEFAULT '',"
        " hardware TEXT NOT NULL DEFAULT '{}',"
        " kind TEXT NOT NULL,"
        " params TEXT NOT NULL DEFAULT '{}',"
        " tool TEXT NOT NULL DEFAULT '',"
        " tool_version TEXT NOT NULL DEFAULT '',"
        " samples TEXT NOT NULL DEFAULT '[]',"
        " extra TEXT NOT NULL DEFAULT '{}',"
        " created_ms INTEGER NOT NULL,"
        " changed_ms INTEGER NOT NULL)"_s,
        u"CREATE INDEX baselines_kind ON baselines (kind)"_s,
        u"CREATE TABLE baseline_metrics ("
        " baseline_id INTEGER NOT NULL REFERENCES baselines(id) ON DELETE CASCADE,"
        " name TEXT NOT NULL,"
        " side TEXT NOT NULL DEFAULT '',"
        " value REAL NOT NULL,"
        " unit TEXT NOT NULL DEFAULT '',"
        " PRIMARY KEY (baseline_id, name, side)) WITHOUT ROWID"_s,
        u"CREATE TABLE baseline_objects ("
        " baseline_id INTEGER NOT NULL REFERENCES baselines(id) ON DELETE CASCADE,"
        " object_type TEXT NOT NULL,"
        " object_key TEXT NOT NULL,"
        " object_id INTEGER,"
        " PRIMARY KEY (baseline_id, object_type, object_key)) WITHOUT ROWID"_s,
        u"CREATE INDEX baseline_objects_object ON baseline_objects (object_type, object_id)"_s,
        // One query compares measured runs and historical baselines.
        u"CREATE VIEW all_metrics AS"
        " SELECT 'run' AS source, r.id AS source_id, r.kind AS kind, r.params AS params,"
        "        m.name AS name, m.side AS side, m.value AS value, m.unit AS unit"
        " FROM metrics m JOIN runs r ON r.id = m.run_id WHERE r.status = 'finished'"
        " UNION ALL"
        " SELECT 'baseline', b.id, b.kind, b.params, bm.name, bm.side, bm.value, bm.unit"
        " FROM baseline_metrics bm JOIN baselines b ON b.id = bm.baseline_id"_s,
    };
}

// Version 2: faster comparisons and listings on large databases.
// - runs keeps only small columns; the big JSON (inventory path,
//   environments, extra) moves to run_details, so scans over runs touch few
//   pages.
// - run objects point at deduplicated snapshots (object_snapshots): a
//   comparison groups by snapshot id and reads each snapshot's attributes
//   once, instead of parsing JSON for every run.
// - an index on (kind, status, started_ms) serves "all finished runs of a
//   kind"; one on (plan, started_ms) serves listings by plan.
// - runs get user notes.
QStringList step2()
{
    return {
        u"ALTER TABLE runs ADD COLUMN notes TEXT NOT NULL DEFAULT ''"_s,
        u"CREATE TABLE run_details ("
        " run_id INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,"
        " inventory_path TEXT NOT NULL DEFAULT '[]',"
        " env_client TEXT NOT NULL DEFAULT '{}',"
        " env_server TEXT NOT NULL DEFAULT '{}',"
        " extra TEXT NOT NULL DEFAULT '{}')"_s,
        u"INSERT INTO run_details (run_id, inventory_path, env_client, env_server, extra)"
        " SELECT id, inventory_path, env_client, env_server, extra FROM runs"_s,
        u"ALTER TABLE runs DROP COLUMN inventory_path"_s,
        u"ALTER TABLE runs DROP COLUMN env_client"_s,
        u"ALTER TABLE runs DROP COLUMN env_server"_s,
        u"ALTER TABLE runs DROP COLUMN extra"_s,
        u"CREATE TABLE object_snapshots ("
        " id INTEGER PRIMARY KEY,"
        " object_type TEXT NOT NULL,"
        " object_key TEXT NOT NULL,"
        " attrs TEXT NOT NULL,"
        " UNIQUE (object_type, object_key, attrs))"_s,
        u"INSERT OR IGNORE INTO object_snapshots (object_type, object_key, attrs)"
        " SELECT object_type, object_key, attrs FROM run_objects ORDER BY run_id, role, position"_s,
        u"CREATE TABLE run_objects_v2 ("
        " run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
        " role TEXT NOT NULL,"
        " position INTEGER NOT NULL DEFAULT 0,"
        " object_type TEXT NOT NULL,"
        " object_id INTEGER,"
        " snapshot_id INTEGER NOT NULL REFERENCES object_snapshots(id),"
        " PRIMARY KEY (run_id, role, position)) WITHOUT ROWID"_s,
        u"INSERT INTO run_objects_v2 (run_id, role, position, object_type, object_id, snapshot_id)"
        " SELECT o.run_id, o.role, o.position, o.object_type, o.object_id, s.id FROM run_objects o"
        " JOIN object_snapshots s ON s.object_type = o.object_type AND s.object_key = o.object_key"
        " AND s.attrs = o.attrs"_s,
        u"DROP TABLE run_objects"_s,
        u"ALTER TABLE run_objects_v2 RENAME TO run_objects"_s,
        u"CREATE INDEX run_objects_object ON run_objects (object_type, object_id, run_id)"_s,
        u"CREATE INDEX run_objects_snapshot ON run_objects (snapshot_id, run_id)"_s,
        u"DROP INDEX runs_kind_started"_s,
        u"CREATE INDEX runs_kind_status_started ON runs (kind, status, started_ms)"_s,
        u"CREATE INDEX runs_plan_started ON runs (plan, started_ms)"_s,
    };
}

// Version 3: runs that the importers before issue 21 stored with wrong
// numbers are flagged, not changed: run_details.extra gets "import_check"
// with the reason and what to do (docs/importers.md lists them). A run that
// matches several reasons gets the first. Plain string work on the JSON
// text (|| and substr), so SQLite and PostgreSQL run the same statements.
QStringList step3()
{
    auto flag = [](const QString &reason, const QString &where) {
        return u"UPDATE run_details SET extra = CASE WHEN trim(extra) = '{}' THEN '{\"import_check\":\"%1\"}'"
               " ELSE '{\"import_check\":\"%1\",' || substr(ltrim(extra), 2) END"
               " WHERE extra NOT LIKE '%\"import_check\"%' AND run_id IN"
               " (SELECT r.id FROM runs r JOIN run_details d ON d.run_id = r.id WHERE %2)"_s.arg(reason, where);
    };
    const QString again = u"; delete it and import the log again"_s;
    return {
        flag(u"flent: a per-flow statistic or fairness index stored as a throughput; delete it"_s,
             u"r.tool = 'flent' AND r.kind IN ('tcp_stream', 'udp_stream')"
             " AND (r.params LIKE '%::tcp%' OR r.params LIKE '%fairness%')"_s),
        flag(u"netperf: the -f throughput column stored as transactions_per_s"_s + again,
             u"r.tool = 'netperf' AND r.kind IN ('tcp_rr', 'udp_rr') AND r.params LIKE '%\"reported_units\"%'"_s),
        flag(u"netperf: TCP_CRR stored as tcp_rr (now kind tcp_crr, connections_per_s)"_s + again,
             u"r.tool = 'netperf' AND r.kind = 'tcp_rr' AND d.extra LIKE '%\"test\":\"TCP_CRR\"%'"_s),
        flag(u"netperf omni: the throughput of the receiving end stored as that of the client"_s + again,
             u"r.tool = 'netperf' AND r.kind IN ('tcp_stream', 'udp_stream') AND d.extra LIKE '%\"output\":\"omni\"%'"_s),
        flag(u"iperf3 -u -R: the datagrams the server sent stored as 0"_s + again,
             u"r.tool = 'iperf3' AND r.kind = 'udp_stream' AND r.params LIKE '%\"direction\":\"server_to_client\"%'"
             " AND EXISTS (SELECT 1 FROM metrics m WHERE m.run_id = r.id AND m.name = 'messages'"
             " AND m.side = 'server' AND m.value = 0)"_s),
        flag(u"iperf3 server-side text log: direction and sides may be wrong"_s + again,
             u"r.tool = 'iperf3' AND d.extra LIKE '%\"text_era\"%' AND r.params NOT LIKE '%\"server_host\"%'"_s),
        flag(u"iperf3 text: the jitter and loss of the receiver were dropped"_s + again,
             u"r.tool = 'iperf3' AND r.kind = 'udp_stream' AND d.extra LIKE '%\"text_era\"%'"
             " AND NOT EXISTS (SELECT 1 FROM metrics m WHERE m.run_id = r.id AND m.name = 'jitter_ms')"_s),
        flag(u"iperf3 text: a UDP test stored as tcp_stream"_s + again,
             u"r.tool = 'iperf3' AND r.kind = 'tcp_stream' AND d.extra LIKE '%\"datagrams_sent\"%'"_s),
        flag(u"sockperf: bandwidth converted with 10^6 (sockperf counts 2^20), message rate taken as packet rate"_s + again,
             u"r.tool = 'sockperf' AND r.kind IN ('tcp_stream', 'udp_stream')"_s),
    };
}

// Version 5: cables between switches (uplinks), so the path of a run can
// cross several switches (PathResolver). A port of a switch holds one cable;
// port 0 means "not recorded" and may repeat.
QStringList step5()
{
    return {
        u"CREATE TABLE uplinks ("
        " id INTEGER PRIMARY KEY,"
        " switch_id INTEGER NOT NULL REFERENCES switches(id) ON DELETE CASCADE,"
        " switch_port INTEGER NOT NULL DEFAULT 0,"
        " cable_id INTEGER NOT NULL UNIQUE REFERENCES cables(id) ON DELETE CASCADE,"
        " peer_switch_id INTEGER NOT NULL REFERENCES switches(id) ON DELETE CASCADE,"
        " peer_port INTEGER NOT NULL DEFAULT 0,"
        " notes TEXT NOT NULL DEFAULT '',"
        " created_ms INTEGER NOT NULL,"
        " changed_ms INTEGER NOT NULL,"
        " CHECK (switch_id <> peer_switch_id))"_s,
        u"CREATE INDEX uplinks_switch ON uplinks (switch_id)"_s,
        u"CREATE INDEX uplinks_peer_switch ON uplinks (peer_switch_id)"_s,
    };
}

// Version 6: a host's SSH settings live once, in the inventory: a
// management address SSH uses apart from the data address, a ProxyJump hop,
// and the range its listening data ports come from (for a lab firewall).
// Old rows get the defaults: SSH to the address, no jump host, any port.
QStringList step6()
{
    return {
        u"ALTER TABLE hosts ADD COLUMN ssh_address TEXT NOT NULL DEFAULT ''"_s,
        u"ALTER TABLE hosts ADD COLUMN jump_host TEXT NOT NULL DEFAULT ''"_s,
        u"ALTER TABLE hosts ADD COLUMN data_port_min INTEGER NOT NULL DEFAULT 0"_s,
        u"ALTER TABLE hosts ADD COLUMN data_port_max INTEGER NOT NULL DEFAULT 0"_s,
    };
}

// Version 7: a NIC's duplex ("full", "half"; empty while not known), as
// discovery reads it from the agent and the Inventory page edits it. Old
// rows are not known.
QStringList step7()
{
    return {
        u"ALTER TABLE nics ADD COLUMN duplex TEXT NOT NULL DEFAULT ''"
        " CHECK (duplex IN ('', 'full', 'half'))"_s,
    };
}

// Version 8: a NIC's MTU (bytes; 0 while not known), as discovery reads it
// from the agent: what frame sizes a test over it may name (jumbo frames).
QStringList step8()
{
    return {
        u"ALTER TABLE nics ADD COLUMN mtu INTEGER NOT NULL DEFAULT 0"
        " CHECK (mtu = 0 OR (mtu >= 68 AND mtu <= 65536))"_s,
    };
}

// Version 9: the user's tags on runs and baselines ("after firmware 4.2",
// "cable re-crimped"), notes on baselines (runs have had notes since
// version 2), and the notices a scheduled run leaves on its runs (a failed
// test, a regression) for the desktop program to raise once. A tag is kept
// as the user wrote it; tag_key is its case-folded form (TagName), so one
// run holds "FW 4.2" once whatever the case, and a filter finds it either way.
QStringList step9()
{
    return {
        u"CREATE TABLE run_tags ("
        " run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
        " tag_key TEXT NOT NULL,"
        " tag TEXT NOT NULL,"
        " PRIMARY KEY (run_id, tag_key)) WITHOUT ROWID"_s,
        u"CREATE INDEX run_tags_key ON run_tags (tag_key, run_id)"_s,
        u"CREATE TABLE baseline_tags ("
        " baseline_id INTEGER NOT NULL REFERENCES baselines(id) ON DELETE CASCADE,"
        " tag_key TEXT NOT NULL,"
        " tag TEXT NOT NULL,"
        " PRIMARY KEY (baseline_id, tag_key)) WITHOUT ROWID"_s,
        u"CREATE INDEX baseline_tags_key ON baseline_tags (tag_key, baseline_id)"_s,
        u"ALTER TABLE baselines ADD COLUMN notes TEXT NOT NULL DEFAULT ''"_s,
        u"CREATE TABLE run_notices ("
        " id INTEGER PRIMARY KEY,"
        " run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
        " kind TEXT NOT NULL CHECK (kind IN ('failed_test', 'regression')),"
        " text TEXT NOT NULL,"
        " created_ms INTEGER NOT NULL,"
        " seen INTEGER NOT NULL DEFAULT 0 CHECK (seen IN (0, 1)))"_s,
        u"CREATE INDEX run_notices_run ON run_notices (run_id)"_s,
        u"CREATE INDEX run_notices_unseen ON run_notices (seen, id)"_s,
    };
}

} // namespace

QString Schema::forDialect(const QString &sql, SqlDialect dialect)
{
    if (dialect == SqlDialect::Sqlite)
        return sql;
    static const QRegularExpression integer(u"\\bINTEGER\\b"_s);
    static const QRegularExpression real(u"\\bREAL\\b"_s);
    static const QRegularExpression blob(u"\\bBLOB\\b"_s);
    QString out = sql;
    // An INTEGER PRIMARY KEY named id is SQLite's rowid: an identity column.
    out.replace(u" id INTEGER PRIMARY KEY,"_s, u" id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"_s);
    out.replace(integer, u"BIGINT"_s);
    out.replace(real, u"DOUBLE PRECISION"_s);
    out.replace(blob, u"BYTEA"_s);
    out.replace(u") WITHOUT ROWID"_s, u")"_s);
    if (out.startsWith(u"INSERT OR IGNORE INTO"_s))
        out = u"INSERT INTO"_s + out.mid(21) + u" ON CONFLICT DO NOTHING"_s;
    return out;
}

QStringList Schema::sqliteAutoincrementTables(int version)
{
    // Version 4: SQLite gives the id of the newest row out again once that
    // row is deleted; a page, a note or a CLI user still holding the id of a
    // deleted run would then get another run. AUTOINCREMENT never reuses one.
    if (version == 4)
        return {u"measurements"_s, u"runs"_s};
    return {};
}

QStringList Schema::step(int version)
{
    switch (version) {
    case 1:
        return step1();
    case 2:
        return step2();
    case 3:
        return step3();
    // 4 has no statements: it is the rebuild of sqliteAutoincrementTables().
    case 5:
        return step5();
    case 6:
        return step6();
    case 7:
        return step7();
    case 8:
        return step8();
    case 9:
        return step9();
    default:
        return {};
    }
}

} // namespace wb
