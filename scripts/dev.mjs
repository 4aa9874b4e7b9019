// `npm run dev`: the API with watch (TypeScript recompiled on change, node restarted on new output) and
// Vite's dev server for the PWA with /api, /uploads and /socket.io proxied to the API (one origin, as in
// production). Ctrl-C stops everything. Open http://localhost:5173.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiPort = process.env.PORT ?? '3000';
const children = [];

function run(name, command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options, env: { ...process.env, ...options.env } });
  const prefix = (chunk) => String(chunk).replace(/^(?=.)/gm, `[${name}] `);
  child.stdout.on('data', (d) => process.stdout.write(prefix(d)));
  child.stderr.on('data', (d) => process.stderr.write(prefix(d)));
  child.on('exit', (code) => {
    if (!stopping) console.log(`[${name}] exited with ${code}`);
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop() {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 500).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
// The first API compile must finish before node can start it; later ones happen in the watcher.
if (!existsSync(new URL('../api/dist/main.js', import.meta.url))) {
  await new Promise(
    /** @param {(value?: unknown) => void} resolve @param {(e: Error) => void} reject */ (resolve, reject) =>
      run('api:build', process.execPath, [tsc, '-p', 'api/tsconfig.build.json']).on('exit', (c) =>
        c === 0 ? resolve() : reject(new Error('API build failed')),
      ),
  );
}
run('api:tsc', process.execPath, [tsc, '-p', 'api/tsconfig.build.json', '--watch', '--preserveWatchOutput']);
run('api', process.execPath, ['--watch-path=api/dist', 'api/dist/main.js'], { env: { PORT: apiPort } });
run('pwa', process.execPath, [fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url))], {
  cwd: fileURLToPath(new URL('../pwa', import.meta.url)),
  env: { HAAT_API: `http://localhost:${apiPort}` },
});
