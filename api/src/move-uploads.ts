import { ConfigError, loadConfig } from './config/config.js';
import { openDatabase } from './db/database.js';
import { fileStorageFor, isShared, moveUploads } from './files/index.js';

/**
 * `npm run uploads:move -w @haat/api`, run with the environment the shop will start with: copies
 * $DATA_DIR/uploads into the storage FILE_STORAGE names (postgres or s3) before the instances are
 * restarted with it (README, "Deploying past one machine").
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const storage = fileStorageFor(config, handle.db);
    if (!isShared(storage))
      throw new ConfigError('Set FILE_STORAGE=postgres or FILE_STORAGE=s3 (and its S3_* settings): the pictures are moved into that storage.');
    const { copied, kept } = await moveUploads(storage, config.uploadsDir);
    const into = config.fileStorage === 's3' ? `the bucket ${config.s3.bucket}` : 'the database';
    console.log(`${copied} picture files copied from ${config.uploadsDir} into ${into} (${kept} were there already).`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
