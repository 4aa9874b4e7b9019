// What other folders may use of files/: its face (docs/architecture.md#the-apis-floors). Import files/ only from here.
export { imageDecodes } from './decode-gate.js';
export { FilesModule } from './files.module.js';
export { FilesService, imageUrlByContent } from './files.service.js';
export { readUploadedFile } from './multipart-file.js';
export { serveStoredFiles } from './serve-stored-files.js';
export { FILE_STORAGE, PostgresFileStorage, type FileStorage, type SharedFileStorage } from './storage.js';
export { S3FileStorage } from './s3-storage.js';
export { fileStorageFor, isShared } from './storage-for.js';
export { moveUploads } from './move-uploads.js';
export { PICTURES_ZIP_LIMITS, WORKBOOK_LIMITS, checkArchive, unpackEntry, type ArchiveLimits, type CheckedArchive } from './archives.js';
export type { ZipEntry } from './zip-directory.js';
