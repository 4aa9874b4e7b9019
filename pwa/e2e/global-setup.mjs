// The demo every worker's server, and every server a journey starts with the seed's defaults, starts on a copy
// of (lib/server.mjs): seeded by a server that is then stopped, once per machine, build and day (≈ 20 CPU-s), and
// kept for the next runs like the API tests' templates. Answers the teardown that removes a seed not kept.
import { logCpu, treeCpuSeconds } from './lib/cpu-probe.mjs';
import { removeData, seededDemo } from './lib/server.mjs';

export default async function globalSetup() {
  const cpu = treeCpuSeconds();
  const seeded = await seededDemo();
  logCpu(`the seeded demo (${seeded.fresh ? 'seeded now' : 'kept from an earlier run'})`, treeCpuSeconds() - cpu);
  process.env.HAAT_E2E_SEEDED = seeded.dataDir;
  return seeded.kept ? undefined : () => removeData(seeded.dataDir);
}
