import { describe, expect, it } from 'vitest';
import { mobileProblem, spacedMobile } from './mobile-words.js';

describe('a mobile number as Indians write it', () => {
  it('spaces the country code and five and five digits, however it was stored or typed', () => {
    expect(spacedMobile('+917782448886')).toBe('+91 77824 48886');
    expect(spacedMobile('7782448886')).toBe('+91 77824 48886');
    expect(spacedMobile('+91 77824-48886')).toBe('+91 77824 48886');
  });

  it('leaves what is not an Indian mobile number as it was', () => {
    expect(spacedMobile('1800 123 4567')).toBe('1800 123 4567');
    expect(spacedMobile('')).toBe('');
  });
});

describe('why a typed number is not an Indian mobile number', () => {
  it('names the rule it breaks: the first digit, the count, or a letter', () => {
    expect(mobileProblem('5782448886')).toEqual({ kind: 'series', count: 10 });
    expect(mobileProblem('0123456789')).toEqual({ kind: 'series', count: 10 });
    expect(mobileProblem('778244888')).toEqual({ kind: 'short', count: 9 });
    expect(mobileProblem('+91 77824 4888')).toEqual({ kind: 'short', count: 9 });
    expect(mobileProblem('077824 4888')).toEqual({ kind: 'short', count: 9 });
    expect(mobileProblem('77824488861')).toEqual({ kind: 'long', count: 11 });
    expect(mobileProblem('77824 4888a')).toMatchObject({ kind: 'digits' });
  });

  it('finds nothing wrong with a number typed any way Indians write one', () => {
    for (const typed of ['7782448886', '+91 77824 48886', '077824-48886', '917782448886']) expect(mobileProblem(typed)).toBeNull();
  });
});
