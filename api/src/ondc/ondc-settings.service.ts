import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import type { OndcCategoryBody, OndcCategorySetting, OndcLocation, OndcSettings } from '@haat/shared/ondc/ondc-settings';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { notFound } from '../common/app-error.js';
import { StoresService } from '../stores/index.js';
import { ondcCategories, ondcLocations, type OndcCategoryRow } from './ondc.table.js';

/** The warehouse's id among the shop's locations on the network. */
export const WAREHOUSE = 'warehouse';

/** A location the network lists: its place, position and the pincodes it serves (none: all of India). */
export interface ListedLocation {
  id: string;
  name: string;
  street: string;
  city: string;
  state: string;
  pincode: string;
  gps: string;
  servesPincodes: string[];
}

/**
 * The admin's ONDC settings (docs/product.md#selling-on-ondc): the categories sold on the network with their domain,
 * ONDC category and terms, and the positions of the shop's locations. The catalogue and the orders read them here.
 */
@Injectable()
export class OndcSettingsService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly stores: StoresService,
  ) {}

  async settings(): Promise<OndcSettings> {
    const [rows, locations] = await Promise.all([this.db.select().from(ondcCategories), this.locations()]);
    return {
      enabled: this.config.ondc !== null,
      subscriberId: this.config.ondc?.subscriberId ?? null,
      categories: rows.map(toSetting),
      locations,
    };
  }

  async setCategory(categoryId: string, body: OndcCategoryBody): Promise<OndcCategorySetting> {
    const [row] = await this.db
      .insert(ondcCategories)
      .values({ categoryId, ...body })
      .onConflictDoUpdate({ target: ondcCategories.categoryId, set: { ...body, updatedAt: new Date() } })
      .returning()
      .catch((error: unknown) => {
        // The category must exist: its foreign key says so.
        if ((error as { code?: string; cause?: { code?: string } }).code === '23503' || (error as { cause?: { code?: string } }).cause?.code === '23503')
          throw notFound('Category');
        throw error;
      });
    return toSetting(row as OndcCategoryRow);
  }

  async removeCategory(categoryId: string): Promise<void> {
    const gone = await this.db.delete(ondcCategories).where(eq(ondcCategories.categoryId, categoryId)).returning({ id: ondcCategories.categoryId });
    if (!gone.length) throw notFound('ONDC category');
  }

  async setLocation(id: string, gps: string): Promise<OndcLocation> {
    const known = (await this.locations()).find((l) => l.id === id);
    if (!known) throw notFound('Location');
    await this.db
      .insert(ondcLocations)
      .values({ id, gps })
      .onConflictDoUpdate({ target: ondcLocations.id, set: { gps, updatedAt: sql`now()` } });
    return { ...known, gps };
  }

  /** Categories sold on ONDC in `domain`, by the shop's category id. */
  async categoriesOf(domain: string): Promise<Map<string, OndcCategoryRow>> {
    const rows = await this.db.select().from(ondcCategories).where(eq(ondcCategories.domain, domain));
    return new Map(rows.map((r) => [r.categoryId, r]));
  }

  /** The warehouse and every open dark store, each with its position when the admin set one. */
  async locations(): Promise<OndcLocation[]> {
    const [stores, positions] = await Promise.all([this.stores.list(), this.db.select().from(ondcLocations)]);
    const gps = new Map(positions.map((p) => [p.id, p.gps]));
    return [
      { id: WAREHOUSE, name: this.config.shop.legalName, kind: 'warehouse' as const, gps: gps.get(WAREHOUSE) ?? null, servesPincodes: [] },
      ...stores
        .filter((s) => s.open)
        .map((s) => ({ id: s._id, name: s.name, kind: 'store' as const, gps: gps.get(s._id) ?? null, servesPincodes: s.servesPincodes })),
    ];
  }

  /** The locations the network lists: those with a position, with their addresses. */
  async listedLocations(): Promise<ListedLocation[]> {
    const [stores, positions] = await Promise.all([this.stores.list(), this.db.select().from(ondcLocations)]);
    const gps = new Map(positions.map((p) => [p.id, p.gps]));
    const shop = this.config.shop.address;
    const listed: ListedLocation[] = [];
    const warehouseGps = gps.get(WAREHOUSE);
    if (warehouseGps)
      listed.push({
        id: WAREHOUSE,
        name: this.config.shop.legalName,
        street: shop.street,
        city: shop.city,
        state: shop.state,
        pincode: shop.pincode,
        gps: warehouseGps,
        servesPincodes: [],
      });
    for (const s of stores) {
      const at = gps.get(s._id);
      if (s.open && at)
        listed.push({
          id: s._id,
          name: s.name,
          street: s.address,
          city: s.city,
          state: s.state,
          pincode: s.pincode,
          gps: at,
          servesPincodes: s.servesPincodes,
        });
    }
    return listed;
  }
}

function toSetting(row: OndcCategoryRow): OndcCategorySetting {
  const { updatedAt: _updated, ...setting } = row;
  return { ...setting, domain: setting.domain as OndcCategorySetting['domain'] };
}
