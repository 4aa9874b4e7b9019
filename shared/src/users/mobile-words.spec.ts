import { describe, expect, it } from 'vitest';
import { spacedMobile } from './mobile-words.js';

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
