import { useTranslation } from '../../../i18n/i18n';
import { QueryState } from '../../../lib/query/query-state';
import { useOnlineQuery } from '../../../lib/query/query-client';
import { taxFilingQuery } from '../books-api';

/**
 * The catalogue's tax filing on the month-end screen (docs/product.md#tax-invoices): the products not sold until an admin
 * files their HSN code and a rate in force today, and what the move to the rates of 22 September 2025 changed.
 */
export function TaxFilingPanel() {
  const { t } = useTranslation('books');
  const filing = useOnlineQuery(taxFilingQuery());
  return (
    <section className="books-filing" aria-labelledby="books-filing-heading" data-testid="gst-tax-filing">
      <h2 id="books-filing-heading">{t('filing.heading')}</h2>
      <p className="books-more">{t('filing.intro')}</p>
      <QueryState query={filing} loading={t('gst.loading')} failed={t('gst.failed')}>
        {(data) => (
          <>
            {data.unfiled.length === 0 ? (
              <p className="books-more">{t('filing.none')}</p>
            ) : (
              <ul data-testid="gst-unfiled">
                {data.unfiled.map((p) => (
                  <li key={p.productId}>
                    {p.name} ({p.sku}): {p.hsn ?? t('filing.noHsn')}
                    {p.gstRate === null ? '' : `, ${p.gstRate} %`}
                  </li>
                ))}
              </ul>
            )}
            {data.moved.length > 0 && (
              <>
                <h3>{t('filing.moved')}</h3>
                <ul data-testid="gst-moved">
                  {data.moved.map((m) => (
                    <li key={m.productId}>
                      {m.rateAfter === null
                        ? t('filing.moveOpen', { name: m.name, sku: m.sku, before: m.rateBefore })
                        : t('filing.move', { name: m.name, sku: m.sku, before: m.rateBefore, after: m.rateAfter })}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
