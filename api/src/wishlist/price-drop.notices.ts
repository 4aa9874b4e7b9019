import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { rupees, type Paise } from '@haat/shared/money/paise';
import { DB, type Db } from '../db/database.js';
import { publishedByIds } from '../catalog/index.js';
import { formatMoney } from '../i18n/i18n.js';
import { AccountLanguages } from '../users/index.js';
import { NoticeKinds } from '../notices/index.js';
import { ShopperNotices } from '../shopper-notices/index.js';

/** A wished product's selling price fell below what its entry knew (queued by the products trigger, drizzle/0038). */
interface PriceDrop {
  userId: string;
  productId: string;
  fromPaise: number;
  toPaise: number;
}

/** Price drops on the wishlist (docs/product.md#price-drops): one notice per drop, with the old and new price. */
@Injectable()
export class PriceDropNotices implements OnModuleInit {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly kinds: NoticeKinds,
    private readonly notices: ShopperNotices,
    private readonly languages: AccountLanguages,
  ) {}

  onModuleInit(): void {
    this.kinds.register<PriceDrop>('price-drop', { send: (p) => this.tell(p) });
  }

  private async tell(drop: PriceDrop): Promise<void> {
    const [product] = await publishedByIds(this.db, [drop.productId]);
    if (!product) return;
    const language = await this.languages.of(drop.userId);
    const money = (p: number) => formatMoney(rupees(p as Paise), language);
    await this.notices.send(drop.userId, 'priceDrop', { id: product.id, name: product.name }, { was: money(drop.fromPaise), price: money(drop.toPaise) });
  }
}
