import { clampQuantity } from '../quantity';
import { useTranslation } from 'react-i18next';

interface Props {
  value: number;
  stock: number;
  onChange: (quantity: number) => void;
  /** The product (and variant): − and + name it, so a screen-reader user knows what they change. */
  name: string;
}

/** docs/product.md#states quantity stepper: always between 1 and the stock of the chosen product or variant. */
export function QuantityStepper({ value, stock, onChange, name }: Props) {
  const { t } = useTranslation('product');
  const set = (q: number) => onChange(clampQuantity(q, stock));
  return (
    <div className="stepper" role="group" aria-label={t('quantity')}>
      <button type="button" aria-label={t('decrease', { name })} onClick={() => set(value - 1)} disabled={value <= 1}>
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        aria-label={t('quantity')}
        min={1}
        max={Math.max(stock, 1)}
        value={value}
        onChange={(e) => set(Number(e.target.value))}
      />
      <button type="button" aria-label={t('increase', { name })} onClick={() => set(value + 1)} disabled={value >= Math.max(stock, 1)}>
        +
      </button>
    </div>
  );
}
