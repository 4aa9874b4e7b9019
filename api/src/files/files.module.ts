import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { FilesController } from './files.controller.js';
import { FilesService } from './files.service.js';
import { DB, type Db } from '../db/database.js';
import { FILE_STORAGE } from './storage.js';
import { fileStorageFor } from './storage-for.js';

@Global()
@Module({
  controllers: [FilesController],
  providers: [
    FilesService,
    {
      provide: FILE_STORAGE,
      inject: [APP_CONFIG, DB],
      useFactory: (c: AppConfig, db: Db) => fileStorageFor(c, db),
    },
  ],
  exports: [FilesService, FILE_STORAGE],
})
export class FilesModule {}
