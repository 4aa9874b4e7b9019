// node --test eslint/: the type-errors rule on two small projects (eslint/fixtures/type-errors/), through
// typescript-eslint's project service as the repository's lint runs it.
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { typeErrors } from './type-errors.js';

RuleTester.describe = describe;
RuleTester.it = it;

const fixtures = join(import.meta.dirname, 'fixtures', 'type-errors');
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: fixtures } },
});
const clean = join(fixtures, 'clean', 'file.ts');
const imports = join(fixtures, 'imports', 'file.ts');

tester.run('haat/type-errors', typeErrors, {
  valid: [
    { filename: clean, code: 'export const n: number = 1;' },
    { filename: clean, code: "// @ts-expect-error: a string is not a number\nexport const n: number = 'one';" },
  ],
  invalid: [
    // The linted file's own errors, where they are.
    {
      filename: clean,
      code: "export const n: number = 'one';",
      errors: [{ messageId: 'own', line: 1, column: 14, data: { text: "TS2322: Type 'string' is not assignable to type 'number'." } }],
    },
    { filename: clean, code: 'export const n = missing;', errors: [{ messageId: 'own', line: 1, column: 18 }] },
    // An unused @ts-expect-error is an error, as tsc says.
    { filename: clean, code: '// @ts-expect-error\nexport const n = 1;', errors: [{ messageId: 'own', line: 1 }] },
    // An error in a file the project imports from outside its `include`, on the project's first file.
    {
      filename: imports,
      code: "import { count } from '../outside.js';\nexport const twice = count * 2;",
      errors: [
        {
          messageId: 'other',
          line: 1,
          data: {
            where: 'eslint/fixtures/type-errors/outside.ts:3:14',
            project: 'eslint/fixtures/type-errors/imports/tsconfig.json',
            text: "TS2322: Type 'string' is not assignable to type 'number'.",
          },
        },
      ],
    },
  ],
});
