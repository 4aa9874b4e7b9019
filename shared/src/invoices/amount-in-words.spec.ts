import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-in-words.js';

describe('amountInWords', () => {
  it('writes rupees in the Indian system and paise apart', () => {
    expect(amountInWords(1180)).toBe('Rupees One Thousand One Hundred Eighty Only');
    expect(amountInWords(123456.5)).toBe('Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six and Fifty Paise Only');
    expect(amountInWords(10_000_000)).toBe('Rupees One Crore Only');
    expect(amountInWords(0.07)).toBe('Rupees Zero and Seven Paise Only');
  });
});
