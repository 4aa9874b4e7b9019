// node --test eslint/: the feature-cycle rule on a made-up PWA (eslint/fixtures/feature-cycles) whose features a, b
// and c use each other in a line: a → b (a/x.ts) → c (b/y.ts); c's test imports a, which a test may.
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { featureCycles } from './feature-cycles.js';

RuleTester.describe = describe;
RuleTester.it = it;

const root = join(import.meta.dirname, 'fixtures', 'feature-cycles');
const at = (path) => join(root, 'pwa/src/features', path);
const options = [{ root }];
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' } });

tester.run('haat/feature-cycles', featureCycles, {
  valid: [
    // down the line, and past a step
    { filename: at('a/more.ts'), code: "import { y } from '../b/public';", options },
    { filename: at('a/more.ts'), code: "import { z } from '../c/public';", options },
    { filename: at('b/more.ts'), code: "export { z } from '../c/public';", options },
    // inside a feature, and lib/
    { filename: at('c/more.ts'), code: "import { z } from './public'; import { thing } from '../../lib/thing';", options },
    // tests are not part of the graph
    { filename: at('c/__tests__/more.test.ts'), code: "import { x } from '../../a/public';", options },
    // the linted file's imports are the ones in its code, not on disk: b/y.ts without its import of c, c may use b
    { filename: at('b/y.ts'), code: 'export const y = 1;', options },
  ],
  invalid: [
    {
      filename: at('c/more.ts'),
      code: "import { x } from '../a/public';",
      options,
      errors: [
        { message: /^Feature cycle: c imports a, and a uses c back \(.*a\/x\.ts imports b; .*b\/y\.ts imports c\)\. Move what both need down to lib\// },
      ],
    },
    {
      filename: at('b/more.ts'),
      code: "import { x } from '../a/public';",
      options,
      errors: [{ message: /b imports a, and a uses b back \(.*a\/x\.ts imports b\)/ }],
    },
    // a lazy import, a type, a re-export and a bare import are uses too
    { filename: at('c/more.ts'), code: "export const load = () => import('../a/public');", options, errors: 1 },
    { filename: at('c/more.ts'), code: "import type { x } from '../a/x';", options, errors: 1 },
    { filename: at('c/more.ts'), code: "export * from '../b/public';", options, errors: 1 },
    { filename: at('c/more.tsx'), code: "import '../a/x';", options, errors: 1 },
    // the linted file as written: b/y.ts importing a now closes a cycle its version on disk does not
    { filename: at('b/y.ts'), code: "import { x } from '../a/public'; export const y = x;", options, errors: 1 },
  ],
});
