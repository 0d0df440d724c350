// SPDX-License-Identifier: GPL-3.0-or-later
#include "runannotationeditor.h"

#include "store/annotationstore.h"
#include "store/baseline.h"
#include "store/baselinestore.h"
#include "store/resultstore.h"
#include "store/runstore.h"
#include "store/storeservice.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTextDocument>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace wb::gui {

RunAnnotationEditor::RunAnnotationEditor(QWidget *parent)
    : QWidget(parent),
      m_tags(new QListWidget),
      m_newTag(new QLineEdit),
      m_add(new QPushButton(tr("Add tag"))),
      m_remove(new QPushButton(tr("Remove tag"))),
      m_notes(new QPlainTextEdit),
      m_saveNote(new QPushButton(tr("Save note"))),
      m_error(new QLabel)
{
    setObjectName(u"runAnnotations"_s);
    m_tags->setObjectName(u"runTags"_s);
    m_tags->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_newTag->setObjectName(u"newTag"_s);
    m_newTag->setPlaceholderText(tr("New tag, e.g. after firmware 4.2"));
    m_newTag->setClearButtonEnabled(true);
    m_add->setObjectName(u"addTagButton"_s);
    m_remove->setObjectName(u"removeTagButton"_s);
    m_notes->setObjectName(u"runNotes"_s);
    m_saveNote->setObjectName(u"saveNoteButton"_s);
    m_error->setObjectName(u"annotationError"_s);
    m_error->setWordWrap(true);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(tr("Tags")));
    layout->addWidget(m_tags, 1);
    // The new tag's field has a row of its own: the panel is narrow, and
    // longer button labels (German) would squeeze it to nothing.
    layout->addWidget(m_newTag);
    auto *add = new QHBoxLayout;
    add->addWidget(m_add);
    add->addWidget(m_remove);
    add->addStretch(1);
    layout->addLayout(add);
    layout->addWidget(new QLabel(tr("Note")));
    layout->addWidget(m_notes, 2);
    layout->addWidget(m_saveNote, 0, Qt::AlignRight);
    layout->addWidget(m_error);

    connect(m_add, &QPushButton::clicked, this, [this] { addTag(m_newTag->text()); });
    connect(m_newTag, &QLineEdit::returnPressed, this, [this] { addTag(m_newTag->text()); });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        QStringList selected;
        for (const QListWidgetItem *item : m_tags->selectedItems())
            selected.append(item->text());
        removeTags(selected);
    });
    connect(m_saveNote, &QPushButton::clicked, this, &RunAnnotationEditor::saveNote);
    showRun(nullptr);
}

QString RunAnnotationEditor::notes() const
{
    return m_notes->toPlainText();
}

void RunAnnotationEditor::showRun(const StoredRun *run)
{
    show(Subject{run ? run->id : 0, QString()}, run ? run->tags : QStringList(), run ? run->notes : QString());
}

void RunAnnotationEditor::showBaseline(const Baseline *baseline)
{
    show(Subject{0, baseline ? baseline->key : QString()}, baseline ? baseline->tags : QStringList(),
         baseline ? baseline->notes : QString());
}

namespace {

// The store's answers for a run (runId) or a baseline (key): its tags after
// reading, adding or removing some, and saving its note.
StoreResult<QStringList> storedTags(ResultStore &store, qint64 runId, const QString &key)
{
    if (runId)
        return store.annotations().runTags(runId);
    auto b = store.baselines().baseline(key);
    if (!b)
        return b.error();
    return b->tags;
}

StoreResult<QStringList> changeTags(ResultStore &store, qint64 runId, const QString &key, const QStringList &tags,
                                    bool add)
{
    if (runId)
        return add ? store.annotations().addRunTags(runId, tags) : store.annotations().removeRunTags(runId, tags);
    return add ? store.annotations().addBaselineTags(key, tags) : store.annotations().removeBaselineTags(key, tags);
}

StoreStatus saveNotes(ResultStore &store, qint64 runId, const QString &key, const QString &notes)
{
    return runId ? store.runs().setRunNotes(runId, notes) : store.annotations().setBaselineNotes(key, notes);
}

} // namespace

