import { ConfigError, loadConfig } from './config/config.js';
import { openDatabase } from './db/database.js';
import { moveUploads } from './files/index.js';

/**
 * `npm run uploads:move -w @haat/api`: copies $DATA_DIR/uploads into the database named by the same
 * environment the shop starts with, before switching it to FILE_STORAGE=postgres (README, "Deploying past one machine").
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const { copied, kept } = await moveUploads(handle.db, config.uploadsDir);
    console.log(`${copied} picture files copied from ${config.uploadsDir} into the database (${kept} were there already).`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
