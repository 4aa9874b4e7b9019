import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import type { Envelope } from '@haat/shared/common/envelope';
import { MAX_MEANS_WORDS, type DeleteSynonymBody, type PutSynonymBody, type Synonym } from '@haat/shared/search/synonym.schema';
import { http } from '../../lib/http/http';
import { invalidate, useOnlineQuery } from '../../lib/query/query-client';
import { QueryState } from '../../lib/query/query-state';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { ModalDialog } from '../../lib/ui/modal-dialog';
import { toast } from '../../lib/ui/toast';
import { AdminTable, type Column } from './components/admin-crud-page';
import { AdminFrame } from './components/admin-frame';
import { synonymRequest, type SynonymField, type SynonymProblem } from './synonym-form-model';
import './synonyms.css';

/**
 * The admin's synonym routes of search (docs/decisions/0260-the-shoppers-own-words.md). Reads skip every cache
 * (`no-store`): an admin edits what the server holds. Refusals show the server's message through the one client.
 */
const synonymsApi = {
  list: async () => (await http.get('search/synonyms', { cache: 'no-store' }).json<Envelope<Synonym[]>>()).data ?? [],
  /** Adds a word, or changes what a word spelt like it means (the server keys words by their spelling). */
  put: (body: PutSynonymBody) => http.put('search/synonyms', { json: body }).json<Envelope<Synonym>>(),
  remove: (word: string) => http.delete('search/synonyms', { json: { word } satisfies DeleteSynonymBody }).json<Envelope<null>>(),
};

/** /dashboard/synonyms (docs/decisions/0260-the-shoppers-own-words.md): the shoppers' own words search understands. */
export function SynonymsPage() {
  const { t } = useTranslation('synonyms');
  // It starts at the top by the shell's one rule (ScrollToTop, app/shell/shell.tsx).
  return (
    <AdminFrame title={t('metaTitle')} description={t('metaDescription')}>
      <SynonymManager />
    </AdminFrame>
  );
}

const KEY = ['admin', 'synonyms'] as const;

/**
 * The table of synonyms (a word as shoppers type it, and the catalogue words search looks for instead), narrowed by a
 * find box, with Add, Edit (what the word means) and Delete (which asks first). The list is read again after every
 * change; a change reaches the next search on every instance (the server bumps the catalogue version).
 */
export function SynonymManager() {
  const { t } = useTranslation('synonyms');
  const list = useOnlineQuery({ queryKey: KEY, queryFn: () => synonymsApi.list() });
  const [find, setFind] = useState('');
  const [editing, setEditing] = useState<Synonym | 'new' | null>(null);
  const [removing, setRemoving] = useState<Synonym | null>(null);
  const reload = () => void invalidate(...KEY);
  const findId = useId();
  const columns: Array<Column<Synonym>> = [
    { head: t('column.word'), cell: (s) => <strong lang={/[\u0900-\u097f]/.test(s.word) ? 'hi' : undefined}>{s.word}</strong> },
    { head: t('column.means'), cell: (s) => s.means },
  ];

  return (
    <section className="admin-page">
      <div className="admin-page__head">
        <h1>{t('heading')}</h1>
        <button type="button" className="btn btn--primary btn--small" data-testid="synonym-add" onClick={() => setEditing('new')}>
          {t('add')}
        </button>
      </div>
      <p className="synonyms-intro">{t('intro')}</p>
      <QueryState query={list} loading={t('loading')} failed={t('failed')}>
        {(synonyms) => {
          const needle = find.trim().toLocaleLowerCase();
          const shown = needle ? synonyms.filter((s) => `${s.word} ${s.means}`.toLocaleLowerCase().includes(needle)) : synonyms;
          return synonyms.length === 0 ? (
            <p className="state-box admin-empty">{t('empty')}</p>
          ) : (
            <>
              <div className="admin-field synonyms-find">
                <label htmlFor={findId}>{t('find')}</label>
                <input id={findId} type="search" data-testid="synonym-find" autoComplete="off" value={find} onChange={(e) => setFind(e.target.value)} />
              </div>
              <p className="synonyms-count" role="status">
                {needle ? t('countFound', { count: shown.length, total: synonyms.length }) : t('count', { count: synonyms.length })}
              </p>
              {shown.length > 0 && (
                <AdminTable
                  className="admin-table--stacked synonym-table"
                  items={shown}
                  busy={list.isFetching}
                  columns={columns}
                  actionsHead={t('column.actions')}
                  row={(s) => ({ key: s.word, 'data-testid': `synonym-row-${s.word}` })}
                  actions={(s) => (
                    <>
                      <button type="button" className="btn btn--ghost btn--small" aria-label={t('editLabel', { word: s.word })} onClick={() => setEditing(s)}>
                        {t('edit')}
                      </button>
                      <button
                        type="button"
                        className="btn btn--ghost btn--small admin-danger"
                        aria-label={t('deleteLabel', { word: s.word })}
                        onClick={() => setRemoving(s)}
                      >
                        {t('delete')}
                      </button>
                    </>
                  )}
                />
              )}
            </>
          );
        }}
      </QueryState>
      {editing !== null && (
        <SynonymForm synonym={editing === 'new' ? undefined : editing} listed={list.data ?? []} onClose={() => setEditing(null)} onSaved={reload} />
      )}
      {removing !== null && (
        <ConfirmDialog
          title={t('deleteDialog.title', { word: removing.word })}
          message={t('deleteDialog.message', { word: removing.word })}
          confirmLabel={t('delete')}
          keepLabel={t('cancel')}
          onKeep={() => setRemoving(null)}
          onConfirm={async () => {
            await synonymsApi.remove(removing.word);
            toast.success(t('deleted', { word: removing.word }));
            setRemoving(null);
            reload();
          }}
        />
      )}
    </section>
  );
}

