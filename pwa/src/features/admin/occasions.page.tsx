import { useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import type { Occasion } from '@haat/shared/search/occasions';
import { invalidate, useOnlineQuery } from '../../lib/query/query-client';
import { adminKeys } from '../../lib/query/admin-keys';
import { QueryState } from '../../lib/query/query-state';
import { formatNumber } from '../../i18n/format';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { toast } from '../../lib/ui/toast';
import { AdminTable, type Column } from './components/admin-crud-page';
import { adminPage } from './components/admin-frame';
import { useCheckedForm, type InputProps } from './components/checked-form';
import { occasionFields, occasionRequest, type OccasionField, type OccasionProblem } from './occasion-form-model';
import { occasionsApi, occasionsQuery } from './occasions-api';
import './synonyms.css';

/** The occasions search reads as gifts ("diwali gift"), each with the shelves its gifts come from and its price band; Edit and Put back. */
export function OccasionManager() {
  const { t } = useTranslation('occasions');
  const list = useOnlineQuery(occasionsQuery());
  const [editing, setEditing] = useState<Occasion | null>(null);
  const [resetting, setResetting] = useState<Occasion | null>(null);
  const reload = () => void invalidate(...adminKeys.occasions());
  const label = (o: Occasion) => t(`name.${o.name}`, { defaultValue: o.name });
  const columns: Array<Column<Occasion>> = [
    { head: t('column.occasion'), cell: (o) => <strong>{label(o)}</strong> },
    { head: t('column.shelves'), cell: (o) => o.shelves.join(', ') },
    { head: t('column.band'), cell: (o) => (o.maxPrice ? t('band', { amount: `₹${formatNumber(o.maxPrice)}` }) : t('noBand')) },
  ];

  return (
    <section className="admin-page">
      <div className="admin-page__head">
        <h1>{t('heading')}</h1>
      </div>
      <p className="synonyms-intro">{t('intro')}</p>
      <QueryState query={list} loading={t('loading')} failed={t('failed')}>
        {(occasions) => (
          <AdminTable
            className="admin-table--stacked synonym-table"
            items={occasions}
            busy={list.isFetching}
            columns={columns}
            actionsHead={t('column.actions')}
            row={(o) => ({ key: o.name, 'data-testid': `occasion-row-${o.name}` })}
            actions={(o) => (
              <>
                <button type="button" className="btn btn--ghost btn--small" aria-label={t('editLabel', { name: o.name })} onClick={() => setEditing(o)}>
                  {t('edit')}
                </button>
                <button type="button" className="btn btn--ghost btn--small" aria-label={t('resetLabel', { name: o.name })} onClick={() => setResetting(o)}>
                  {t('reset')}
                </button>
              </>
            )}
          />
        )}
      </QueryState>
      {editing !== null && (
        <OccasionForm occasion={editing} title={t('editTitle', { name: label(editing) })} onClose={() => setEditing(null)} onSaved={reload} />
      )}
      {resetting !== null && (
        <ConfirmDialog
          title={t('resetDialog.title', { name: label(resetting) })}
          message={t('resetDialog.message')}
          confirmLabel={t('reset')}
          keepLabel={t('cancel')}
          onKeep={() => setResetting(null)}
          onConfirm={async () => {
            await occasionsApi.reset(resetting.name);
            toast.success(t('resetDone', { name: label(resetting) }));
            setResetting(null);
            reload();
          }}
        />
      )}
    </section>
  );
}

/** Edit an occasion's shelves and band, checked with the API's own schema before anything is sent (useCheckedForm). */
function OccasionForm({ occasion, title, onClose, onSaved }: { occasion: Occasion; title: string; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('occasions');
  const { field, dialog } = useCheckedForm({
    t,
    testId: 'occasion',
    names: ['shelves', 'women', 'men', 'maxPrice'] as const,
    initial: () => occasionFields(occasion),
    check: (fields) => occasionRequest(occasion, fields),
    save: async (body) => {
      await occasionsApi.put(body);
      return t('saved');
    },
    words: (name: OccasionField, problem: OccasionProblem) => t(`problem.${problem}`, { field: t(`field.${name}`) }),
    onSaved,
    onClose,
  });
  const input = (p: InputProps) => <input type="text" autoComplete="off" {...p} />;
  return dialog(
    title,
    <>
      {field('shelves', input, t('hint.shelves'))}
      {field('women', input, t('hint.forSomeone'))}
      {field('men', input, t('hint.forSomeone'))}
      {field(
        'maxPrice',
        (p) => (
          <input type="text" inputMode="numeric" autoComplete="off" {...p} />
        ),
        t('hint.maxPrice'),
      )}
    </>,
  );
}

/** /dashboard/occasions (docs/product.md#search): the gifts search shows for each occasion, beside the synonyms. */
export const OccasionsPage = adminPage(OccasionManager, 'occasions:');
