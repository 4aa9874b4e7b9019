import { useState } from 'react';
import { Link } from 'react-router-dom';
import { discountedPrice } from '@haat/shared/money/pricing';
import { productPath } from '@haat/shared/routing/slug';
import type { StockAlert } from '@haat/shared/notify-me/notify-me.schema';
import { formatDate, formatMoney } from '../../i18n/format';
import { useTranslation } from '../../i18n/i18n';
import { useDeviceQuery, type NotifyMeEntry } from '../../lib/storage/device-store';
import { useServerRefresh } from '../../lib/storage/use-server-refresh';
import { PageMeta } from '../../lib/ui/page-meta';
import { toast } from '../../lib/ui/toast';
import { DashboardFrame } from './components/dashboard-frame';
import { channelWords, setNotifyMe } from './hooks/use-notify-me';
import { reloadNotifyMe } from './notify-me-sync';

/** A wait as the list shows it: the server's row, or for an ask still queued the product as this device last saw it. */
interface Shown {
  entry: NotifyMeEntry;
  name?: string;
  image?: string;
}

/**
 * /dashboard/notify-me (docs/product.md#back-in-stock): what the shopper waits for, newest first, each with remove.
 * Read from the device, so it shows offline; a removal is queued like every offline write.
 */
export function NotifyMePage() {
  const { t } = useTranslation('account');
  const shown = useDeviceQuery(
    async (db): Promise<Shown[]> => {
      const entries = (await db.notifyMe.toArray()).sort((a, b) => b.addedAt - a.addedAt);
      const cached = await db.products.bulkGet(entries.map((e) => e.productId));
      return entries.map((entry, i) => ({ entry, name: cached[i]?.name, image: cached[i]?.image[0] }));
    },
    [],
    { now: true },
  );
  const fetching = useServerRefresh('notify-me', reloadNotifyMe).refreshing;
  return (
    <>
      <PageMeta title={t('notifyMe.meta')} />
      <DashboardFrame>
        <section className="notify-me-page">
          <h1>{t('notifyMe.title')}</h1>
          <p className="notify-me-page__lead">{t('notifyMe.lead')}</p>
          {shown === undefined || (fetching && shown.length === 0) ? (
            <p className="state-box">{t('wishlist.loading')}</p>
          ) : shown.length === 0 ? (
            <p className="state-box">{t('notifyMe.empty')}</p>
          ) : (
            <ul className="notify-me-page__list">
              {shown.map((s) => (
                <WaitRow key={s.entry.key} shown={s} />
              ))}
            </ul>
          )}
        </section>
      </DashboardFrame>
    </>
  );
}

/** One wait: the product (and option), its price, until when the shop will tell, and remove. */
function WaitRow({ shown: { entry, name, image } }: { shown: Shown }) {
  const { t } = useTranslation('account');
  const [busy, setBusy] = useState(false);
  const wait = entry.wait;
  const title = wait ? (wait.variantName ? `${wait.name} (${wait.variantName})` : wait.name) : (name ?? t('wishlist.thisProduct'));
  const remove = async () => {
    setBusy(true);
    try {
      const { sent } = await setNotifyMe(entry, false);
      toast.success(t('notifyMe.removed'));
      await sent;
    } catch {
      toast.error(t('notifyMe.failed'));
    } finally {
      setBusy(false);
    }
  };
  const picture = wait?.image[0] ?? image;
  return (
    <li className="notify-me-page__item" data-testid="notify-me-item">
      <Link to={productPath({ _id: entry.productId, name: wait?.name ?? name ?? '' })} className="notify-me-page__product">
        <img src={picture ?? '/placeholder.svg'} alt="" width={72} height={72} loading="lazy" />
        <span className="notify-me-page__name">{title}</span>
      </Link>
      <span className="notify-me-page__about">
        {wait && <span>{formatMoney(discountedPrice(wait.price, wait.discount))}</span>}
        <span className={wait?.inStock ? 'notify-me-page__back' : 'notify-me-page__until'}>
          {!wait ? t('notifyMe.queued') : wait.inStock ? t('notifyMe.back') : t('notifyMe.until', { date: formatDate(wait.endsAt) })}
        </span>
        {wait?.channels && <ToldBy channels={wait.channels} />}
      </span>
      <button
        type="button"
        className="btn btn--ghost btn--small"
        disabled={busy}
        aria-label={t('notifyMe.removeNamed', { name: title })}
        onClick={() => void remove()}
      >
        {t('wishlist.remove')}
      </button>
    </li>
  );
}

/** By which channels the wait will be told, as the account's switches stand; none: how to turn one on. */
function ToldBy({ channels }: { channels: StockAlert['channels'] }) {
  const { t } = useTranslation('account');
  if (channels.length > 0)
    return (
      <span className="notify-me-page__by" data-testid="notify-me-by">
        {t('notifyMe.by', { channels: channelWords(channels) })}
      </span>
    );
  return (
    <span className="notify-me-page__by notify-me-page__by--none" data-testid="notify-me-by">
      {t('notifyMe.byNone')} <Link to="/dashboard/profile#notices">{t('notifyMe.turnOn')}</Link>
    </span>
  );
}
