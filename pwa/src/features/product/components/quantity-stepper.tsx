import { clampQuantity } from '../quantity';

interface Props {
  value: number;
  stock: number;
  onChange: (quantity: number) => void;
}

/** docs/product.md#states quantity stepper: always between 1 and the stock of the chosen product or variant. */
export function QuantityStepper({ value, stock, onChange }: Props) {
  const set = (q: number) => onChange(clampQuantity(q, stock));
  return (
    <div className="stepper" role="group" aria-label="Quantity">
      <button type="button" aria-label="Decrease quantity" onClick={() => set(value - 1)} disabled={value <= 1}>
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        aria-label="Quantity"
        min={1}
        max={Math.max(stock, 1)}
        value={value}
        onChange={(e) => set(Number(e.target.value))}
      />
      <button type="button" aria-label="Increase quantity" onClick={() => set(value + 1)} disabled={value >= Math.max(stock, 1)}>
        +
      </button>
    </div>
  );
}
