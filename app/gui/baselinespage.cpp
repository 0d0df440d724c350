// SPDX-License-Identifier: GPL-3.0-or-later
#include "baselinespage.h"

#include "baselinetablemodel.h"
#include "exchange/resultimport.h"
#include "filedialog.h"
#include "result/condition.h"
#include "result/metriccatalog.h"
#include "runannotationeditor.h"
#include "runtext.h"
#include "store/baselinestore.h"
#include "store/databaseurl.h"
#include "store/resultstore.h"
#include "store/storeservice.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QTextDocument>

using namespace Qt::StringLiterals;

namespace wb::gui {

namespace {

// The source's structured description of the hardware as indented lines in
// words ("ram: 256 MiB", "driver version: tulip.c:v0.10"), the words and
// units of a run's parameters, never its JSON keys.
QString hardwareText(const QJsonObject &object, int depth)
{
    const QString indent(depth * 2, u' ');
    QString out;
    for (auto it = object.begin(); it != object.end(); ++it) {
        const QString label = runParameters(QJsonObject{{it.key(), 0}}).value(0).label;
        if (it->isObject()) {
            out += indent + label + u":\n"_s + hardwareText(it->toObject(), depth + 1);
        } else if (it->isArray()) {
            out += indent + label + u":\n"_s;
            for (const QJsonValue &v : it->toArray())
                out += v.isObject() ? hardwareText(v.toObject(), depth + 1).replace(depth * 2, 1, u'-')
                                    : u"%1  - %2\n"_s.arg(indent, v.toVariant().toString());
        } else {
            const RunParameter p = runParameters(QJsonObject{{it.key(), *it}}).value(0);
            out += u"%1%2: %3\n"_s.arg(indent, label, p.text);
        }
    }
    return out;
}

} // namespace

BaselinesPage::BaselinesPage(QWidget *parent)
    : Page(tr("Baselines"),
           tr("Historical figures with their citations and the hardware they were measured on: the 1997–2003 "
              "lab reports Wirebench ships, and anything you import."),
           parent),
      m_model(new BaselineTableModel(this)),
      m_proxy(new BaselineFilterModel(this)),
      m_table(new QTableView),
      m_search(new QLineEdit),
      m_tag(new QLineEdit),
      m_citation(new QLineEdit),
      m_detail(new QPlainTextEdit),
      m_annotations(new RunAnnotationEditor),
      m_status(new QLabel)
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1); // any column
    m_proxy->setSortCaseSensitivity(Qt::CaseInsensitive);

    m_search->setPlaceholderText(tr("Filter: author, test, hardware, key… (Ctrl+F)"));
    m_search->setClearButtonEnabled(true);
    m_search->setObjectName(u"baselineSearch"_s);
    m_search->setAccessibleName(tr("Filter baselines"));
    connect(m_search, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
    m_tag->setObjectName(u"baselineTagFilter"_s);
    m_tag->setPlaceholderText(tr("Tag"));
    m_tag->setToolTip(tr("Baselines holding this tag (in any case)"));
    m_tag->setAccessibleName(tr("Filter baselines by tag"));
    m_tag->setClearButtonEnabled(true);
    connect(m_tag, &QLineEdit::textChanged, m_proxy, &BaselineFilterModel::setTag);
    // The count follows whatever the filter keeps.
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &BaselinesPage::updateCount);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &BaselinesPage::updateCount);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &BaselinesPage::updateCount);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &BaselinesPage::updateCount);
    auto *find = new QAction(this);
    find->setShortcut(QKeySequence::Find);
    connect(find, &QAction::triggered, m_search, qOverload<>(&QWidget::setFocus));
    addAction(find);

    m_citation->setPlaceholderText(tr("Citation for imported figures: who measured, where, when"));
    m_citation->setObjectName(u"importCitation"_s);
    m_citation->setAccessibleName(tr("Citation for imported figures"));
    auto *import = new QPushButton(style()->standardIcon(QStyle::SP_DialogOpenButton), tr("Import logs…"));
    import->setObjectName(u"importBaselines"_s);
    import->setToolTip(tr("Read netperf, iperf3, iperf 2, flent, sockperf or pktgen output and keep it as baselines"));
    connect(import, &QPushButton::clicked, this, &BaselinesPage::chooseImport);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_search, 2);
    bar->addWidget(m_tag, 1);
    bar->addWidget(m_citation, 2);
    bar->addWidget(import);
    body()->addLayout(bar);

    m_table->setModel(m_proxy);
    m_table->setObjectName(u"baselineTable"_s);
    m_table->setAccessibleName(tr("Baselines"));
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
    m_detail->setAccessibleName(tr("The selected baseline in full"));
    m_detail->setPlaceholderText(tr("Select a baseline to see its citation, hardware and every figure."));
    // The selected baseline's tags and note beside its detail.
    auto *below = new QSplitter(Qt::Horizontal);
    below->addWidget(m_detail);
    below->addWidget(m_annotations);
    below->setStretchFactor(0, 3);
    below->setStretchFactor(1, 2);
    connect(m_annotations, &RunAnnotationEditor::baselineChanged, this, [this](const QString &key) {
        // A note typed but not saved yet is not the stored one.
        const Baseline *b = m_model->baselineAt(m_model->rowOf(key));
        const bool typing = m_annotations->notesEdit()->document()->isModified();
        m_model->setAnnotations(key, m_annotations->tags(),
                                typing && b ? b->notes : m_annotations->notes().trimmed());
    });
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_table);
    split->addWidget(below);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    // Three fifths for the table at first, whatever the editor would like.
    split->setSizes({3000, 2000});
    body()->addWidget(split, 1);
    m_status->setObjectName(u"baselineStatus"_s);
    body()->addWidget(m_status);

    connect(&m_load, &QFutureWatcher<QList<Baseline>>::finished, this, [this] {
        const QList<Baseline> list = m_load.result();
        // The selected baseline stays selected (its note being typed too).
        const Baseline *current = m_model->baselineAt(m_proxy->mapToSource(m_table->currentIndex()).row());
        const QString selectedKey = current ? current->key : QString();
        m_model->setBaselines(list);
        // Oldest reports' authors first, unless the user chose another order.
        if (!m_userSorted)
            m_table->sortByColumn(BaselineTableModel::Source, Qt::AscendingOrder);
        m_table->resizeColumnsToContents();
        // Every column within its share, so the Hardware column stays in
        // view at 1280 px (the full text is in the tooltip and the detail).
        const int em = fontMetrics().horizontalAdvance(u'M');
        const std::pair<int, int> caps[] = {{BaselineTableModel::Source, 12}, {BaselineTableModel::Kind, 9},
                                            {BaselineTableModel::Figure, 17}, {BaselineTableModel::Hosts, 9},
                                            {BaselineTableModel::Size, 8},    {BaselineTableModel::Sink, 6},
                                            {BaselineTableModel::Hardware, 24}, {BaselineTableModel::Tags, 10}};
        for (const auto &[column, ems] : caps)
            m_table->setColumnWidth(column, std::min(m_table->columnWidth(column), ems * em));
        if (const int row = m_model->rowOf(selectedKey); row >= 0)
            m_table->setCurrentIndex(m_proxy->mapFromSource(m_model->index(row, 0)));
        updateCount();
        emit loaded(int(list.size()));
    });
    connect(&m_import, &QFutureWatcher<FileImportReport>::finished, this, [this] {
        const FileImportReport report = m_import.result();
        const QString text = report.text(true);
        m_status->setText(text);
        emit importFinished(report.ok(), text);
        reload();
    });
    setAcceptDrops(true); // log files dropped on the page import as baselines
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

