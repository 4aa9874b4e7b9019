import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Language } from '@haat/shared/common/languages';
import { rupees, type Paise } from '@haat/shared/money/paise';
import { DB, type Db } from '../db/database.js';
import { publishedByIds } from '../catalog/index.js';
import { formatMoney } from '../i18n/i18n.js';
import { NoticeKinds, type NoticeJob } from '../notices/index.js';
import { ShopperNotices } from '../shopper-notices/index.js';

/** A wished product's selling price fell below what its entry knew (queued by the products trigger, drizzle/0040). */
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
  ) {}

  onModuleInit(): void {
    this.kinds.register<PriceDrop>('price-drop', { send: (p, job) => this.tell(p, job) }, { bulk: true });
  }

  private async tell(drop: PriceDrop, job: NoticeJob): Promise<void> {
    const [product] = await publishedByIds(this.db, [drop.productId]);
    if (!product) return;
    const money = (p: number, language: Language) => formatMoney(rupees(p as Paise), language);
    await this.notices.send(job, drop.userId, 'priceDrop', { id: product.id, name: product.name }, (language) => ({
      was: money(drop.fromPaise, language),
      price: money(drop.toPaise, language),
    }));
  }
}
