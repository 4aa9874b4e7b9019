import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Runs axe-core (WCAG 2.1 A/AA, best practice, and "label in name", WCAG 2.5.3, which axe leaves off by default)
 * on the page as it is, leaving out what matches `exclude`; answers axe's violations (passes are not collected).
 * @param {import('@playwright/test').Page} page
 * @param {{ exclude?: string }} [options]
 * @returns {Promise<Array<{ id: string, impact: string | null, help: string, nodes: Array<{ target: string[] }> }>>}
 */
export async function axeViolations(page, { exclude } = {}) {
  // Evaluated through DevTools, not added as an inline <script>: the page's CSP (rightly) refuses those.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    ([tags, excluded]) =>
      /** @type {any} */ (window).axe
        .run(excluded ? { exclude: [excluded] } : document, {
          runOnly: { type: 'tag', values: tags },
          rules: { 'label-content-name-mismatch': { enabled: true } },
          resultTypes: ['violations'],
        })
        .then((/** @type {any} */ r) => r.violations),
    /** @type {const} */ ([TAGS, exclude ?? null]),
  );
}

/** The serious and critical violations of axeViolations, one line each, with the first few nodes. */
export async function seriousViolations(page, options = {}) {
  return seriousOf(await axeViolations(page, options));
}

/**
 * The serious and critical ones of `violations` (an answer of axeViolations), one line each.
 * @param {Awaited<ReturnType<typeof axeViolations>>} violations
 */
export function seriousOf(violations) {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}
