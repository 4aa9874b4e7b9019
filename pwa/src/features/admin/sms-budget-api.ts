import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@haat/shared/common/envelope';
import type { SmsBudgetBody, SmsBudgetView } from '@haat/shared/users/sms-budget.schema';
import { http } from '../../lib/http/http';
import { adminKeys } from '../../lib/query/admin-keys';
import { formatNumber } from '../../i18n/format';
import { i18n } from '../../i18n/i18n';
import { toast } from '../../lib/ui/toast';

/** The shop's budget of texts (docs/decisions/0280-sign-in-by-mobile-number.md); reads skip every cache. */
export const smsBudgetApi = {
  get: async (signal?: AbortSignal) => (await http.get('admin/sms-budget', { cache: 'no-store', signal }).json<Envelope<SmsBudgetView>>()).data!,
  put: async (body: SmsBudgetBody) => (await http.put('admin/sms-budget', { json: body }).json<Envelope<SmsBudgetView>>()).data!,
};

export const smsBudgetQuery = () =>
  queryOptions({ queryKey: adminKeys.smsBudget(), queryFn: ({ signal }) => smsBudgetApi.get(signal), refetchInterval: 30_000 });

/** Saves the budget: the read above takes the server's answer at once, and the admin is told the figures now in force. */
export const smsBudgetWrite = () =>
  mutationOptions({
    mutationFn: smsBudgetApi.put,
    onSuccess: (saved, _body, _before, { client }) => {
      client.setQueryData(adminKeys.smsBudget(), saved);
      toast.success(i18n.t('smsBudget:saved', { perHour: formatNumber(saved.perHour), perDay: formatNumber(saved.perDay) }));
    },
  });
