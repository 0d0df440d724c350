// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Baselines page: browse the historical figures in the open database
// (the shipped 1997-2003 set and anything imported) with their citations and
// hardware, filter them (by text and by tag), tag them and write a note on
// each, and import more from netperf/iperf3/... logs as baselines. Loading,
// importing and every change run off the GUI thread.

#include "fileimport.h"
#include "page.h"
#include "store/baseline.h"

#include <QFutureWatcher>
#include <QList>

#include <memory>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSortFilterProxyModel;
class QTableView;

namespace wb {
class StoreService;
}

namespace wb::gui {

class BaselineFilterModel;
class BaselineTableModel;
class RunAnnotationEditor;

class BaselinesPage : public Page
{
    Q_OBJECT
public:
    explicit BaselinesPage(QWidget *parent = nullptr);
    ~BaselinesPage() override;
    QIcon icon() const override;

    // The database whose baselines are shown (null: none open).
    void setStore(std::shared_ptr<StoreService> store);
    void reload();
    // Imports the file's results as baselines citing `citation` (off the GUI thread).
    void importFile(const QString &path, const QString &citation);
    // The same for several files (a multiple choice, or files dropped on the page).
    void importFiles(const QStringList &paths, const QString &citation);

    BaselineTableModel *model() const { return m_model; }
    QSortFilterProxyModel *proxy() const;
    RunAnnotationEditor *annotations() const { return m_annotations; }
    QString statusText() const;

signals:
    void loaded(int count);
    void importFinished(bool ok, const QString &message);

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void showSelected();
    void updateCount();
    void chooseImport();

    std::shared_ptr<StoreService> m_store;
    BaselineTableModel *m_model;
    BaselineFilterModel *m_proxy;
    QTableView *m_table;
    QLineEdit *m_search;
    QLineEdit *m_tag;
    QLineEdit *m_citation;
    QPlainTextEdit *m_detail;
    RunAnnotationEditor *m_annotations;
    QLabel *m_status;
    QFutureWatcher<QList<Baseline>> m_load;
    QFutureWatcher<FileImportReport> m_import;
    bool m_userSorted = false;
};

} // namespace wb::gui