void RunAnnotationEditor::show(const Subject &subject, const QStringList &tags, const QString &notes)
{
    // The same run or baseline shown again (the table reloaded: another run
    // stored, a tag added elsewhere) keeps what the user is doing: the tags
    // selected for removal and a note typed but not saved.
    const bool same = !subject.isNone() && subject == m_subject;
    m_subject = subject;
    m_notes->setPlaceholderText(subject.baselineKey.isEmpty()
                                    ? tr("A note on this run (what changed, what to look at)")
                                    : tr("A note on this baseline (what it was measured on, what to look at)"));
    m_tags->setToolTip(subject.baselineKey.isEmpty()
                           ? tr("The run's tags; select some and press Remove tag (or Del)")
                           : tr("The baseline's tags; select some and press Remove tag (or Del)"));
    if (same && m_store) {
        // The row may have been read before this editor's own last write
        // finished; the tags come from the store, queued behind that write.
        m_store->write([subject](ResultStore &store) { return storedTags(store, subject.runId, subject.baselineKey); })
            .then(this, [this, subject](const StoreResult<QStringList> &stored) {
                if (subject == m_subject && stored)
                    showTags(*stored);
            });
    } else {
        showTags(tags);
    }
    if (!same || !m_notes->document()->isModified()) {
        m_notes->setPlainText(notes);
        m_notes->document()->setModified(false);
    }
    m_error->clear();
    for (QWidget *w : std::initializer_list<QWidget *>{m_tags, m_newTag, m_add, m_remove, m_notes, m_saveNote})
        w->setEnabled(!subject.isNone());
}

void RunAnnotationEditor::showTags(const QStringList &tags)
{
    QStringList selected;
    for (const QListWidgetItem *item : m_tags->selectedItems())
        selected << item->text();
    m_tagList = tags;
    m_tags->clear();
    m_tags->addItems(tags);
    for (int i = 0; i < m_tags->count(); ++i)
        m_tags->item(i)->setSelected(selected.contains(m_tags->item(i)->text()));
}

void RunAnnotationEditor::showError(const QString &message)
{
    m_error->setText(message);
    emit failed(message);
}

void RunAnnotationEditor::emitChanged(const Subject &subject)
{
    if (subject.runId)
        emit changed(subject.runId);
    else
        emit baselineChanged(subject.baselineKey);
}

void RunAnnotationEditor::addTag(const QString &tag)
{
    if (!m_store || m_subject.isNone())
        return;
    const Subject subject = m_subject;
    m_store
        ->write([subject, tag](ResultStore &store) {
            return changeTags(store, subject.runId, subject.baselineKey, {tag}, true);
        })
        .then(this, [this, subject](const StoreResult<QStringList> &tags) {
            if (!(subject == m_subject))
                return; // another run or baseline is shown by now
            if (!tags) {
                showError(tags.message());
                return;
            }
            m_error->clear();
            m_newTag->clear();
            showTags(*tags);
            emitChanged(subject);
        });
}

void RunAnnotationEditor::removeTags(const QStringList &tags)
{
    if (!m_store || m_subject.isNone() || tags.isEmpty())
        return;
    const Subject subject = m_subject;
    m_store
        ->write([subject, tags](ResultStore &store) {
            return changeTags(store, subject.runId, subject.baselineKey, tags, false);
        })
        .then(this, [this, subject](const StoreResult<QStringList> &now) {
            if (!(subject == m_subject))
                return;
            if (!now) {
                showError(now.message());
                return;
            }
            m_error->clear();
            showTags(*now);
            emitChanged(subject);
        });
}

void RunAnnotationEditor::saveNote()
{
    if (!m_store || m_subject.isNone())
        return;
    const Subject subject = m_subject;
    const QString text = m_notes->toPlainText().trimmed();
    m_store
        ->write([subject, text](ResultStore &store) {
            return saveNotes(store, subject.runId, subject.baselineKey, text);
        })
        .then(this, [this, subject](const StoreStatus &status) {
            if (!(subject == m_subject))
                return;
            if (!status) {
                showError(status.message());
                return;
            }
            m_error->clear();
            m_notes->document()->setModified(false);
            emitChanged(subject);
        });
}

} // namespace wb::gui
