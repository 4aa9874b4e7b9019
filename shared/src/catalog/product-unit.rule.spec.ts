import { describe, expect, it } from 'vitest';
import { unitForType, unitLabel, unitProblem } from './product-unit.rule.js';

describe('unitProblem (docs/product.md#states and #rules-and-limits)', () => {
  it('a fixed product is sold by the pack only', () => {
    expect(unitProblem('fixed', 'pack')).toBeNull();
    for (const unit of ['kg', '1 pc', 'Pack', '']) expect(unitProblem('fixed', unit)).toBe('must be pack for a fixed product');
  });

  it('a variable product takes kg, litre, gm or ml, as written', () => {
    for (const unit of ['kg', 'litre', 'gm', 'ml']) expect(unitProblem('variable', unit)).toBeNull();
    for (const unit of ['pack', 'KG', '1 kg', 'g']) expect(unitProblem('variable', unit)).toBe('must be one of kg, litre, gm, ml for a variable product');
  });
});

describe('unitForType', () => {
  it('fixed → pack; variable keeps a listed unit, else starts at kg', () => {
    expect(unitForType('fixed', 'litre')).toBe('pack');
    expect(unitForType('variable', 'litre')).toBe('litre');
    expect(unitForType('variable', 'pack')).toBe('kg');
  });
});

describe('unitLabel', () => {
  it('hides the bare "pack" of a fixed product and shows any other unit', () => {
    expect(unitLabel('pack')).toBeNull();
    expect(unitLabel('kg')).toBe('kg');
    expect(unitLabel('Pack of 2')).toBe('Pack of 2');
  });
});
