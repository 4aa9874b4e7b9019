import type { Product } from '@haat/shared/catalog/catalog.types';
import type { Envelope } from '@haat/shared/common/envelope';
import type { StockAlertCounts } from '@haat/shared/notify-me/notify-me.schema';
import { formatNumber } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/i18n';
import { http } from '../../../lib/http/http';
import { adminKeys } from '../../../lib/query/admin-keys';
import { useOnlineQuery } from '../../../lib/query/query-client';

const waitingFor = async (productId: string) =>
  (await http.get(`product/admin/notify-me/${productId}`, { cache: 'no-store' }).json<Envelope<StockAlertCounts>>()).data;

/**
 * The product form's "Notify me" line (docs/product.md#back-in-stock): how many shoppers wait for the product and for
 * each of its options, so the admin sees who a restock will tell. Nothing while it loads or when it cannot be read.
 */
export function WaitingCount({ product }: { product: Product }) {
  const { t } = useTranslation('admin');
  const asked = useOnlineQuery({ queryKey: adminKeys.waiting(product._id), queryFn: () => waitingFor(product._id) });
  const counts = asked.data;
  if (!counts) return null;
  const options = product.variants.filter((v) => (counts.byVariant[v._id] ?? 0) > 0);
  const n = (count: number) => ({ count, n: formatNumber(count) });
  return (
    <p className="admin-waiting" data-testid="admin-waiting">
      <strong>{t('form.waiting', n(counts.waiting))}</strong>
      {options.length > 0 && (
        <span className="admin-waiting__options">
          {options.map((v) => t('form.waitingOption', { name: v.name, ...n(counts.byVariant[v._id]!) })).join(' · ')}
        </span>
      )}
    </p>
  );
}