interface FormProps {
  /** The synonym being edited (its word stays; to change a word, delete it and add the new one); absent for a new one. */
  synonym?: Synonym;
  listed: Synonym[];
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit a synonym: checked with the API's own schema before anything is sent, each problem under its field. */
function SynonymForm({ synonym, listed, onClose, onSaved }: FormProps) {
  const { t } = useTranslation('synonyms');
  const [fields, setFields] = useState<Synonym>(() => synonym ?? { word: '', means: '' });
  const [problems, setProblems] = useState<Partial<Record<SynonymField, SynonymProblem>>>({});
  const [busy, setBusy] = useState(false);
  const id = useId();

  const submit = async () => {
    const request = synonymRequest(fields, { adding: !synonym, listed });
    if (!request.ok) {
      setProblems(request.problems);
      document.getElementById(`${id}-${Object.keys(request.problems)[0]}`)?.focus();
      return;
    }
    setProblems({});
    setBusy(true);
    try {
      await synonymsApi.put(request.body);
      toast.success(t('saved', { word: request.body.word }));
      onSaved();
      onClose();
    } catch {
      // the server's message is on screen
    } finally {
      setBusy(false);
    }
  };

  const field = (name: SynonymField, hint: string) => {
    const problem = problems[name];
    return (
      <div className="admin-field">
        <label htmlFor={`${id}-${name}`}>{t(`field.${name}`)}</label>
        <input
          id={`${id}-${name}`}
          name={name}
          type="text"
          autoComplete="off"
          data-testid={`synonym-form-${name}`}
          value={fields[name]}
          readOnly={name === 'word' && !!synonym}
          aria-invalid={problem ? true : undefined}
          aria-describedby={[`${id}-${name}-hint`, problem && `${id}-${name}-problem`].filter(Boolean).join(' ')}
          onChange={(e) => setFields((f) => ({ ...f, [name]: e.target.value }))}
        />
        <small id={`${id}-${name}-hint`}>{hint}</small>
        {problem && (
          <p id={`${id}-${name}-problem`} className="admin-error" role="alert">
            {t(`problem.${problem}`, { field: t(`field.${name}`), n: MAX_MEANS_WORDS })}
          </p>
        )}
      </div>
    );
  };

  return (
    <ModalDialog label={synonym ? t('editTitle', { word: synonym.word }) : t('add')} heading onClose={onClose} variant="form">
      <form
        className="admin-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void submit();
        }}
      >
        {field('word', synonym ? t('hint.wordKept') : t('hint.word'))}
        {field('means', t('hint.means', { n: MAX_MEANS_WORDS }))}
        <div className="modal__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="btn btn--primary" data-testid="synonym-form-save" disabled={busy}>
            {busy ? t('saving') : t('save')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
