// vite.config.ts resolves the bare 'zod' import to this file in the PWA build (the API keeps zod's JIT).
// The shop's Content-Security-Policy has no 'unsafe-eval' (docs/decisions/0039-security-headers.md): zod
// compiles object parsers with `new Function` and, although it catches the refusal, the browser reports
// the attempt as a CSP violation. Jitless parsing is zod's documented switch for such pages, and it must
// be on before any schema is built; every module that imports 'zod' evaluates this file first, and zod
// stays in the lazily loaded chunks that use it.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
