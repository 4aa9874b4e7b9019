import { Inject, Injectable, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { FilesService } from '../files/index.js';
import { seedStores } from './demo-stores.js';
import { catalogIsEmpty, demoSeedRan, ensureAdmin, ensureDemoCustomer, recordDemoSeed, seedCatalog } from './demo-seed.js';

/** First start: the admin always; with SEED=demo (the default) the demo catalogue, customer and dark stores. */
@Injectable()
export class Seeder implements OnApplicationBootstrap {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly files: FilesService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const seeded = await this.db.transaction(async (tx) => {
      // Several instances may start at once against one database: one seeds, the others wait.
      await tx.execute(sql`select pg_advisory_xact_lock(20261121)`);
      const db: Db = tx;
      await ensureAdmin(db, this.config.adminEmail, this.config.adminPassword, this.config.dataDir, this.config.passwordHashCost);
      if (this.config.seed !== 'demo' || (await demoSeedRan(db))) return false;
      // A database that already has a catalogue (made by hand, or seeded before seed_runs existed)
      // counts as seeded: the demo never lands on top of a real shop.
      const empty = await catalogIsEmpty(db);
      if (empty) {
        await ensureDemoCustomer(db, this.config.dataDir, this.config.passwordHashCost);
        await seedCatalog(db, this.files, this.config.catalogSize, this.config.seller);
        await seedStores(db);
      }
      await recordDemoSeed(db);
      return empty;
    });
    // Marks the freshly written pages all-visible (VACUUM cannot run inside the transaction), so
    // listings and counts are index-only scans from the first request, not after autovacuum.
    if (seeded) await this.db.execute(sql`vacuum analyze`);
  }
}

@Module({ providers: [Seeder] })
export class SeedModule {}
