// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The tags and the note of a run (selected on the Results page) or of a
// baseline (on the Baselines page), editable: add a tag (Enter), remove the
// selected ones, edit and save the note. The store normalises tags and
// names a bad one; its message shows here. Every write goes to the store's
// writer thread; the answer (the tags as stored) comes back to the GUI
// thread, never waited for.

#include <QStringList>
#include <QWidget>

#include <memory>

class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;

namespace wb {
class StoreService;
struct Baseline;
struct StoredRun;
}

namespace wb::gui {

class RunAnnotationEditor : public QWidget
{
    Q_OBJECT
public:
    explicit RunAnnotationEditor(QWidget *parent = nullptr);

    void setStore(std::shared_ptr<StoreService> store) { m_store = std::move(store); }
    // The run whose tags and note are edited (null: none; disables the editor).
    void showRun(const StoredRun *run);
    // The same for a baseline.
    void showBaseline(const Baseline *baseline);
    qint64 runId() const { return m_subject.runId; }
    QString baselineKey() const { return m_subject.baselineKey; }
    QStringList tags() const { return m_tagList; }
    QString notes() const;

    // The actions, also behind the buttons.
    void addTag(const QString &tag);
    void removeTags(const QStringList &tags);
    void saveNote();

    QListWidget *tagList() const { return m_tags; }
    QLineEdit *newTagEdit() const { return m_newTag; }
    QPlainTextEdit *notesEdit() const { return m_notes; }
    QLabel *errorLabel() const { return m_error; }

signals:
    // The store took a change of run `runId`'s tags or note.
    void changed(qint64 runId);
    // ... or of baseline `key`'s.
    void baselineChanged(const QString &key);
    void failed(const QString &message);

private:
    // What is edited: a run (runId), a baseline (baselineKey) or nothing.
    struct Subject
    {
        qint64 runId = 0;
        QString baselineKey;
        bool isNone() const { return runId == 0 && baselineKey.isEmpty(); }
        bool operator==(const Subject &) const = default;
    };

    void show(const Subject &subject, const QStringList &tags, const QString &notes);
    void showTags(const QStringList &tags);
    void showError(const QString &message);
    void emitChanged(const Subject &subject);

    std::shared_ptr<StoreService> m_store;
    Subject m_subject;
    QStringList m_tagList;
    QListWidget *m_tags;
    QLineEdit *m_newTag;
    QPushButton *m_add;
    QPushButton *m_remove;
    QPlainTextEdit *m_notes;
    QPushButton *m_saveNote;
    QLabel *m_error;
};

} // namespace wb::gui
