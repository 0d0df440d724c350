// SPDX-License-Identifier: GPL-3.0-or-later
#include "baselinespage.h"

#include "baselinetablemodel.h"
#include "exchange/importer.h"
#include "exchange/resultimport.h"
#include "filedialog.h"
#include "store/baselinestore.h"
#include "store/databaseurl.h"
#include "store/resultstore.h"
#include "store/storeservice.h"

#include <QFile>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStyle>
#include <QTableView>

using namespace Qt::StringLiterals;

namespace wb::gui {

BaselinesPage::BaselinesPage(QWidget *parent)
    : Page(tr("Baselines"),
           tr("Historical figures with their citations and the hardware they were measured on: the 1997–2003 "
              "lab reports Wirebench ships, and anything you import."),
           parent),
      m_model(new BaselineTableModel(this)),
      m_proxy(new QSortFilterProxyModel(this)),
      m_table(new QTableView),
      m_search(new QLineEdit),
      m_citation(new QLineEdit),
      m_detail(new QPlainTextEdit),
      m_status(new QLabel)
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1); // any column
    m_proxy->setSortCaseSensitivity(Qt::CaseInsensitive);

    m_search->setPlaceholderText(tr("Filter: author, test, hardware, key… (Ctrl+F)"));
    m_search->setClearButtonEnabled(true);
    m_search->setObjectName(u"baselineSearch"_s);
    connect(m_search, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
    auto *find = new QAction(this);
    find->setShortcut(QKeySequence::Find);
    connect(find, &QAction::triggered, m_search, qOverload<>(&QWidget::setFocus));
    addAction(find);

    m_citation->setPlaceholderText(tr("Citation for imported figures: who measured, where, when"));
    m_citation->setObjectName(u"importCitation"_s);
    auto *import = new QPushButton(style()->standardIcon(QStyle::SP_DialogOpenButton), tr("Import logs…"));
    import->setObjectName(u"importBaselines"_s);
    import->setToolTip(tr("Read netperf, iperf3, iperf 2, flent, sockperf or pktgen output and keep it as baselines"));
    connect(import, &QPushButton::clicked, this, &BaselinesPage::chooseImport);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_search, 2);
    bar->addWidget(m_citation, 2);
    bar->addWidget(import);
    body()->addLayout(bar);

    m_table->setModel(m_proxy);
    m_table->setObjectName(u"baselineTable"_s);
    m_table->setSortingEnabled(true);
    connect(m_table->horizontalHeader(), &QHeaderView::sectionClicked, this, [this] { m_userSorted = true; });
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &BaselinesPage::showSelected);

    m_detail->setReadOnly(true);
    m_detail->setObjectName(u"baselineDetail"_s);
    m_detail->setPlaceholderText(tr("Select a baseline to see its citation, hardware and every figure."));
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_table);
    split->addWidget(m_detail);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    body()->addWidget(split, 1);
    m_status->setObjectName(u"baselineStatus"_s);
    body()->addWidget(m_status);

    connect(&m_load, &QFutureWatcher<QList<Baseline>>::finished, this, [this] {
        const QList<Baseline> list = m_load.result();
        m_model->setBaselines(list);
        // Oldest reports' authors first, unless the user chose another order.
        if (!m_userSorted)
            m_table->sortByColumn(BaselineTableModel::Source, Qt::AscendingOrder);
        m_table->resizeColumnsToContents();
        m_table->setColumnWidth(BaselineTableModel::Hardware, std::min(m_table->columnWidth(BaselineTableModel::Hardware), 360));
        m_status->setText(tr("%n baseline(s) in %1", nullptr, int(list.size()))
                              .arg(m_store ? m_store->displayLocation() : QString()));
        emit loaded(int(list.size()));
    });
    connect(&m_import, &QFutureWatcher<QString>::finished, this, [this] {
        const QString error = m_import.result();
        m_status->setText(error.isEmpty() ? tr("Imported.") : error);
        emit importFinished(error.isEmpty(), error);
        reload();
    });
}

// Jobs still going finish on the store service; only their report to this
// page is dropped.
BaselinesPage::~BaselinesPage() = default;

QIcon BaselinesPage::icon() const
{
    return style()->standardIcon(QStyle::SP_DirHomeIcon);
}

QString BaselinesPage::statusText() const
{
    return m_status->text();
}

void BaselinesPage::setStore(std::shared_ptr<StoreService> store)
{
    m_store = std::move(store);
    reload();
}

