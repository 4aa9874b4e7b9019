// `haat/type-errors`: TypeScript's own errors, what `tsc -p <project> --noEmit` prints, from the program
// typescript-eslint has already built for the type-aware rules. CI turns it on for its lint stage
// (`npm run lint:types`) instead of building and checking the api, pwa and shared programs a second time
// in a separate `tsc` (docs/testing.md); `npm run lint` and
// editors leave it off (`npm run typecheck` and the editor's TypeScript report the same errors there).
//   - A linted file's own errors are reported at their place in it.
//   - The first file linted with a project's program also carries the project-wide errors: its options'
//     and global errors, and the errors of the program's files that are not the project's own (what it
//     imports from outside its `include`, such as shared/src in api's program, and JSON it imports):
//     ESLint lints those under another project, or not at all, and `tsc -p` checks them with this
//     project's options. Those messages name their file, line and column.
// Files without a workspace's tsconfig project (the JavaScript files, which ESLint reads without type
// information, and the config files outside every workspace's `include`) are left to the typecheck stage's `tsc`.
import { relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..');
const ROOT_CONFIG = resolve(ROOT, 'tsconfig.json');

/** The projects whose program-wide errors were reported in this ESLint process (config file paths). */
const projectsReported = new Set();

/** A diagnostic's text, its chain flattened as tsc prints it. */
const textOf = (/** @type {ts.Diagnostic} */ d) => `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;

/** "path:line:column" of a diagnostic in another file (relative to the repository), or the config's name. */
function whereOf(/** @type {ts.Diagnostic} */ d, /** @type {string} */ config) {
  if (!d.file || d.start === undefined) return relative(ROOT, config);
  const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
  return `${relative(ROOT, d.file.fileName)}:${line + 1}:${character + 1}`;
}

/** @type {import('eslint').Rule.RuleModule} */
export const typeErrors = {
  meta: {
    type: 'problem',
    docs: { description: "TypeScript's errors for the files linted with a tsconfig project's program." },
    schema: [],
    messages: { own: '{{text}}', other: '{{where}} (in {{project}}): {{text}}' },
  },
  create(context) {
    const program = context.sourceCode.parserServices?.program;
    if (!program) return {};
    const config = program.getCompilerOptions().configFilePath;
    // The repository's tsconfig.json (compiler options only, no `include`: every TypeScript file under it) is where
    // the project service puts a file outside every workspace's project (pwa/playwright.config.ts, …); `tsc`
    // checks those with tsconfig.tools.json.
    if (typeof config !== 'string' || resolve(config) === ROOT_CONFIG) return {};
    const sourceFile = program.getSourceFile(context.physicalFilename);
    if (!sourceFile) return {};
    return {
      'Program:exit'() {
        for (const d of [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)]) {
          const start = sourceFile.getLineAndCharacterOfPosition(d.start ?? 0);
          const end = sourceFile.getLineAndCharacterOfPosition((d.start ?? 0) + (d.length ?? 0));
          context.report({
            loc: { start: { line: start.line + 1, column: start.character }, end: { line: end.line + 1, column: end.character } },
            messageId: 'own',
            data: { text: textOf(d) },
          });
        }
        if (projectsReported.has(config)) return;
        projectsReported.add(config);
        const own = new Set(program.getRootFileNames());
        const diagnostics = [...program.getConfigFileParsingDiagnostics(), ...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
        for (const file of program.getSourceFiles()) {
          if (own.has(file.fileName)) continue;
          diagnostics.push(...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file));
        }
        for (const d of diagnostics) {
          context.report({
            loc: { line: 1, column: 0 },
            messageId: 'other',
            data: { where: whereOf(d, config), project: relative(ROOT, config), text: textOf(d) },
          });
        }
      },
    };
  },
};
