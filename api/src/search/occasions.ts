import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { OCCASIONS, type Occasion } from '@haat/shared/search/occasions';
import type { PutOccasionBody } from '@haat/shared/search/occasion.schema';
import { DB, type Db } from '../db/database.js';
import { CatalogVersion } from '../catalog/index.js';
import { searchOccasions } from './search-occasions.table.js';

/**
 * Gifts and occasions (docs/decisions/0310-query-understanding.md): the kept list's occasions with the shop's own
 * gifts for each in their place (table search_occasions), read once per catalogue version (an admin's change bumps it,
 * here and on every peer), as the synonyms are.
 */
@Injectable()
export class Occasions {
  private loaded: { version: number; list: Occasion[] } | null = null;

  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly version: CatalogVersion,
  ) {}

  /** Every occasion, the shop's own gifts where the admin set them. */
  async list(): Promise<Occasion[]> {
    const version = this.version.value;
    if (this.loaded?.version === version) return this.loaded.list;
    const rows = await this.db.select().from(searchOccasions);
    const own = new Map(rows.map((row) => [row.name, row]));
    const list = OCCASIONS.map((occasion): Occasion => {
      const row = own.get(occasion.name);
      if (!row) return occasion;
      return {
        name: occasion.name,
        words: occasion.words,
        shelves: row.shelves,
        ...(row.women ? { women: row.women } : {}),
        ...(row.men ? { men: row.men } : {}),
        ...(row.audience ? { audience: row.audience as Occasion['audience'] } : {}),
        ...(row.maxPrice !== null ? { maxPrice: row.maxPrice } : {}),
      };
    });
    this.loaded = { version, list };
    return list;
  }

  async put(body: PutOccasionBody): Promise<Occasion> {
    const row = {
      name: body.name,
      shelves: body.shelves,
      women: body.women ?? null,
      men: body.men ?? null,
      audience: body.audience ?? null,
      maxPrice: body.maxPrice ?? null,
      updatedAt: new Date(),
    };
    await this.db.insert(searchOccasions).values(row).onConflictDoUpdate({ target: searchOccasions.name, set: row });
    await this.version.bump();
    return (await this.list()).find((o) => o.name === body.name)!;
  }

  /** Puts the kept list's gifts back for an occasion; false when the shop had none of its own. */
  async reset(name: string): Promise<boolean> {
    const gone = await this.db.delete(searchOccasions).where(eq(searchOccasions.name, name)).returning({ name: searchOccasions.name });
    if (gone.length) await this.version.bump();
    return gone.length > 0;
  }
}
