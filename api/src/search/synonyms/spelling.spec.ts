import { latin, spellingKey } from './spelling.js';

describe('spelling keys', () => {
  it('writes Devanagari as Hindi speakers type it', () => {
    expect(['किताब', 'कुर्ता', 'नमकीन', 'घड़ी', 'बिस्कुट', 'दाल', 'जलपात्र', 'जीन्स'].map(latin)).toEqual([
      'kitaab',
      'kurtaa',
      'namkiin',
      'gharii',
      'biskut',
      'daal',
      'jalpaatra',
      'jiins',
    ]);
  });

  it('gives two spellings of one word one key', () => {
    const same = [
      ['ghadi', 'ghari', 'घड़ी'],
      ['kitab', 'kitaab', 'किताब'],
      ['namkeen', 'namkin', 'नमकीन'],
      ['saree', 'sari', 'साड़ी'],
      ['kaju', 'kaaju', 'काजू'],
      ['khilone', 'खिलौने'],
    ];
    for (const words of same) expect({ words, keys: new Set(words.map(spellingKey)).size }).toEqual({ words, keys: 1 });
    expect(spellingKey('kurta')).not.toBe(spellingKey('kurti'));
  });

  it('answers the same key when asked again, and after forgetting the keys it kept', () => {
    const first = spellingKey('घड़ी');
    expect(spellingKey('घड़ी')).toBe(first);
    for (let i = 0; i < 12_000; i++) spellingKey(`word${i}`);
    expect(spellingKey('घड़ी')).toBe(first);
    expect(spellingKey('ghadi')).toBe(first);
    expect(spellingKey('word11999')).toBe('vod19');
  });
});
