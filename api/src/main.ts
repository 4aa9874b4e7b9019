import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from './config/config.js';
import { createApp } from './app.factory.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen({ port: config.port, host: config.host });
  new Logger('Haat').log(`Shop at ${config.publicUrl} (API under /api)`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
