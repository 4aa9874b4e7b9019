import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Logger } from '@nestjs/common';
import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError } from '../common/app-error.js';
import type { AppConfig } from '../config/config.js';
import type { SharedFileStorage, StoredFile } from './storage.js';

/** What @fastify/static answers for the local folder: names are never reused, so a stored object never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Pictures as objects of an S3-compatible bucket (Amazon S3, MinIO, Cloudflare R2…), one object per
 * file under the name the URL uses; every instance reads them through the app, so URLs, headers and
 * the service worker's caching are those of the other storages (docs/decisions/0212-pictures-every-instance-can-serve.md).
 */
export class S3FileStorage implements SharedFileStorage {
  readonly client: S3Client;
  private readonly logger = new Logger('FileStorage');

  constructor(
    settings: AppConfig['s3'],
    readonly bucket = settings.bucket,
  ) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      credentials: settings.credentials,
      forcePathStyle: settings.forcePathStyle,
      // Checksums only where S3 requires them: many S3-compatible servers reject the SDK's default
      // CRC32 headers, and a picture's bytes are checked by TLS and by its decoder anyway.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<string> {
    await this.send('store', () =>
      this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length, CacheControl: IMMUTABLE }),
      ),
    );
    return `/uploads/${key}`;
  }

  async remove(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success, as `remove` promises.
    await this.send('remove', () => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })));
  }

  async has(key: string): Promise<boolean> {
    return this.send('look up', async () => {
      try {
        await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
        return true;
      } catch (error) {
        // A HEAD answer has no body, so a missing key is only its 404 (a missing bucket too: see read).
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404 && error.name === 'NotFound') return false;
        throw error;
      }
    });
  }

  async read(key: string): Promise<StoredFile | undefined> {
    return this.send('read', async () => {
      try {
        const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
        if (!object.Body) return undefined;
        return {
          bytes: Buffer.from(await object.Body.transformToByteArray()),
          contentType: object.ContentType ?? 'application/octet-stream',
          createdAt: object.LastModified ?? new Date(0),
        };
      } catch (error) {
        // NoSuchKey only: a missing bucket (NoSuchBucket) is the operator's to fix, not a missing picture.
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    });
  }

  /**
   * A bucket that cannot be reached, or refuses (missing, wrong keys), is logged with S3's own error
   * name for the operator and answered as a 503 to retry: nothing half stored, no 500.
   */
  private async send<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      const name = error instanceof Error ? error.name : 'unknown error';
      const status = error instanceof S3ServiceException ? ` (${error.$metadata.httpStatusCode ?? 'no answer'})` : '';
      this.logger.warn(`could not ${what} a picture in the bucket ${this.bucket}: ${name}${status}`);
      throw new AppError(503, ErrorCode.Busy, 'The shop cannot reach its picture storage for a moment. Please try again shortly.');
    }
  }
}
