import { Global, Module } from '@nestjs/common';
import { SmsBudget } from './sms-budget.js';
import { SmsService } from './sms.service.js';

@Global()
@Module({ providers: [SmsService, SmsBudget], exports: [SmsService, SmsBudget] })
export class SmsModule {}
