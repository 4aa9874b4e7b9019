import type { AppConfig } from '../config/config.js';
import type { Db } from '../db/database.js';
import { S3FileStorage } from './s3-storage.js';
import { LocalFileStorage, PostgresFileStorage, type FileStorage, type SharedFileStorage } from './storage.js';

/** The storage FILE_STORAGE names: the data folder, the database's table, or the bucket. */
export function fileStorageFor(config: Pick<AppConfig, 'fileStorage' | 'uploadsDir' | 's3'>, db: Db): FileStorage {
  if (config.fileStorage === 'postgres') return new PostgresFileStorage(db);
  if (config.fileStorage === 's3') return new S3FileStorage(config.s3);
  return new LocalFileStorage(config.uploadsDir);
}

/** Whether the app answers `/uploads/<name>` itself from a storage every instance shares (not the local folder). */
export function isShared(storage: FileStorage): storage is SharedFileStorage {
  return storage instanceof PostgresFileStorage || storage instanceof S3FileStorage;
}
