import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { newId } from '../common/ids.js';
import { FILE_STORAGE, type FileStorage } from './storage.js';
import { toWebpVariants, type EncodeOptions } from './image-processing.js';

/** `/uploads/<id>-large.webp`, as saveImage answers it: the only URLs removeImage touches. */
const OWN_IMAGE = /^\/uploads\/([a-z0-9]+)-(?:large|small)\.webp$/;

export interface StoredImage {
  url: string;
  small: string;
}

@Injectable()
export class FilesService {
  constructor(@Inject(FILE_STORAGE) private readonly storage: FileStorage) {}

  async saveImage(bytes: Buffer, prefix = 'img', options: EncodeOptions = {}): Promise<StoredImage> {
    return this.saveWebpVariants(await toWebpVariants(bytes, options), prefix);
  }

  /**
   * Stores a picture under a name made from its bytes, at the URL imageUrlByContent answers for them: the same
   * picture sent twice (a catalogue file imported again with its ZIP) is one file with one URL, so nothing changes.
   */
  async saveImageByContent(bytes: Buffer): Promise<StoredImage> {
    return this.saveWebpVariants(await toWebpVariants(bytes), '', contentId(bytes));
  }

  /** Stores WebP bytes already made in both sizes (the demo seed draws its own) under the upload naming. */
  async saveWebpVariants({ small, large }: { small: Buffer; large: Buffer }, prefix = 'img', named?: string): Promise<StoredImage> {
    const id = named ?? `${prefix}${newId()}`.toLowerCase();
    const [url, smallUrl] = await Promise.all([
      this.storage.put(`${id}-large.webp`, large, 'image/webp'),
      this.storage.put(`${id}-small.webp`, small, 'image/webp'),
    ]);
    return { url, small: smallUrl };
  }

  /**
   * Deletes both sizes of an image saveImage stored, given either URL. Any other URL (a Google
   * picture, a path we did not write) is left alone.
   */
  async removeImage(url: string | null | undefined): Promise<void> {
    const id = url ? OWN_IMAGE.exec(url)?.[1] : undefined;
    if (!id) return;
    await Promise.all([this.storage.remove(`${id}-large.webp`), this.storage.remove(`${id}-small.webp`)]);
  }
}

const contentId = (bytes: Buffer) => `pic${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}`;

/** The URL saveImageByContent gives these bytes (every FileStorage answers `/uploads/<name>`). */
export function imageUrlByContent(bytes: Buffer): string {
  return `/uploads/${contentId(bytes)}-large.webp`;
}
