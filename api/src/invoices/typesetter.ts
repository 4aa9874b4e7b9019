import { fontName, fontOf, type Face, type Weight } from './script-fonts.js';
import { setLines, type Run } from './text-lines.js';

export interface TextOptions {
  /** Where the text starts; where the last text ended by default. */
  x?: number;
  y?: number;
  width?: number;
  align?: 'left' | 'right' | 'center';
  /** The first line's baseline at least this far below its top: a table row's cells share one baseline (baselineOf). */
  baseline?: number;
}

/** Letters a shaper may reorder or join (beyond Latin, its accents and punctuation). */
const SHAPED = /[^\u0020-\u024F\u2000-\u206F\u20A0-\u20CF\s]/u;

/**
 * Lays a run out in one piece (pdfkit lays out word by word without features), right to left when it is of a
 * right-to-left script, without the font's own mirroring of brackets: setLines has mirrored them already.
 * (fontkit takes features as a map; pdfkit passes them through.)
 */
const WHOLE = { features: { rtlm: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[] };

/**
 * pdfkit's text(), in every script a shopper types (docs/decisions/0200-tax-invoices.md): each run of text
 * in the face of its script (setLines), so a Tamil name and a Kannada address print as typed. A face is
 * registered with the document, and so embedded (as a subset of the glyphs used), only when some text
 * prints in it: an English invoice carries Noto Sans Devanagari alone. Shaped runs (a vowel sign drawn
 * before its consonant, a conjunct drawn as one glyph, Urdu drawn right to left) also carry their
 * characters as typed (a marked span's ActualText), so copying and `pdftotext` read "প্রিয়া", not the
 * glyphs in drawing order.
 */
export class Typesetter {
  private weight: Weight = 'regular';
  private size = 12;
  private readonly registered = new Set<string>();
  /** Lines already set, by weight, size, width and text: a table cell is measured, then written. */
  private readonly set = new Map<string, Run[][]>();

  constructor(private readonly pdf: PDFKit.PDFDocument) {}

  /** The weight and size of the text that follows. */
  style(weight: Weight, size?: number): this {
    this.weight = weight;
    if (size !== undefined) this.size = size;
    this.use('base');
    return this;
  }

  /** Writes `text` at (x, y), or where the last text ended, wrapped to `width` (to the right margin by default). */
  text(text: string, options: TextOptions = {}): this {
    const { pdf } = this;
    if (options.x !== undefined) pdf.x = options.x;
    if (options.y !== undefined) pdf.y = options.y;
    const left = pdf.x;
    const width = options.width ?? pdf.page.width - left - pdf.page.margins.right;
    for (const [i, line] of this.lines(text, width).entries()) {
      const { ascent, height } = this.metrics(line, i === 0 ? options.baseline : 0);
      if (pdf.y + height > pdf.page.height - pdf.page.margins.bottom) {
        pdf.addPage();
        pdf.y = pdf.page.margins.top;
      }
      const widths = line.map((run) => this.widthOf(run.face, run.draw, run.whole));
      const room = width - widths.reduce((a, b) => a + b, 0);
      let at = left + (options.align === 'right' ? room : options.align === 'center' ? room / 2 : 0);
      const top = pdf.y;
      line.forEach((run, i) => {
        this.draw(run, at, top + ascent);
        at += widths[i]!;
      });
      pdf.y = top + height;
    }
    pdf.x = left;
    this.use('base');
    return this;
  }

  /** How far text() would move down writing `text` in `width`. */
  heightOf(text: string, width: number, baseline = 0): number {
    return this.lines(text, width).reduce((sum, line, i) => sum + this.metrics(line, i === 0 ? baseline : 0).height, 0);
  }

  /** How far below its top text() would put the first baseline of `text` in `width`. */
  baselineOf(text: string, width: number): number {
    return this.metrics(this.lines(text, width)[0] ?? []).ascent;
  }

  private lines(text: string, width: number): Run[][] {
    const key = `${this.weight} ${this.size} ${width} ${text}`;
    let lines = this.set.get(key);
    if (!lines) {
      lines = text.split('\n').flatMap((paragraph) => setLines(paragraph, width, (face, run, whole) => this.widthOf(face, run, whole)));
      this.set.set(key, lines);
    }
    return lines;
  }

  /**
   * A line's baseline below its top and its height: those of its tallest face (an empty line: the base's),
   * the baseline lowered to `baseline` if that is further down.
   */
  private metrics(line: readonly Run[], baseline = 0): { ascent: number; height: number } {
    const faces = new Set<Face>(line.length ? line.map((run) => run.face) : ['base']);
    let ascent = 0;
    let height = 0;
    for (const face of faces) {
      const font = fontOf(face, this.weight);
      const scale = this.size / font.unitsPerEm;
      ascent = Math.max(ascent, font.ascent * scale);
      height = Math.max(height, (font.ascent + font.lineGap - font.descent) * scale);
    }
    return { ascent: Math.max(ascent, baseline), height: height + Math.max(0, baseline - ascent) };
  }

  private widthOf(face: Face, text: string, whole: boolean): number {
    return this.use(face).widthOfString(text, whole ? WHOLE : {});
  }

  private draw(run: Run, x: number, baseline: number): void {
    const { pdf } = this;
    const shaped = SHAPED.test(run.typed) || run.draw !== run.typed;
    if (shaped) pdf.markContent('Span', { actual: run.actual });
    this.use(run.face).text(run.draw, x, baseline, { lineBreak: false, baseline: 'alphabetic', ...(run.whole ? WHOLE : {}) });
    if (shaped) pdf.endMarkedContent();
  }

  /** Selects a face in the current weight and size, registering it with the document the first time. */
  private use(face: Face): PDFKit.PDFDocument {
    const name = fontName(face, this.weight);
    if (!this.registered.has(name)) {
      // pdfkit takes a parsed fontkit font as a source as well as a file (its PDFFontFactory.open).
      this.pdf.registerFont(name, fontOf(face, this.weight) as unknown as PDFKit.Mixins.PDFFontSource);
      this.registered.add(name);
    }
    return this.pdf.font(name).fontSize(this.size);
  }
}
