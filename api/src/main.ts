import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from './config/config.js';
import { createApp } from './app.factory.js';
import { SearchService } from './search/index.js';
import { loadPincodeDirectory } from './addresses/index.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen({ port: config.port, host: config.host });
  new Logger('Haat').log(`Shop at ${config.publicUrl} (API under /api)`);
  // Build the search index now, in the background (searches use SQL until it is ready), rather than on
  // the first shopper's search: at a million products the build takes a minute and a half of one core.
  void app.get(SearchService).ready();
  // The pincode directory likewise: every order and address checks its pincode against it.
  setImmediate(loadPincodeDirectory);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
