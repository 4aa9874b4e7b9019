import { setLines, type Run } from './text-lines.js';

/** Widths as if every character were 5 points wide: the lines' shape, not a font's. */
const fiveEach = (_face: string, text: string) => Array.from(text).length * 5;
const shown = (lines: Run[][]) => lines.map((line) => line.map(({ face, draw, whole }) => [face, draw, whole]));

describe('setLines', () => {
  it("prints each script's letters in its own face, and shared characters with the letters around them", () => {
    const faces = (text: string) => setLines(text, 1000, fiveEach).flatMap((line) => line.map((run) => [run.face, run.typed]));
    expect(faces('Priya प्रिया கார்த்திக் ಶ್ರೀನಿವಾಸ')).toEqual([
      ['base', 'Priya प्रिया '],
      ['tamil', 'கார்த்திக்'],
      ['base', ' '], // between two faces: the base's space
      ['kannada', 'ಶ್ರೀನಿವಾಸ'],
    ]);
    // Digits, the danda and punctuation between letters of one script stay in its face.
    for (const [face, typed] of [
      ['bengali', 'সৌমিত্র। চক্রবর্তী'],
      ['telugu', 'శ్రీకాంత్ 500034, రెడ్డి'],
      ['gujarati', 'કૃષ્ણ પટેલ'],
      ['gurmukhi', 'ਹਰਪ੍ਰੀਤ ਸਿੰਘ'],
      ['malayalam', 'എം.ജി. റോഡ്'],
      ['odia', 'ସ୍ମୃତି ପ୍ରଧାନ ₹10'],
    ])
      expect(faces(typed!)).toEqual([[face, typed]]);
    expect(faces('ସ୍ମୃତି Das ₹10')).toEqual([
      ['odia', 'ସ୍ମୃତି'],
      ['base', ' Das ₹10'],
    ]);
    // Santali and Manipuri in their own scripts; Sindhi's ڪ, which Nastaliq lacks, in Naskh.
    expect(faces('ᱥᱟᱱᱛᱟᱲᱤ ꯃꯤꯇꯩ')).toEqual([
      ['olChiki', 'ᱥᱟᱱᱛᱟᱲᱤ'],
      ['base', ' '],
      ['meeteiMayek', 'ꯃꯤꯇꯩ'],
    ]);
    expect(faces('ڪراچي')).toEqual([['naskh', 'ڪراچي']]);
  });

  it('lays Urdu out right to left, its numbers left to right, on a left-to-right page (UAX #9)', () => {
    // One run of Urdu is laid out whole: fontkit draws it right to left from the text as typed.
    expect(shown(setLines('فاطمہ خان', 1000, fiveEach))).toEqual([[['nastaliq', 'فاطمہ خان', true]]]);
    // "House 12, Lane 3": the words read right to left, so the first typed is drawn rightmost, and each number reads left to right.
    expect(shown(setLines('مکان 12، گلی 3', 1000, fiveEach))).toEqual([
      [
        ['nastaliq', '3', false],
        ['nastaliq', '، گلی ', true],
        ['nastaliq', '12', false],
        ['nastaliq', 'مکان ', true],
      ],
    ]);
    // Brackets inside Urdu are mirrored (the closing one, before English, in the base face), English around it stays in order.
    expect(shown(setLines('Order for کشمیر (سری نگر) today', 1000, fiveEach))).toEqual([
      [
        ['base', 'Order for ', false],
        ['base', '(', false],
        ['nastaliq', 'کشمیر )سری نگر', true],
        ['base', ' today', false],
      ],
    ]);
  });

  it('breaks lines between words, each line ordered on its own, and a word longer than the line inside it', () => {
    const lines = setLines('Order for فاطمہ خان (Hyderabad)', 80, fiveEach);
    expect(lines.map((line) => line.map((run) => run.typed).join('|'))).toEqual(['Order for |فاطمہ', 'خان| (Hyderabad)']);
    expect(setLines('ಕೃಷ್ಣಮೂರ್ತಿ', 20, fiveEach).map((line) => line.map((run) => run.typed).join(''))).toEqual(['ಕೃಷ್', 'ಣಮೂ', 'ರ್ತಿ']);
    expect(setLines('', 80, fiveEach)).toEqual([[]]);
  });
});
