import type { Font } from 'fontkit';

type ApplyAnchor = (markRecord: { markAnchor: unknown } | null, baseAnchor: unknown, baseGlyphIndex: number) => void;
interface Processor {
  applyAnchor: ApplyAnchor;
  skipsNullAnchors?: true;
}

/**
 * OpenType lets a mark-positioning lookup give a NULL anchor ("no attachment for this class here"), and Noto
 * Sans Telugu, Gurmukhi and Malayalam do; fontkit 2.0.4 reads the anchor's coordinates regardless and throws,
 * so a name with a vowel sign could not be laid out at all. This skips such an attachment, as HarfBuzz does
 * (docs/decisions/0200-tax-invoices.md). It wraps the method once on fontkit's GPOS processor class, found
 * through a font's layout engine (fontkit exports neither).
 */
export function skipNullAnchors(font: Font): void {
  const engine = (font as unknown as { _layoutEngine?: { engine?: { GPOSProcessor?: object } } })._layoutEngine?.engine;
  const processor = engine?.GPOSProcessor && (Object.getPrototypeOf(engine.GPOSProcessor) as Processor);
  if (!processor || processor.skipsNullAnchors || typeof processor.applyAnchor !== 'function') return;
  const apply = processor.applyAnchor;
  processor.applyAnchor = function (this: Processor, markRecord, baseAnchor, baseGlyphIndex) {
    if (!baseAnchor || !markRecord?.markAnchor) return;
    apply.call(this, markRecord, baseAnchor, baseGlyphIndex);
  };
  processor.skipsNullAnchors = true;
}
