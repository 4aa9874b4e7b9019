import { Controller, Get, Put } from '@nestjs/common';
import { SmsBudgetBody, type SmsBudgetView } from '@haat/shared/users/sms-budget.schema';
import { ok } from '../common/envelope.js';
import { ZBody } from '../common/zod-body.pipe.js';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { SmsBudget } from '../sms/index.js';
import { MobileCodeSends } from '../throttle/index.js';

/**
 * The shop's budget of texts for the admin (docs/decisions/0280-sign-in-by-mobile-number.md): what it sent this hour
 * and day, what strangers drew of its open share and when they last pressed it; and raising (or lowering) it, which
 * every instance reads within seconds.
 */
@Controller('admin/sms-budget')
export class SmsBudgetController {
  constructor(
    private readonly budget: SmsBudget,
    private readonly sends: MobileCodeSends,
  ) {}

  @Get()
  @Auth('ADMIN')
  async get() {
    return ok(await this.view(), 'SMS budget');
  }

  @Put()
  @Auth('ADMIN')
  async put(@CurrentUser() admin: AuthUser, @ZBody(SmsBudgetBody) body: SmsBudgetBody) {
    await this.budget.set(body, admin.id);
    return ok(await this.view(), 'SMS budget saved');
  }

  private async view(): Promise<SmsBudgetView> {
    const [use, strangersPressed] = await Promise.all([this.sends.use(), this.budget.lastPressed()]);
    return { ...use, strangersPressed };
  }
}
