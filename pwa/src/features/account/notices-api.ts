import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@haat/shared/common/envelope';
import type { NoticeConsents } from '@haat/shared/notices/notice-consents';
import { http } from '../../lib/http/http';
import { screenKeys } from '../../lib/query/screen-keys';

/** docs/product.md#notices-and-consent: which notices come to the signed-in shopper by which channel. */
export const noticesApi = {
  get: async (signal?: AbortSignal) => (await http.get('user/notices', { signal }).json<Envelope<NoticeConsents>>()).data!,
  // The switches say a refusal themselves (a proof to ask for, components/notice-switches.tsx): no toast here.
  put: async (consents: NoticeConsents) =>
    (await http.put('user/notices', { json: consents, context: { silent: true } }).json<Envelope<NoticeConsents>>()).data!,
};

export const noticeConsentsQuery = () => queryOptions({ queryKey: screenKeys.noticeConsents(), queryFn: ({ signal }) => noticesApi.get(signal) });

/** Saves the shopper's choices; the read above takes the server's answer at once (nothing is read again). */
export const noticeConsentsWrite = () =>
  mutationOptions({
    mutationFn: noticesApi.put,
    onSuccess: (saved, _choices, _before, { client }) => client.setQueryData(screenKeys.noticeConsents(), saved),
  });
