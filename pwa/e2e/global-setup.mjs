// Seeds the demo once (~30 s), with a server that is then stopped; every worker's server, and every
// server a journey starts with the seed's defaults, starts on a copy of that data (lib/server.mjs).
// Answers the teardown that removes it.
import { removeData, startServer } from './lib/server.mjs';

export default async function globalSetup() {
  const seeder = await startServer();
  await seeder.stop({ keepData: true });
  process.env.HAAT_E2E_SEEDED = seeder.dataDir;
  return () => removeData(seeder.dataDir);
}
