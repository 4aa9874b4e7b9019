import { useEffect, useRef, useState } from 'react';
import { invalidate, useOnlineQuery } from '../../../lib/query/query-client';
import { adminKeys } from '../../../lib/query/admin-keys';
import { useTranslation } from '../../../i18n/i18n';
import { ErrorCode } from '@haat/shared/common/error-code';
import type { LowStockItem, LowStockPage } from '@haat/shared/orders/overview';
import { formatNumber } from '../../../i18n/format';
import { problemOf } from '../../../lib/http/http-problem';
import { toast } from '../../../lib/ui/toast';
import { useServerWrite } from '../../../lib/query/server-write';
import { adjustStockWrite, lowStockQuery } from '../overview-api';
import { AdminPager } from './admin-crud-page';

interface Props {
  /** The overview's first page, at the threshold it was asked with. */
  first: LowStockPage;
}

const keyOf = (item: LowStockItem) => `${item.productId}:${item.variantId ?? ''}`;

/** The overview's low stock (docs/product.md#screens, Dashboard), adjusted by `expectedStock` (docs/decisions/0208-bare-stock-figures.md). */
export function LowStockCard({ first }: Props) {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<string | null>(null);
  // Page 1 is the overview's own answer; a later page is read here, the shown one kept while the next is on its way.
  const later = useOnlineQuery({ ...lowStockQuery(first.threshold, page), enabled: page > 1 });
  const list = page > 1 && later.data ? later.data : first;
  const shown = page > 1 && later.data ? later.data.page : 1;
  const loading = later.isFetching;

  const firstOut = list.items.findIndex((i) => i.available <= 0);
  const n = formatNumber;
  if (list.total === 0) return <p className="admin-empty">{t('overview.nothingUnder', { count: list.threshold, n: n(list.threshold) })}</p>;
  return (
    <>
      <p className="overview-low__total" data-testid="overview-low-total">
        {t('overview.lowTotal', { count: list.total, n: n(list.total), threshold: n(list.threshold) })}{' '}
        <span className="overview-low__split">{t('overview.lowSplit', { low: n(list.runningLow), out: n(list.soldOut) })}</span>
      </p>
      <ul className="overview-low" data-testid="overview-low-stock" aria-busy={loading}>
        {list.items.map((item, index) => (
          <LowStockRow
            key={keyOf(item)}
            item={item}
            groupHead={index === 0 && item.available > 0 ? 'low' : index === firstOut ? 'out' : null}
            editing={editing === keyOf(item)}
            onEdit={(on) => setEditing(on ? keyOf(item) : null)}
            onSaved={() => {
              setEditing(null);
              void invalidate(...adminKeys.overviews());
            }}
          />
        ))}
      </ul>
      <AdminPager page={shown} totalPages={Math.max(1, Math.ceil(list.total / list.limit))} busy={loading} label={t('overview.lowPages')} onPage={setPage} />
    </>
  );
}

interface RowProps {
  item: LowStockItem;
  /** The group this row opens: running low, or sold out (shown apart, after it). */
  groupHead: 'low' | 'out' | null;
  editing: boolean;
  onEdit: (on: boolean) => void;
  onSaved: () => void;
}

function LowStockRow({ item, groupHead, editing, onEdit, onSaved }: RowProps) {
  const { t } = useTranslation('admin');
  const name = item.variantName ? `${item.productName} (${item.variantName})` : item.productName;
  // The figure this row loaded: sent as expectedStock, and moved to the current one after a refusal.
  const [loaded, setLoaded] = useState(item.available);
  const [value, setValue] = useState(String(Math.max(0, item.available)));
  const [problem, setProblem] = useState<string | null>(null);
  const adjusting = useServerWrite(adjustStockWrite());
  const saving = adjusting.isPending;
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const problemId = `adjust-problem-${item.productId}-${item.variantId ?? ''}`;

  useEffect(() => {
    if (editing) input.current?.focus();
  }, [editing]);

  const save = () => {
    const stock = Number(value);
    if (value.trim() === '' || !Number.isInteger(stock) || stock < 0) return setProblem(t('overview.adjustWhole'));
    setProblem(null);
    adjusting.mutate(
      { productId: item.productId, variantId: item.variantId, stock, expectedStock: Math.max(0, loaded) },
      {
        onSuccess: () => {
          toast.success(t('overview.adjusted', { name, n: formatNumber(stock) }));
          onSaved();
        },
        onError: (error) => {
          const answer = problemOf(error);
          const current = answer.body?.current;
          if (answer.code === ErrorCode.StockChanged && typeof current === 'number') {
            setLoaded(current);
            setProblem(t('overview.adjustMoved', { n: formatNumber(current) }));
          } else setProblem(answer.message || t('overview.adjustFailed'));
        },
      },
    );
  };

  return (
    <>
      {groupHead && (
        <li className="overview-low__group">
          <h3>{t(groupHead === 'low' ? 'overview.runningLow' : 'overview.soldOut')}</h3>
        </li>
      )}
      <li data-testid="overview-low-row" data-available={item.available}>
        <span>{name}</span>
        <span className={item.available <= 0 ? 'admin-danger' : 'overview-low__few'}>
          {item.available <= 0 ? t('overview.none') : t('overview.left', { n: formatNumber(item.available) })}
        </span>
        {editing ? (
          <form
            className="overview-adjust"
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <input
              ref={input}
              type="number"
              min={0}
              inputMode="numeric"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-label={t('overview.newStock', { name })}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? problemId : undefined}
            />
            <button type="submit" className="btn btn--primary btn--small" disabled={saving}>
              {t('overview.save')}
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--small"
              onClick={() => {
                onEdit(false);
                setProblem(null);
                requestAnimationFrame(() => opener.current?.focus());
              }}
            >
              {t('cancel')}
            </button>
            {problem && (
              <span className="admin-error overview-adjust__problem" id={problemId} role="alert">
                {problem}
              </span>
            )}
          </form>
        ) : (
          <button ref={opener} type="button" className="btn btn--ghost btn--small" onClick={() => onEdit(true)} aria-label={t('overview.adjustName', { name })}>
            {t('overview.adjust')}
          </button>
        )}
      </li>
    </>
  );
}
