import { useEffect, useRef, type DetailedHTMLProps, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { Components } from '@ionic/core';
import { defineCustomElement as defineSelect } from '@ionic/core/components/ion-select.js';
import { defineCustomElement as defineSelectOption } from '@ionic/core/components/ion-select-option.js';
import { ORDER_STAGES, type OrderStage } from '@haat/shared/orders/order-stages';

// Ionic's own elements, defined by this module: @ionic/react's wrappers sit in the vendor chunk every visit loads, and
// would bring the select's code with them (docs/decisions/0230-the-stage-filter-is-ionics-select.md).
defineSelect();
defineSelectOption();

type Element<P> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & P;
declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'ion-select': Element<Partial<Pick<Components.IonSelect, 'value' | 'fill' | 'interface' | 'interfaceOptions' | 'labelPlacement'>>>;
      'ion-select-option': Element<{ value: string }>;
    }
  }
}

/** Every stage: what the select's value is while no stage is chosen. */
const ALL = 'ALL';

/**
 * Manage Orders' stage filter (docs/product.md#screens, Orders): Ionic's select, a popover of the stages in the admin's
 * language. Its module, with Ionic's component code, loads with Manage Orders only, never with a shopper's Your Orders.
 */
export function StageFilter({ value, onChange }: { value: OrderStage | undefined; onChange: (stage: OrderStage | undefined) => void }) {
  const { t } = useTranslation('orders');
  const select = useRef<HTMLElement>(null);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const el = select.current;
    const changed = (e: Event) => latest.current(ORDER_STAGES.find((s) => s === (e as CustomEvent<{ value?: unknown }>).detail.value));
    el?.addEventListener('ionChange', changed);
    return () => el?.removeEventListener('ionChange', changed);
  }, []);
  return (
    <ion-select
      ref={select}
      class="stage-filter"
      data-testid="manage-orders-stage"
      labelPlacement="stacked"
      fill="outline"
      interface="popover"
      interfaceOptions={{ size: 'cover' }}
      value={value ?? ALL}
    >
      <span slot="label">{t('manage.stage')}</span>
      <ion-select-option value={ALL}>{t('manage.allStages')}</ion-select-option>
      {ORDER_STAGES.map((stage) => (
        <ion-select-option key={stage} value={stage}>
          {t(`stage.${stage}`)}
        </ion-select-option>
      ))}
    </ion-select>
  );
}

export default StageFilter;