QSortFilterProxyModel *BaselinesPage::proxy() const
{
    return m_proxy;
}

void BaselinesPage::setStore(std::shared_ptr<StoreService> store)
{
    m_store = std::move(store);
    m_annotations->setStore(m_store);
    m_annotations->showBaseline(nullptr);
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
    const QStringList paths =
        FileDialog::openFiles(this, tr("Import logs as baselines"), QString(), importFileFilter());
    if (!paths.isEmpty())
        importFiles(paths, citation);
}

void BaselinesPage::importFile(const QString &path, const QString &citation) { importFiles({path}, citation); }

void BaselinesPage::importFiles(const QStringList &paths, const QString &citation)
{
    if (!m_store || m_import.isRunning())
        return;
    m_status->setText(tr("Importing %1…").arg(paths.join(u", "_s)));
    // Parsed on the writer thread too: a log is small next to what a plan
    // writes, and the import then commits in the order it was asked for.
    m_import.setFuture(gui::importFiles(*m_store, paths, citation));
}

void BaselinesPage::dragEnterEvent(QDragEnterEvent *event)
{
    if (!droppedFiles(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void BaselinesPage::dropEvent(QDropEvent *event)
{
    const QStringList files = droppedFiles(event->mimeData());
    if (files.isEmpty())
        return;
    event->acceptProposedAction();
    const QString citation = m_citation->text().trimmed();
    if (citation.isEmpty()) {
        m_status->setText(tr("Type a citation first (who measured it, where, when), then drop the files again: "
                             "it is kept with every figure. To import them as runs, drop them on the Results page."));
        m_citation->setFocus();
        return;
    }
    importFiles(files, citation);
}

void BaselinesPage::updateCount()
{
    const int all = m_model->rowCount();
    const int shown = m_proxy->rowCount();
    const QString where = m_store ? m_store->displayLocation() : QString();
    m_status->setText(shown == all ? tr("%n baseline(s) in %1", nullptr, all).arg(where)
                                   : tr("%1 of %n baseline(s) in %2 match the filter", nullptr, all)
                                         .arg(shown)
                                         .arg(where));
}

void BaselinesPage::showSelected()
{
    const QModelIndex index = m_proxy->mapToSource(m_table->currentIndex());
    const Baseline *b = m_model->baselineAt(index.row());
    m_annotations->showBaseline(b);
    if (!b) {
        m_detail->clear();
        return;
    }
    // Who, what and when, from the baseline file's citation (not the name
    // of the document it was read from).
    QString text = tr("Cited from: %1\n").arg(b->citationText());
    if (const QString note = b->record.extra.value(u"citation_note"_s).toString(); !note.isEmpty())
        text += note + u'\n';
    const QString tool = (b->record.tool + u' ' + b->record.toolVersion).trimmed();
    text += u'\n' + (tool.isEmpty() ? tr("Test: %1\n").arg(testKindLabel(b->record.kind))
                                    : tr("Test: %1 (%2)\n").arg(testKindLabel(b->record.kind), tool));
    // Parameters and figures in the catalog's words and display units, as on
    // the Results page (the raw names are in an exported baseline's JSON).
    // A parameter that defines the condition reads as the catalog names it
    // there ("message size"), as in Compare.
    QList<RunParameter> parameters = runParameters(b->record.params, b->record.kind);
    for (RunParameter &p : parameters)
        if (const ConditionParameterInfo *info = findDefiningParameter(b->record.kind, p.key))
            p.label = info->label;
    if (const QString params = joinParameters(parameters); !params.isEmpty())
        text += tr("Parameters: %1\n").arg(params);
    text += u'\n';
    for (const Metric &m : b->record.metrics) {
        const MetricText shown = metricText(m);
        text += u"  %1%2: %3%4\n"_s.arg(shown.label, m.side.isEmpty() ? QString() : u" ("_s + m.side + u')',
                                        shown.value, shown.unit.isEmpty() ? QString() : u' ' + shown.unit);
    }
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
    if (const QString hardware = b->hardwareSummary(); !hardware.isEmpty())
        text += tr("\nHardware: %1\n").arg(hardware);
    if (!b->hardware.isEmpty())
        text += hardwareText(b->hardware, 1);
    if (b->record.extra.contains(u"note"_s))
        text += tr("\nNote: %1\n").arg(b->record.extra.value(u"note"_s).toString());
    m_detail->setPlainText(text);
}

} // namespace wb::gui
