import { Global, Inject, Logger, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, POOL_STATS, REPORT_DB, SEARCH_STATEMENT, STATEMENT, openDatabase, type DatabaseHandle } from './database.js';

const HANDLE = Symbol('DB_HANDLE');

@Global()
@Module({})
export class DbModule implements OnApplicationShutdown {
  constructor(@Inject(HANDLE) private readonly handle: DatabaseHandle) {}

  static forRoot(): DynamicModule {
    return {
      module: DbModule,
      providers: [
        {
          provide: HANDLE,
          inject: [APP_CONFIG],
          useFactory: async (config: AppConfig) => {
            const handle = await openDatabase({
              databaseUrl: config.databaseUrl,
              dataDir: config.dataDir,
              poolSize: config.databasePoolSize,
              search: { size: config.catalogSearchPoolSize, timeoutMs: config.catalogQueryTimeoutMs },
              reportPoolSize: config.reportPoolSize,
            });
            new Logger('Database').log(handle.kind === 'pglite' ? `PGlite in ${config.dataDir}/db` : 'PostgreSQL server');
            return handle;
          },
        },
        { provide: DB, inject: [HANDLE], useFactory: (h: DatabaseHandle) => h.db },
        { provide: REPORT_DB, inject: [HANDLE], useFactory: (h: DatabaseHandle) => h.reportDb },
        { provide: SEARCH_STATEMENT, inject: [HANDLE], useFactory: (h: DatabaseHandle) => h.searchStatement },
        { provide: STATEMENT, inject: [HANDLE], useFactory: (h: DatabaseHandle) => h.statement },
        { provide: POOL_STATS, inject: [HANDLE], useFactory: (h: DatabaseHandle) => () => h.pools() },
      ],
      exports: [DB, REPORT_DB, SEARCH_STATEMENT, STATEMENT, POOL_STATS, HANDLE],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.handle.close();
  }
}
