import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { Gps, ONDC_DOMAINS, OndcCategoryBody, type OndcCategorySetting, type OndcLocation } from '@haat/shared/ondc/ondc-settings';
import type { Category } from '@haat/shared/catalog/catalog.types';
import { useOnlineQuery } from '../../lib/query/query-client';
import { useServerWrite } from '../../lib/query/server-write';
import { QueryState } from '../../lib/query/query-state';
import { categoriesQuery } from './api';
import { ondcCategoryStopWrite, ondcCategoryWrite, ondcLocationWrite, ondcQuery } from './ondc-api';
import { adminPage } from './components/admin-frame';
import './ondc.css';

/** A new category's terms: what most packaged groceries are sold with. */
const FIRST_TERMS: Omit<OndcCategorySetting, 'categoryId'> = {
  domain: 'ONDC:RET10',
  ondcCategory: '',
  returnable: true,
  cancellable: true,
  returnWindowDays: 7,
  timeToShipMinutes: 24 * 60,
  cod: true,
  manufacturer: '',
  manufacturerAddress: '',
};

/** /dashboard/ondc: which categories the shop sells on ONDC, on which terms, and where its locations are on the map. */
export function OndcManager() {
  const { t } = useTranslation('ondc');
  const settings = useOnlineQuery(ondcQuery());
  const categories = useOnlineQuery(categoriesQuery());
  return (
    <section className="admin-page ondc-page">
      <div className="admin-page__head">
        <h1>{t('heading')}</h1>
      </div>
      <QueryState query={settings} loading={t('loading')} failed={t('failed')}>
        {(s) => (
          <>
            <p className={`ondc-status ${s.enabled ? 'ondc-status--on' : ''}`} data-testid="ondc-status">
              {s.enabled ? t('statusOn', { id: s.subscriberId }) : t('statusOff')}
            </p>
            <h2>{t('categoriesHeading')}</h2>
            <p className="ondc-intro">{t('categoriesIntro')}</p>
            <QueryState query={categories} loading={t('loading')} failed={t('failed')}>
              {(list) => (
                <ul className="ondc-list">
                  {list.map((c) => (
                    <CategoryTerms key={c._id} category={c} setting={s.categories.find((x) => x.categoryId === c._id)} />
                  ))}
                </ul>
              )}
            </QueryState>
            <h2>{t('locationsHeading')}</h2>
            <p className="ondc-intro">{t('locationsIntro')}</p>
            <ul className="ondc-list">
              {s.locations.map((l) => (
                <LocationPlace key={l.id} location={l} />
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </section>
  );
}

/** One category: whether it is sold on ONDC and on which terms, with a form to change them. */
function CategoryTerms({ category, setting }: { category: Category; setting: OndcCategorySetting | undefined }) {
  const { t } = useTranslation('ondc');
  const [open, setOpen] = useState(false);
  // Closing the form (saved, stopped or cancelled) gives the keyboard back to the card's button, not to the page.
  const [closed, setClosed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (closed) button.current?.focus();
  }, [closed]);
  const domain = ONDC_DOMAINS.find((d) => d.code === setting?.domain);
  return (
    <li className="ondc-card" data-testid={`ondc-category-${category._id}`}>
      <div className="ondc-card__head">
        <div>
          <strong>{category.name}</strong>
          <p className="ondc-card__state">
            {setting && domain ? t('soldAs', { domain: t(`domain.${domain.code.slice(5)}`), category: setting.ondcCategory }) : t('notSold')}
          </p>
        </div>
        {!open && (
          <button
            ref={button}
            type="button"
            className="btn btn--ghost btn--small"
            onClick={() => {
              setClosed(false);
              setOpen(true);
            }}
            aria-label={t(setting ? 'editLabel' : 'sellLabel', { name: category.name })}
          >
            {t(setting ? 'edit' : 'sell')}
          </button>
        )}
      </div>
      {open && (
        <TermsForm
          category={category}
          setting={setting}
          onDone={() => {
            setOpen(false);
            setClosed(true);
          }}
        />
      )}
    </li>
  );
}

function TermsForm({ category, setting, onDone }: { category: Category; setting: OndcCategorySetting | undefined; onDone: () => void }) {
  const { t } = useTranslation('ondc');
  const id = useId();
  const [terms, setTerms] = useState(() => ({ ...FIRST_TERMS, ...setting }));
  const [wrong, setWrong] = useState<string[]>([]);
  const saving = useServerWrite(ondcCategoryWrite());
  const stopping = useServerWrite(ondcCategoryStopWrite());
  // While one is under way its button stays enabled and busy (the focus stays on it) and a press of either is ignored.
  const busy = saving.isPending || stopping.isPending;
  const set = <K extends keyof typeof terms>(key: K, value: (typeof terms)[K]) => setTerms((now) => ({ ...now, [key]: value }));
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = OndcCategoryBody.safeParse(terms);
    if (!checked.success) {
      setWrong([...new Set(checked.error.issues.map((i) => String(i.path[0])))]);
      return;
    }
    saving.mutate({ category, terms: checked.data }, { onSuccess: onDone });
  };
  const stop = () => {
    if (!busy) stopping.mutate(category, { onSuccess: onDone });
  };
  const problem = (field: string) =>
    wrong.includes(field) ? (
      <span className="admin-error" id={`${id}-${field}-problem`}>
        {t('problem', { field: t(`field.${field}`) })}
      </span>
    ) : null;
  const described = (field: string) => (wrong.includes(field) ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-problem` } : {});
  const number = (field: 'returnWindowDays' | 'timeToShipMinutes') => (
    <div className="admin-field">
      <label htmlFor={`${id}-${field}`}>{t(`field.${field}`)}</label>
      <input
        id={`${id}-${field}`}
        type="number"
        inputMode="numeric"
        value={terms[field]}
        onChange={(e) => set(field, Number(e.target.value))}
        {...described(field)}
      />
      {problem(field)}
    </div>
  );
  const text = (field: 'ondcCategory' | 'manufacturer' | 'manufacturerAddress', hint?: string) => (
    <div className="admin-field">
      <label htmlFor={`${id}-${field}`}>{t(`field.${field}`)}</label>
      <input id={`${id}-${field}`} type="text" autoComplete="off" value={terms[field]} onChange={(e) => set(field, e.target.value)} {...described(field)} />
      {hint && <span className="ondc-hint">{hint}</span>}
      {problem(field)}
    </div>
  );
  const box = (field: 'returnable' | 'cancellable' | 'cod') => (
    <label className="ondc-check">
      <input type="checkbox" checked={terms[field]} onChange={(e) => set(field, e.target.checked)} /> {t(`field.${field}`)}
    </label>
  );
  return (
    <form className="admin-form ondc-form" onSubmit={save} aria-label={t('formLabel', { name: category.name })}>
      <div className="admin-field">
        <label htmlFor={`${id}-domain`}>{t('field.domain')}</label>
        <select id={`${id}-domain`} value={terms.domain} onChange={(e) => set('domain', e.target.value as typeof terms.domain)}>
          {ONDC_DOMAINS.map((d) => (
            <option key={d.code} value={d.code}>
              {t(`domain.${d.code.slice(5)}`)} ({d.code.slice(5)})
            </option>
          ))}
        </select>
      </div>
      {text('ondcCategory', t('hint.ondcCategory'))}
      <div className="ondc-form__row">
        {number('timeToShipMinutes')}
        {number('returnWindowDays')}
      </div>
      <div className="ondc-form__row">
        {box('returnable')}
        {box('cancellable')}
        {box('cod')}
      </div>
      {text('manufacturer', t('hint.manufacturer'))}
      {text('manufacturerAddress')}
      <div className="ondc-form__actions">
        <button type="submit" className="btn btn--primary btn--small" aria-busy={saving.isPending || undefined}>
          {t('save')}
        </button>
        {setting && (
          <button type="button" className="btn btn--ghost btn--small admin-danger" aria-busy={stopping.isPending || undefined} onClick={stop}>
            {t('stop')}
          </button>
        )}
        <button type="button" className="btn btn--ghost btn--small" onClick={onDone}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

/** One location: its position on the map, which the network needs to list it. */
function LocationPlace({ location }: { location: OndcLocation }) {
  const { t } = useTranslation('ondc');
  const id = useId();
  const [gps, setGps] = useState(location.gps ?? '');
  const [wrong, setWrong] = useState(false);
  const placing = useServerWrite(ondcLocationWrite());
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (placing.isPending) return;
    const checked = Gps.safeParse(gps);
    setWrong(!checked.success);
    if (checked.success) placing.mutate({ location, gps: checked.data });
  };
  return (
    <li className="ondc-card" data-testid={`ondc-location-${location.id}`}>
      <form className="admin-form ondc-location" onSubmit={save}>
        <div>
          <strong>{location.name}</strong>
          <p className="ondc-card__state">
            {location.kind === 'warehouse' ? t('warehouseServes') : t('storeServes', { count: location.servesPincodes.length })}
            {location.gps ? '' : ` · ${t('notListed')}`}
          </p>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-gps`}>{t('field.gps')}</label>
          <input
            id={`${id}-gps`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="12.9716,77.5946"
            value={gps}
            onChange={(e) => setGps(e.target.value)}
            {...(wrong ? { 'aria-invalid': true, 'aria-describedby': `${id}-gps-problem` } : {})}
          />
          {wrong && (
            <span className="admin-error" id={`${id}-gps-problem`}>
              {t('problem', { field: t('field.gps') })}
            </span>
          )}
        </div>
        <button type="submit" className="btn btn--primary btn--small" aria-busy={placing.isPending || undefined}>
          {t('place')}
        </button>
      </form>
    </li>
  );
}

/** /dashboard/ondc (docs/product.md#selling-on-ondc). */
export const OndcPage = adminPage(OndcManager, 'ondc:');
