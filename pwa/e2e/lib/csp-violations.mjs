// Every journey runs under the server's real Content-Security-Policy and fails on any violation of it.
// Three witnesses, because no single one sees everything:
// - pages and their frames: a `securitypolicyviolation` listener installed before any page script runs,
//   reporting through a binding (so a violation just before a navigation is still counted);
// - service workers: the same listener added to each worker as soon as Playwright sees it; it logs a
//   marked line, which reaches the context's console;
// - Chromium's own console error for a blocked action ("… violates the following Content Security
//   Policy directive …", formerly "Refused to …"), which also names what was blocked.

const BINDING = '__haatCspViolation';
const MARK = 'haat-csp-violation ';
const CSP_CONSOLE = /Content Security Policy|Refused to (load|execute|apply|connect|frame|create|evaluate|run|send)/i;

/** Starts recording violations in `context` into `violations` (an array of { kind, ... }). */
export async function watchCspViolations(context, violations) {
  await context.exposeBinding(BINDING, (_source, detail) => violations.push({ kind: 'event', ...detail }));
  // (These functions run in the browser, under the very policy being watched: no eval, nothing shared.)
  await context.addInitScript((binding) => {
    addEventListener('securitypolicyviolation', (e) =>
      globalThis[binding]?.({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        source: e.sourceFile,
        line: e.lineNumber,
        sample: e.sample,
        document: e.documentURI,
      }),
    );
  }, BINDING);
  const watchWorker = (worker) =>
    worker
      .evaluate((mark) => {
        self.addEventListener('securitypolicyviolation', (e) =>
          console.error(
            mark + JSON.stringify({ directive: e.violatedDirective, blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber, sample: e.sample }),
          ),
        );
      }, MARK)
      .catch(() => {}); // the worker may already be gone
  context.on('serviceworker', watchWorker);
  for (const worker of context.serviceWorkers()) await watchWorker(worker);
  context.on('console', (message) => {
    const text = message.text();
    if (text.startsWith(MARK)) violations.push({ kind: 'service-worker event', ...JSON.parse(text.slice(MARK.length)) });
    else if (message.type() === 'error' && CSP_CONSOLE.test(text)) violations.push({ kind: 'console', text, url: message.location().url });
  });
}

/** Throws, listing them, when any violation was recorded. */
export function assertNoCspViolations(violations) {
  if (violations.length === 0) return;
  const lines = violations.map((v) => `  - ${JSON.stringify(v)}`);
  throw new Error(`${violations.length} Content-Security-Policy violation record(s):\n${lines.join('\n')}`);
}
