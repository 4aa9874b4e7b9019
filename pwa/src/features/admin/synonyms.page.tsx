import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { MAX_MEANS_WORDS, type Synonym } from '@haat/shared/search/synonym.schema';
import { invalidate, useOnlineQuery } from '../../lib/query/query-client';
import { adminKeys } from '../../lib/query/admin-keys';
import { QueryState } from '../../lib/query/query-state';
import { synonymsApi, synonymsQuery } from './synonyms-api';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { toast } from '../../lib/ui/toast';
import { AdminTable, type Column } from './components/admin-crud-page';
import { adminPage } from './components/admin-frame';
import { useCheckedForm, type InputProps } from './components/checked-form';
import { synonymRequest, type SynonymField, type SynonymProblem } from './synonym-form-model';
import './synonyms.css';

/** The synonyms, narrowed by a find box, with Add, Edit and Delete; a change reaches the next search on every instance. */
export function SynonymManager() {
  const { t } = useTranslation('synonyms');
  const list = useOnlineQuery(synonymsQuery());
  const [find, setFind] = useState('');
  const [editing, setEditing] = useState<Synonym | 'new' | null>(null);
  const [removing, setRemoving] = useState<Synonym | null>(null);
  const reload = () => void invalidate(...adminKeys.synonyms());
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

/** Add or edit a synonym, checked with the API's own schema before anything is sent (useCheckedForm). */
function SynonymForm({ synonym, listed, onClose, onSaved }: FormProps) {
  const { t } = useTranslation('synonyms');
  const { field, dialog } = useCheckedForm({
    t,
    testId: 'synonym',
    names: ['word', 'means'],
    initial: (): Synonym => synonym ?? { word: '', means: '' },
    check: (fields) => synonymRequest(fields, { adding: !synonym, listed }),
    save: async (body) => {
      await synonymsApi.put(body);
      return t('saved', { word: body.word });
    },
    words: (name: SynonymField, problem: SynonymProblem) => t(`problem.${problem}`, { field: t(`field.${name}`), n: MAX_MEANS_WORDS }),
    onSaved,
    onClose,
  });
  const input = (p: InputProps) => <input type="text" autoComplete="off" readOnly={p.name === 'word' && !!synonym} {...p} />;
  return dialog(
    synonym ? t('editTitle', { word: synonym.word }) : t('add'),
    <>
      {field('word', input, synonym ? t('hint.wordKept') : t('hint.word'))}
      {field('means', input, t('hint.means', { n: MAX_MEANS_WORDS }))}
    </>,
  );
}

/** /dashboard/synonyms (docs/decisions/0260-the-shoppers-own-words.md): the shoppers' own words search understands. */
export const SynonymsPage = adminPage(SynonymManager, 'synonyms:');
