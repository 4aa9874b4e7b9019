import { clampQuantity, quantityMax } from '../quantity';
import { useTranslation } from '../../../i18n/i18n';

interface Props {
  value: number;
  stock: number;
  /** The product's most per order: the box holds no more than the lesser of it and the stock. */
  maxPerOrder?: number;
  onChange: (quantity: number) => void;
  /** The product (and variant): − and + name it, so a screen-reader user knows what they change. */
  name: string;
}

/** docs/product.md#states quantity stepper: between 1 and the most one line can hold. */
export function QuantityStepper({ value, stock, maxPerOrder, onChange, name }: Props) {
  const { t } = useTranslation('product');
  const set = (q: number) => onChange(clampQuantity(q, stock, maxPerOrder));
  const max = quantityMax(stock, maxPerOrder);
  return (
    <div className="stepper" role="group" aria-label={t('quantity')}>
      <button type="button" aria-label={t('decrease', { name })} onClick={() => set(value - 1)} disabled={value <= 1}>
        −
      </button>
      <input type="number" inputMode="numeric" aria-label={t('quantity')} min={1} max={max} value={value} onChange={(e) => set(Number(e.target.value))} />
      <button type="button" aria-label={t('increase', { name })} onClick={() => set(value + 1)} disabled={value >= max}>
        +
      </button>
    </div>
  );
}
