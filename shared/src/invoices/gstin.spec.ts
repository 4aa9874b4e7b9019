import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, gstinProblem } from './gstin.js';

describe('GSTIN', () => {
  it('accepts a GSTIN whose check character is right', () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('29AAHCH4527K1Z7')).toBeNull();
  });

  it('computes the check character by the mod-36 rule', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });

  it('refuses a mistyped character and a wrong shape', () => {
    expect(gstinProblem('27AAPFU0939F1ZW')).toMatch(/check character/);
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15 characters/);
    expect(gstinProblem('27aapfu0939f1zv')).toMatch(/15 characters/);
  });
});