void BaselinesPage::reload()
{
    if (!m_store || m_load.isRunning())
        return;
    m_status->setText(tr("Loading baselines…"));
    // A write: a database opened for the first time gets the shipped set here too.
    m_load.setFuture(m_store
                         ->write([](ResultStore &store) {
                             ensureBuiltinBaselines(store);
                             return store.baselines().baselines();
                         })
                         .then(this, [](const StoreResult<QList<Baseline>> &list) {
                             return list ? *list : QList<Baseline>();
                         }));
}

void BaselinesPage::chooseImport()
{
    const QString citation = m_citation->text().trimmed();
    if (citation.isEmpty()) {
        m_status->setText(tr("Type a citation first (who measured it, where, when): it is kept with every figure."));
        m_citation->setFocus();
        return;
    }
    const QString path = FileDialog::openFile(this, tr("Import logs as baselines"), QString(),
                                              tr("Logs (*.txt *.log *.json *.csv *.gz);;All files (*)"));
    if (!path.isEmpty())
        importFile(path, citation);
}

void BaselinesPage::importFile(const QString &path, const QString &citation)
{
    if (!m_store || m_import.isRunning())
        return;
    m_status->setText(tr("Importing %1…").arg(path));
    // Parsed on the writer thread too: a log is small next to what a plan
    // writes, and the import then commits in the order it was asked for.
    m_import.setFuture(m_store
                           ->write([path, citation](ResultStore &store) -> StoreStatus {
                               const ImportResult result = Importer::importFile(path);
                               if (!result.ok())
                                   return StoreError{StoreError::Kind::Invalid,
                                                     tr("%1 (nothing imported from this file)")
                                                         .arg(result.error->toString())};
                               QFile f(path);
                               const QByteArray contents = f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
                               auto stored = storeImportedBaselines(store, path, contents, result, citation);
                               return stored ? StoreStatus() : StoreStatus(stored.error());
                           })
                           .then(this, [](const StoreStatus &status) { return status ? QString() : status.message(); }));
}

void BaselinesPage::showSelected()
{
    const QModelIndex index = m_proxy->mapToSource(m_table->currentIndex());
    const Baseline *b = m_model->baselineAt(index.row());
    if (!b) {
        m_detail->clear();
        return;
    }
    QString text = u"%1\n%2%3\n%4\n\n"_s.arg(b->citation.title, b->citation.author,
                                              b->citation.date.isEmpty() ? QString() : u", "_s + b->citation.date,
                                              b->citation.sourceFile.isEmpty() ? QString()
                                                                                : tr("Source: %1").arg(b->citation.sourceFile));
    text += tr("Test: %1 (%2 %3)\n").arg(b->record.kind, b->record.tool, b->record.toolVersion);
    text += tr("Parameters: %1\n\n").arg(QString::fromUtf8(QJsonDocument(b->record.params).toJson(QJsonDocument::Compact)));
    for (const Metric &m : b->record.metrics)
        text += u"  %1%2 = %3 %4\n"_s.arg(m.name, m.side.isEmpty() ? QString() : u" ["_s + m.side + u']')
                    .arg(m.value, 0, 'g', 10)
                    .arg(m.unit);
    // The link the figure ran over, as its source gives it (or "not stated").
    if (const QJsonObject link = b->hardware.value(u"link"_s).toObject(); !link.isEmpty()) {
        const double bps = link.value(u"speed_bps"_s).toDouble();
        text += tr("\nLink: %1, duplex %2%3\n")
                    .arg(bps > 0 ? tr("%1 Mbit/s").arg(bps / 1e6, 0, 'g', 6) : tr("speed not stated"),
                         link.value(u"duplex"_s).toString(),
                         link.value(u"inferred"_s).toBool() ? tr(" (inferred)") : QString());
        if (const QString basis = link.value(u"basis"_s).toString(); !basis.isEmpty())
            text += tr("  why: %1\n").arg(basis);
    }
    if (!b->hardwareText.isEmpty())
        text += tr("\nHardware: %1\n").arg(b->hardwareText);
    if (!b->hardware.isEmpty())
        text += QString::fromUtf8(QJsonDocument(b->hardware).toJson(QJsonDocument::Indented));
    if (b->record.extra.contains(u"note"_s))
        text += tr("\nNote: %1\n").arg(b->record.extra.value(u"note"_s).toString());
    m_detail->setPlainText(text);
}

} // namespace wb::gui
