// The TypeScript → JavaScript step of the API's and shared's builds, and of the API's jest runs: SWC, file by
// file, with TypeScript's type checking left to `tsc --noEmit` (`npm run typecheck`, CI's lint:types). tsc
// took ~35 s of one core to compile the API; SWC takes about a second (docs/decisions/0265-a-first-start-in-seconds.md).
// scripts/build.mjs calls `transpile`; api/jest.config.js uses `swcOptions`.
import { transformFile } from '@swc/core';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * What tsc did with tsconfig.json's options: NestJS's legacy decorators with their design-time metadata
 * (emitDecoratorMetadata: the injector reads constructor parameter types from it), ES modules whose import
 * paths stay as written (`./x.js`, as NodeNext wants), class fields with define semantics (tsc's default
 * from ES2022 on) and class names kept (Nest names providers and loggers by them).
 * @type {import('@swc/core').Options}
 */
export const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'es6' },
};

const isSource = (/** @type {string} */ file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !/\.(e2e-)?spec\.ts$/.test(file);

/**
 * Transpiles every source file under `src` but tests (*.spec.ts, *.e2e-spec.ts) into `out`, each with its source
 * map; `out` is emptied first, so the same sources always give the same folder.
 */
export async function transpile(/** @type {string} */ src, /** @type {string} */ out) {
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(isSource).sort();
  rmSync(out, { recursive: true, force: true });
  await Promise.all(
    files.map(async (file) => {
      const target = join(out, file.replace(/\.ts$/, '.js'));
      const name = target.slice(dirname(target).length + 1);
      // A map names its source relative to itself, as tsc's did: the output is the same wherever the clone is.
      const { code, map } = await transformFile(join(src, file), {
        ...swcOptions,
        swcrc: false,
        configFile: false,
        sourceMaps: true,
        inlineSourcesContent: false,
        sourceFileName: relative(dirname(target), join(src, file)),
        outputPath: target,
      });
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, `${code}\n//# sourceMappingURL=${name}.map\n`);
      if (map) writeFileSync(`${target}.map`, map);
    }),
  );
  return files.length;
}
