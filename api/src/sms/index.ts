// What other folders may use of sms/: its face (docs/architecture.md#the-apis-floors). Import sms/ only from here.
export { SmsModule } from './sms.module.js';
export { SmsService, type OutgoingSms } from './sms.service.js';
export { SmsBudget, type SmsBudgetLimits, type StrangersPressed } from './sms-budget.js';
