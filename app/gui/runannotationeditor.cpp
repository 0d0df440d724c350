// SPDX-License-Identifier: GPL-3.0-or-later
#include "runannotationeditor.h"

#include "store/annotationstore.h"
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
    m_tags->setToolTip(tr("The run's tags; select some and press Remove tag (or Del)"));
    m_newTag->setObjectName(u"newTag"_s);
    m_newTag->setPlaceholderText(tr("New tag, e.g. after firmware 4.2"));
    m_newTag->setClearButtonEnabled(true);
    m_add->setObjectName(u"addTagButton"_s);
    m_remove->setObjectName(u"removeTagButton"_s);
    m_notes->setObjectName(u"runNotes"_s);
    m_notes->setPlaceholderText(tr("A note on this run (what changed, what to look at)"));
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
    // The same run shown again (the table reloaded: another run stored, a
    // tag added elsewhere) keeps what the user is doing: the tags selected
    // for removal and a note typed but not saved.
    const bool same = run && run->id == m_runId;
    m_runId = run ? run->id : 0;
    if (same && m_store) {
        // The row may have been read before this editor's own last write
        // finished; the tags come from the store, queued behind that write.
        const qint64 id = m_runId;
        m_store->write([id](ResultStore &store) { return store.annotations().runTags(id); })
            .then(this, [this, id](const StoreResult<QStringList> &tags) {
                if (id == m_runId && tags)
                    showTags(*tags);
            });
    } else {
        showTags(run ? run->tags : QStringList());
    }
    if (!same || !m_notes->document()->isModified()) {
        m_notes->setPlainText(run ? run->notes : QString());
        m_notes->document()->setModified(false);
    }
    m_error->clear();
    for (QWidget *w : std::initializer_list<QWidget *>{m_tags, m_newTag, m_add, m_remove, m_notes, m_saveNote})
        w->setEnabled(run != nullptr);
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

void RunAnnotationEditor::addTag(const QString &tag)
{
    if (!m_store || m_runId == 0)
        return;
    const qint64 id = m_runId;
    m_store->write([id, tag](ResultStore &store) { return store.annotations().addRunTags(id, {tag}); })
        .then(this, [this, id](const StoreResult<QStringList> &tags) {
            if (id != m_runId)
                return; // another run is shown by now
            if (!tags) {
                showError(tags.message());
                return;
            }
            m_error->clear();
            m_newTag->clear();
            showTags(*tags);
            emit changed(id);
        });
}

void RunAnnotationEditor::removeTags(const QStringList &tags)
{
    if (!m_store || m_runId == 0 || tags.isEmpty())
        return;
    const qint64 id = m_runId;
    m_store->write([id, tags](ResultStore &store) { return store.annotations().removeRunTags(id, tags); })
        .then(this, [this, id](const StoreResult<QStringList> &now) {
            if (id != m_runId)
                return;
            if (!now) {
                showError(now.message());
                return;
            }
            m_error->clear();
            showTags(*now);
            emit changed(id);
        });
}

void RunAnnotationEditor::saveNote()
{
    if (!m_store || m_runId == 0)
        return;
    const qint64 id = m_runId;
    const QString text = m_notes->toPlainText().trimmed();
    m_store->write([id, text](ResultStore &store) { return store.runs().setRunNotes(id, text); })
        .then(this, [this, id](const StoreStatus &status) {
            if (id != m_runId)
                return;
            if (!status) {
                showError(status.message());
                return;
            }
            m_error->clear();
            m_notes->document()->setModified(false);
            emit changed(id);
        });
}

} // namespace wb::gui
