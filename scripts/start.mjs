// npm start (`node scripts/start.mjs api/dist/main.js`) and npm run cluster (`… scripts/cluster.mjs`): builds
// what changed since the last build (scripts/build.mjs --if-changed), then becomes SCRIPT: it is imported into
// this process, so the server that answers is the process npm started, and a SIGTERM or SIGINT npm passes on
// reaches the server's own handlers (the API's shutdown hooks, the cluster's stop).
//
// npm passes a signal to the shell that runs a script, and Debian's sh neither execs a script's last command
// nor passes the signal on: it dies and leaves the server running. So the scripts say `exec node …`, and this
// one process is all there is between npm and the server (docs/decisions/0265-a-first-start-in-seconds.md).
// A signal during the build stops the build (its own process group) and ends here with it.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const script = process.argv[2];
if (!script) {
  console.error('usage: node scripts/start.mjs SCRIPT (api/dist/main.js or scripts/cluster.mjs)');
  process.exit(2);
}

const build = spawn(process.execPath, [new URL('build.mjs', import.meta.url).pathname, '--if-changed'], { stdio: 'inherit', detached: true });
/** @param {NodeJS.Signals} signal */
const stopBuild = (signal) => {
  if (build.pid) process.kill(-build.pid, signal);
};
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, stopBuild);
const ended = await new Promise((done) => build.on('exit', (code, signal) => done({ code, signal })));
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.off(signal, stopBuild);
if (ended.signal) process.kill(process.pid, ended.signal);
else if (ended.code !== 0) process.exit(ended.code ?? 1);
else {
  // SCRIPT reads its own path as process.argv[1] (none does today, but `node SCRIPT` would give it that).
  process.argv.splice(1, 2, resolve(script));
  await import(pathToFileURL(resolve(script)).href);
}
