import { useId, useState } from 'react';
import { ErrorCode } from '@haat/shared/common/error-code';
import { NOTICE_TOPICS, usableChannels, type NoticeChannel, type NoticeTopic } from '@haat/shared/notices/notice-channels';
import type { User } from '@haat/shared/users/user.types';
import { usePublicConfig } from '../../../lib/http/public-config';
import { useOnlineQuery } from '../../../lib/query/query-client';
import { useServerWrite } from '../../../lib/query/server-write';
import { useTranslation } from '../../../i18n/i18n';
import type { PushState } from '../../realtime/public';
import { problemOf } from '../../../lib/http/http-problem';
import { toast } from '../../../lib/ui/toast';
import { verifyLinkWrite } from '../api';
import { noticeConsentsQuery, noticeConsentsWrite } from '../notices-api';

/** Why a channel is not in the grid, and how to add it (notices.missing.*). */
type Missing = 'pushOff' | 'pushBlocked' | 'pushUnsupported' | 'noEmail' | 'unverifiedEmail' | 'whatsappMobile';

/** The columns the account can use now and, for each one left out, how to add it. */
function columnsFor(user: User, whatsapp: boolean, push: PushState | null): { channels: NoticeChannel[]; missing: Missing[] } {
  const usable = usableChannels({ email: user.email, mobileVerified: Boolean(user.mobile_verified) }, { whatsapp });
  // Push is chosen per device: its column shows where this device takes push notices (the order-updates switch above).
  const channels = usable.filter((c) => c !== 'push' || push === 'on');
  const missing: Missing[] = [];
  if (push === 'off') missing.push('pushOff');
  if (push === 'blocked') missing.push('pushBlocked');
  if (push === 'unsupported') missing.push('pushUnsupported');
  if (!user.email) missing.push('noEmail');
  else if (!user.verify_email) missing.push('unverifiedEmail');
  if (whatsapp && !user.mobile_verified) missing.push('whatsappMobile');
  return { channels, missing };
}

/**
 * My Profile's notice switches (docs/product.md#notices-and-consent): which notices come by which channel, each off
 * until the shopper turns it on (order updates by push and e-mail excepted). Only the channels the account can use are
 * columns (e-mail at an address, WhatsApp at a verified mobile on a shop that sends it, push where this device takes
 * it), and the grid says how to add the others. A switch saving stays in place and keeps focus (busy, not disabled).
 * Back in stock and price drops by e-mail go only to a proved address: turned on before, the server's 409
 * PROOF_REQUIRED is said here with the button that mails the proof link.
 */
export function NoticeSwitches({ user, onChange, push }: { user: User; onChange: (user: User) => void; push: PushState | null }) {
  const { t } = useTranslation('profile');
  const { whatsapp } = usePublicConfig();
  const id = useId();
  const saving = useServerWrite(noticeConsentsWrite());
  const busy = saving.isPending;
  const [proof, setProof] = useState<string | null>(null);
  const proofSending = useServerWrite(verifyLinkWrite());
  const query = noticeConsentsQuery();
  const read = useOnlineQuery(query);
  const consents = read.data;
  const { channels, missing } = columnsFor(user, whatsapp, push);
  const flip = (topic: NoticeTopic, channel: NoticeChannel, on: boolean) => {
    // One save at a time: a second press while one is on its way is not lost to a disabled box, and not sent twice.
    if (!consents || busy) return;
    setProof(null);
    saving.mutate(
      { ...consents, [topic]: { ...consents[topic], [channel]: on } },
      {
        onSuccess: (saved) => {
          if (saved.orderUpdates.whatsapp !== Boolean(user.whatsapp_updates)) onChange({ ...user, whatsapp_updates: saved.orderUpdates.whatsapp });
        },
        onError: (error) => {
          const problem = problemOf(error);
          // An e-mail notice of this kind goes only to a proved address: the server asks for the proof first.
          if (problem.code === ErrorCode.ProofRequired) setProof(problem.message);
          else toast.error(problem.message);
        },
      },
    );
  };
  return (
    <section id="notices" className="profile__notices" aria-labelledby={`${id}-title`} data-testid="notice-switches">
      <h2 id={`${id}-title`}>{t('notices.title')}</h2>
      <p>{t('notices.intro')}</p>
      {!consents ? (
        <p role="status">{read.isError ? t('notices.unavailable') : t('common:loading')}</p>
      ) : channels.length === 0 ? (
        <p data-testid="notice-none">{t('notices.none')}</p>
      ) : (
        <table className="notice-switches" aria-busy={busy}>
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
                      onChange={(e) => void flip(topic, channel, e.target.checked)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {missing.length > 0 && (
        <ul className="notice-switches__missing" data-testid="notice-missing">
          {missing.map((m) => (
            <li key={m}>{t(`notices.missing.${m}`)}</li>
          ))}
        </ul>
      )}
      {proof && (
        <p className="notice-switches__proof" role="alert" data-testid="notice-proof">
          {proof}{' '}
          <button
            type="button"
            className="btn btn--ghost btn--small"
            aria-busy={proofSending.isPending}
            onClick={() => proofSending.isPending || proofSending.mutate()}
          >
            {t('profile.sendVerifyLink')}
          </button>
        </p>
      )}
    </section>
  );
}
