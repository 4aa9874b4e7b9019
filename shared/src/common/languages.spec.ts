import { describe, expect, it } from 'vitest';
import { LANGUAGES, isLanguage, pickLanguage } from './languages.js';

describe('pickLanguage', () => {
  it('is English (India) without a header or for a language the shop does not speak', () => {
    expect(pickLanguage(undefined)).toBe('en-IN');
    expect(pickLanguage('')).toBe('en-IN');
    expect(pickLanguage('fr-FR, de;q=0.9')).toBe('en-IN');
    expect(pickLanguage('garbage;;;,,')).toBe('en-IN');
  });

  it('reads Hindi in any region and English in any region', () => {
    expect(pickLanguage('hi-IN')).toBe('hi-IN');
    expect(pickLanguage('hi')).toBe('hi-IN');
    expect(pickLanguage('HI-in')).toBe('hi-IN');
    expect(pickLanguage('en-GB')).toBe('en-IN');
    expect(pickLanguage('hindi')).toBe('en-IN');
  });

  it('respects q-values, and the first of equal weights', () => {
    expect(pickLanguage('en-IN;q=0.5, hi-IN;q=0.9')).toBe('hi-IN');
    expect(pickLanguage('hi-IN;q=0.4, en;q=0.8')).toBe('en-IN');
    expect(pickLanguage('fr, hi;q=0.2')).toBe('hi-IN');
    expect(pickLanguage('hi, en')).toBe('hi-IN');
    expect(pickLanguage('en, hi')).toBe('en-IN');
    expect(pickLanguage('*;q=0.5, hi;q=0.6')).toBe('hi-IN');
  });

  it('never picks a language refused with q=0 or an unreadable weight', () => {
    expect(pickLanguage('hi;q=0, en;q=0.1')).toBe('en-IN');
    expect(pickLanguage('hi;q=0')).toBe('en-IN');
    expect(pickLanguage('hi;q=2')).toBe('en-IN');
    expect(pickLanguage('hi;q=abc')).toBe('en-IN');
  });

  it('knows exactly its languages', () => {
    expect(LANGUAGES).toEqual(['en-IN', 'hi-IN']);
    expect(isLanguage('hi-IN')).toBe(true);
    expect(isLanguage('hi')).toBe(false);
  });
});
