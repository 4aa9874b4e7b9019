import { useId, useState } from 'react';
import { ErrorCode } from '@haat/shared/common/error-code';
import { NOTICE_CHANNELS, NOTICE_TOPICS } from '@haat/shared/notices/notice-consents';
import type { User } from '@haat/shared/users/user.types';
import { usePublicConfig } from '../../../lib/http/public-config';
import { useBusy } from '../../../lib/hooks/use-busy';
import { queryClient, useOnlineQuery } from '../../../lib/query/query-client';
import { useTranslation } from '../../../i18n/i18n';
import { problemOf } from '../../../lib/http/http-problem';
import { toast } from '../../../lib/ui/toast';
import { accountApi } from '../api';
import { noticeConsentsQuery, noticesApi } from '../notices-api';

/**
 * My Profile's notice switches (docs/product.md#notices-and-consent): which notices come by which channel, each off
 * until the shopper turns it on (order updates by push and e-mail excepted). WhatsApp is offered at a verified
 * mobile on a shop that sends it; push still needs this device to subscribe (the switch above). Back in stock and price
 * drops by e-mail go only to a proved address: turned on before, the server's 409 PROOF_REQUIRED is said here with the
 * button that mails the proof link.
 */
export function NoticeSwitches({ user, onChange }: { user: User; onChange: (user: User) => void }) {
  const { t } = useTranslation('profile');
  const { whatsapp } = usePublicConfig();
  const id = useId();
  const [busy, run] = useBusy();
  const [proof, setProof] = useState<string | null>(null);
  const [sending, send] = useBusy();
  const sendProof = () => send(async () => toast.success((await accountApi.sendVerifyLink()).message));
  const query = noticeConsentsQuery();
  const read = useOnlineQuery(query);
  const consents = read.data;
  const channels = NOTICE_CHANNELS.filter((c) => c !== 'whatsapp' || (whatsapp && user.mobile_verified));
  const flip = (topic: (typeof NOTICE_TOPICS)[number], channel: (typeof NOTICE_CHANNELS)[number], on: boolean) =>
    run(async () => {
      if (!consents) return;
      const next = { ...consents, [topic]: { ...consents[topic], [channel]: on } };
      setProof(null);
      const saved = await noticesApi.put(next).catch((error: unknown) => {
        const problem = problemOf(error);
        // An e-mail notice of this kind goes only to a proved address: the server asks for the proof first.
        if (problem.code === ErrorCode.ProofRequired) setProof(problem.message);
        else toast.error(problem.message);
        throw error;
      });
      queryClient.setQueryData(query.queryKey, saved);
      if (saved.orderUpdates.whatsapp !== Boolean(user.whatsapp_updates)) onChange({ ...user, whatsapp_updates: saved.orderUpdates.whatsapp });
    });
  return (
    <section className="profile__notices" aria-labelledby={`${id}-title`} data-testid="notice-switches">
      <h2 id={`${id}-title`}>{t('notices.title')}</h2>
      <p>{t('notices.intro')}</p>
      {!consents ? (
        <p role="status">{read.isError ? t('notices.unavailable') : t('common:loading')}</p>
      ) : (
        <table className="notice-switches">
          <thead>
            <tr>
              <th scope="col">{t('notices.topicHeading')}</th>
              {channels.map((channel) => (
                <th scope="col" key={channel}>
                  {t(`notices.channel.${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {NOTICE_TOPICS.map((topic) => (
              <tr key={topic}>
                <th scope="row">{t(`notices.topic.${topic}`)}</th>
                {channels.map((channel) => (
                  <td key={channel}>
                    <input
                      type="checkbox"
                      aria-label={t('notices.switch', { topic: t(`notices.topic.${topic}`), channel: t(`notices.channel.${channel}`) })}
                      checked={consents[topic][channel]}
                      disabled={busy}
                      onChange={(e) => void flip(topic, channel, e.target.checked)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {proof && (
        <p className="notice-switches__proof" role="alert" data-testid="notice-proof">
          {proof}{' '}
          <button type="button" className="btn btn--ghost btn--small" disabled={sending} onClick={() => void sendProof()}>
            {t('profile.sendVerifyLink')}
          </button>
        </p>
      )}
    </section>
  );
}
