import { sql } from 'drizzle-orm';
import { defineStatement } from './database.js';

describe('defineStatement', () => {
  it('builds the text once and lists each call’s values in the order of its parameters', () => {
    const statement = defineStatement<{ userId: string; qty: number; lines: string }>(
      'spec-values-in-order',
      (p) => sql`select ${p.qty}::int, ${p.userId}, ${p.lines}::jsonb where user_id = ${p.userId} and ${5} > 0`,
    );
    expect(statement.text).toBe('select $1::int, $2, $3::jsonb where user_id = $4 and $5 > 0');
    expect(statement.params({ userId: 'u1', qty: 3, lines: '[]' })).toEqual([3, 'u1', '[]', 'u1', 5]);
    expect(statement.params({ userId: 'u2', qty: 0, lines: '[1]' })).toEqual([0, 'u2', '[1]', 'u2', 5]);
  });

  it('passes a null value as null', () => {
    const statement = defineStatement<{ variantId: string | null }>('spec-null', (p) => sql`select ${p.variantId}::text`);
    expect(statement.params({ variantId: null })).toEqual([null]);
  });

  it('refuses a second statement under the same name: one name is one text on every connection', () => {
    defineStatement<{ a: number }>('spec-twice', (p) => sql`select ${p.a}`);
    expect(() => defineStatement<{ a: number }>('spec-twice', (p) => sql`select ${p.a} + 1`)).toThrow('statement spec-twice is defined twice');
  });
});
