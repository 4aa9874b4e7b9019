import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { decimalText, paise, salePrice } from '@haat/shared/money/paise';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { productChangedInCategories, productsInCategoriesAfter, type ChangedWindow } from '../catalog/index.js';
import { DB, type Db } from '../db/database.js';
import { productInventorySql, type ProductInventory } from '../inventory/index.js';
import { isoDuration } from './beckn-context.js';
import { OndcSettingsService, WAREHOUSE, type ListedLocation } from './ondc-settings.service.js';
import type { OndcCategoryRow } from './ondc.table.js';

/** Products read per statement: a slice of the catalogue written between two turns of the event loop. */
const PAGE = 100;

/** A product as the catalogue reads it. */
interface CatalogueRow {
  id: string;
  name: string;
  sku: string;
  image: string[];
  category_ids: string[];
  unit: string;
  max_per_order: number;
  price: string | number;
  discount: string | number;
  hsn: string | null;
  description: string;
  more_details: Record<string, unknown>;
  publish: boolean;
  updated_at: string | Date;
  inventory: ProductInventory | string;
}

/** Which products a catalogue holds: all published ones, or those changed in a window (an incremental refresh). */
export type CatalogueWindow = ChangedWindow;

/** What a catalogue page reads of each product, its stock and options as the inventory gives them. */
const CATALOGUE_COLUMNS = sql`id, name, sku, image, category_ids, unit, max_per_order, price, discount, hsn, description, more_details, publish, updated_at,
  ${productInventorySql} as inventory`;

/**
 * The shop's catalogue as ONDC's on_search carries it (retail 1.2.5; docs/product.md#selling-on-ondc): one provider,
 * the shop, in the domain asked for, with its locations and their serviceability and the items of the categories
 * the admin sells there. Items are written as JSON text a page at a time, and the loop gives way between pages, so
 * a catalogue of 100,000 items never holds the event loop for long; it is written to a file the outbox sends.
 */
