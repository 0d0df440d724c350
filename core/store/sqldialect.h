// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The SQL dialect of an open store. The store classes pick the few
// statements that differ; Schema::forDialect maps the DDL.

namespace wb {

enum class SqlDialect { Sqlite, Postgres };

} // namespace wb
