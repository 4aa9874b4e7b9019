import { sql } from 'drizzle-orm';
import { defineStatement, statementOf } from './database.js';

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

describe('statementOf', () => {
  it('renders a query built at run time once, its values bound, under the name its text gets', () => {
    const names = new Map<string, string>();
    const nameOf = (text: string) => {
      if (!names.has(text)) names.set(text, `spec-shape-${names.size + 1}`);
      return names.get(text);
    };
    const first = statementOf(sql`select ${1} where id = ${'a'}`, nameOf);
    const again = statementOf(sql`select ${2} where id = ${'b'}`, nameOf);
    expect(first).toMatchObject({ name: 'spec-shape-1', text: 'select $1 where id = $2' });
    expect(first.params({})).toEqual([1, 'a']);
    expect(again).toMatchObject({ name: 'spec-shape-1', text: first.text });
    expect(again.params({})).toEqual([2, 'b']);
    expect(statementOf(sql`select ${3}`, nameOf).name).toBe('spec-shape-2');
  });

  it('leaves a statement unnamed when its text gets no name, and never counts as a defined name', () => {
    expect(statementOf(sql`select ${1}`, () => undefined).name).toBeUndefined();
    statementOf(sql`select 1`, () => 'spec-run-time');
    statementOf(sql`select 1`, () => 'spec-run-time');
    expect(() => defineStatement<object>('spec-run-time', () => sql`select 1`)).not.toThrow();
  });
});