@Injectable()
export class CatalogueWriter {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: OndcSettingsService,
  ) {}

  /**
   * Writes the `"message":{…}` member of on_search to `file` (a full catalogue is 150 MB: on disk, not in memory), a
   * page at a time with a turn of the event loop between pages; `window` for an incremental refresh.
   */
  async writeMessage(file: string, domain: string, window: CatalogueWindow | null): Promise<void> {
    const [categories, locations] = await Promise.all([this.settings.categoriesOf(domain), this.settings.listedLocations()]);
    const provider = this.providerHead(domain, categories, locations);
    const out = createWriteStream(file);
    const write = (text: string) => (out.write(text) ? Promise.resolve() : once(out, 'drain').then(() => undefined));
    try {
      await write(`"message":{"catalog":${JSON.stringify(this.bppHead()).slice(0, -1)},"bpp/providers":[${JSON.stringify(provider).slice(0, -1)},"items":[`);
      const warehouse = locations.find((l) => l.id === WAREHOUSE);
      let first = true;
      if (categories.size && warehouse) {
        for await (const rows of this.pages([...categories.keys()], window)) {
          const items = rows.flatMap((row) => this.items(row, categories, warehouse.id));
          if (items.length) await write(`${first ? '' : ','}${items.map((i) => JSON.stringify(i)).join(',')}`);
          first = first && !items.length;
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      await write(']}]}}');
    } finally {
      out.end();
      await once(out, 'close');
    }
  }

  /** Whether any product sold on ONDC in `domain` changed in the window (a push with nothing to say is not sent). */
  async changedAny(domain: string, window: CatalogueWindow): Promise<boolean> {
    const categories = await this.settings.categoriesOf(domain);
    if (!categories.size) return false;
    const result = await this.db.execute(productChangedInCategories([...categories.keys()], window));
    return (result as { rows: unknown[] }).rows.length > 0;
  }

  private bppHead() {
    const shop = this.config.shop;
    return {
      'bpp/fulfillments': [{ id: '1', type: 'Delivery' }],
      'bpp/descriptor': {
        name: shop.legalName,
        symbol: `${this.config.publicUrl}/icons/icon-192.png`,
        short_desc: shop.legalName,
        long_desc: `${shop.legalName}, ${shop.address.city}`,
        images: [`${this.config.publicUrl}/icons/icon-512.png`],
        tags: [
          {
            code: 'bpp_terms',
            list: [
              { code: 'np_type', value: 'ISN' },
              { code: 'accept_bap_terms', value: 'Y' },
              { code: 'collect_payment', value: 'N' },
            ],
          },
        ],
      },
    };
  }

  private providerHead(domain: string, categories: ReadonlyMap<string, OndcCategoryRow>, locations: readonly ListedLocation[]) {
    const shop = this.config.shop;
    const now = new Date().toISOString();
    const ondcCategories = [...new Set([...categories.values()].map((c) => c.ondcCategory))];
    return {
      id: providerId(this.config),
      time: { label: 'enable', timestamp: now },
      fulfillments: [{ id: '1', type: 'Delivery', contact: { phone: careDigits(shop.phone), email: shop.email } }],
      descriptor: {
        name: shop.legalName,
        symbol: `${this.config.publicUrl}/icons/icon-192.png`,
        short_desc: shop.legalName,
        long_desc: `${shop.legalName} (${domain})`,
        images: [`${this.config.publicUrl}/icons/icon-512.png`],
      },
      ttl: 'P1D',
      locations: locations.map((l) => ({
        id: l.id,
        time: { label: 'enable', timestamp: now, days: '1,2,3,4,5,6,7', schedule: { holidays: [] }, range: { start: '0000', end: '2359' } },
        gps: l.gps,
        address: { locality: l.street, street: l.street, city: l.city, area_code: l.pincode, state: l.state },
        circle: { gps: l.gps, radius: { unit: 'km', value: l.servesPincodes.length ? '5' : '2000' } },
      })),
      tags: [
        ...locations.flatMap((l) => ondcCategories.map((category) => serviceability(l, category))),
        ...locations.map((l) => ({
          code: 'timing',
          list: [
            { code: 'type', value: 'All' },
            { code: 'location', value: l.id },
            { code: 'day_from', value: '1' },
            { code: 'day_to', value: '7' },
            { code: 'time_from', value: '0000' },
            { code: 'time_to', value: '2359' },
          ],
        })),
      ],
    };
  }

  /** Pages of the products in `categoryIds`, by id: published ones, or (a window) every one changed in it. */
  private async *pages(categoryIds: string[], window: CatalogueWindow | null): AsyncGenerator<CatalogueRow[]> {
    let after = '';
    for (;;) {
      const result = await this.db.execute(productsInCategoriesAfter(CATALOGUE_COLUMNS, categoryIds, after, PAGE, window));
      const rows = (result as { rows: CatalogueRow[] }).rows;
      if (rows.length) yield rows;
      if (rows.length < PAGE) return;
      after = (rows[rows.length - 1] as CatalogueRow).id;
    }
  }

  /** The product's items: itself, or one item per option (its SKU the item's id). */
  private items(row: CatalogueRow, categories: ReadonlyMap<string, OndcCategoryRow>, locationId: string): object[] {
    const category = row.category_ids.map((id) => categories.get(id)).find(Boolean) as OndcCategoryRow;
    const inventory = (typeof row.inventory === 'string' ? JSON.parse(row.inventory) : row.inventory) as ProductInventory;
    const base = { price: Number(row.price), stock: inventory.stock, name: row.name, sku: row.sku, image: row.image };
    const units = inventory.variants.length
      ? inventory.variants.map((v) => ({
          price: v.price ?? base.price,
          stock: v.stock ?? inventory.stock,
          name: `${row.name} (${v.name})`,
          sku: v.sku ?? `${row.sku}-${v._id}`,
          image: v.image?.length ? v.image : row.image,
        }))
      : [base];
    return units.map((unit) => this.item(row, unit, category, locationId));
  }

  private item(
    row: CatalogueRow,
    unit: { price: number; stock: number; name: string; sku: string; image: string[] },
    category: OndcCategoryRow,
    locationId: string,
  ) {
    const mrp = paise(unit.price);
    const selling = salePrice(mrp, Number(row.discount));
    const saleable = row.publish && unit.stock > 0;
    const images = unit.image.map((i) => (i.startsWith('/') ? `${this.config.publicUrl}${i}` : i));
    const shop = this.config.shop;
    const detail = (name: string, otherwise: string) => {
      const value = row.more_details?.[name];
      return typeof value === 'string' || typeof value === 'number' ? String(value) : otherwise;
    };
    return {
      id: unit.sku,
      time: { label: saleable ? 'enable' : 'disable', timestamp: new Date(row.updated_at).toISOString() },
      descriptor: {
        name: unit.name,
        code: row.hsn && /^[0-9]+$/.test(row.hsn) ? `4:${row.hsn}` : `5:${unit.sku.replace(/[^A-Za-z0-9]/g, '')}`,
        symbol: images[0] ?? '',
        short_desc: unit.name,
        long_desc: row.description || unit.name,
        images,
      },
      quantity: {
        unitized: { measure: { unit: 'unit', value: '1' } },
        // Retail 1.2.5 shows stock as in (99) or out (0); the most one order may take is the real bound.
        available: { count: saleable ? '99' : '0' },
        maximum: { count: String(Math.max(0, Math.min(unit.stock, row.max_per_order))) },
      },
      price: { currency: 'INR', value: decimalText(selling), maximum_value: decimalText(mrp) },
      category_id: category.ondcCategory,
      fulfillment_id: '1',
      location_id: locationId,
      '@ondc/org/returnable': category.returnable,
      '@ondc/org/cancellable': category.cancellable,
      '@ondc/org/return_window': isoDuration(category.returnWindowDays * 24 * 60 * 60_000),
      '@ondc/org/seller_pickup_return': category.returnable,
      '@ondc/org/time_to_ship': isoDuration(category.timeToShipMinutes * 60_000),
      '@ondc/org/available_on_cod': category.cod,
      '@ondc/org/contact_details_consumer_care': `${shop.legalName},${shop.email},${careDigits(shop.phone)}`,
      ...(category.manufacturer
        ? {
            '@ondc/org/statutory_reqs_packaged_commodities': {
              manufacturer_or_packer_name: detail('manufacturer', category.manufacturer),
              manufacturer_or_packer_address: detail('manufacturerAddress', category.manufacturerAddress),
              common_or_generic_name_of_commodity: detail('commonName', row.name),
              net_quantity_or_measure_of_commodity_in_pkg: detail('netQuantity', `1 ${row.unit}`),
              month_year_of_manufacture_packing_import: detail('monthOfManufacture', 'Please refer to the packet'),
            },
          }
        : {}),
      tags: [{ code: 'origin', list: [{ code: 'country', value: detail('countryOfOrigin', 'IND') }] }],
    };
  }
}

/** The shop's provider id on the network (one provider: the shop). */
export function providerId(config: AppConfig): string {
  return `${config.ondc?.subscriberId ?? 'haat'}-provider`.replace(/[^A-Za-z0-9._-]/g, '-');
}

/** A phone as ONDC's contact takes it: 10 or 11 digits (a +91 dropped). */
export function careDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length > 11 && digits.startsWith('91') ? digits.slice(2) : digits;
}

/**
 * Where a location delivers, for one ONDC category: a dark store its own pincodes (type 11, a list), the warehouse all
 * of India (type 12).
 */
function serviceability(location: ListedLocation, category: string) {
  const list = location.servesPincodes.length
    ? [
        { code: 'type', value: '11' },
        { code: 'val', value: location.servesPincodes.join(',') },
        { code: 'unit', value: 'pincode' },
      ]
    : [
        { code: 'type', value: '12' },
        { code: 'val', value: 'IND' },
        { code: 'unit', value: 'country' },
      ];
  return { code: 'serviceability', list: [{ code: 'location', value: location.id }, { code: 'category', value: category }, ...list] };
}
