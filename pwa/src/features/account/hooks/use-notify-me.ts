import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { cartLineKey } from '@haat/shared/catalog/variant.rules';
import { usableChannels, type NoticeChannel } from '@haat/shared/notices/notice-channels';
import type { User } from '@haat/shared/users/user.types';
import { deviceQuery, openStorage, useDeviceQuery } from '../../../lib/storage/device-store';
import { isSignedInAtom, userAtom } from '../../../lib/http/session';
import { publicConfigQuery } from '../../../lib/http/public-config';
import { queryClient } from '../../../lib/query/query-client';
import { showHeaderMessage } from '../../../lib/ui/header-message';
import { toast } from '../../../lib/ui/toast';
import { i18n } from '../../../i18n/i18n';
import { currentPushState, turnPushOn, type PushState } from '../../realtime/public';
import { screenKeys } from '../../../lib/query/screen-keys';

/** A product's own unit (variantId null) or one of its options. */
export interface WaitedUnit {
  productId: string;
  variantId: string | null;
}

/** The channels Notify me offers when none is on for back in stock: each the account can use (this device for push). */
export interface ChannelChoice {
  channels: NoticeChannel[];
  /** The account's address is not proved yet: mail goes only to a proved one (My Profile's "Verify"). */
  emailUnverified: boolean;
  email: string;
  mobile: string;
}

/** How long Notify me waits to learn whether this device takes push before it offers the other channels. */
const PUSH_STATE_WAIT_MS = 1500;

// Every card's "Notify me" reads the same one query of the waits' keys, not one query per card.
const waitKeys = deviceQuery(async (db) => new Set(await db.notifyMe.toCollection().primaryKeys()));

/**
 * Starts (`on`) or ends a "Notify me" wait (docs/product.md#back-in-stock): the device's row and the queued ask in one
 * transaction, so it holds offline and is sent when the shop can be reached (asks and removals are set operations).
 * `channels`: the ones the shopper chose to be told by, turned on with the ask.
 */
export async function setNotifyMe({ productId, variantId }: WaitedUnit, on: boolean, channels?: NoticeChannel[]): Promise<{ sent: Promise<number> }> {
  // Dexie and the outbox load on first need (lib/storage/device-store.ts): a card's button is on the first visit's path.
  const [db, { outboxFacade }] = await Promise.all([openStorage(), import('../../../lib/storage/outbox-facade')]);
  const key = cartLineKey(productId, variantId);
  const body = { productId, ...(variantId ? { variantId } : {}) };
  await outboxFacade.transaction([db.notifyMe], async () => {
    if (on) {
      if (!(await db.notifyMe.get(key))) await db.notifyMe.put({ key, productId, variantId, addedAt: Date.now() });
      await outboxFacade.enqueue('notify-me.add', channels?.length ? { ...body, channels } : body);
    } else {
      await db.notifyMe.delete(key);
      await outboxFacade.enqueue('notify-me.remove', body);
    }
  });
  return { sent: outboxFacade.flush() };
}

/**
 * What to offer when no channel that reaches the account is on for back in stock (the server would refuse the ask with
 * 409 NO_CHANNEL by the same rule, usableChannels); null when one is on, or when it cannot be known now (offline: the
 * ask is queued and the server's answer decides).
 */
async function choiceNeeded(user: User): Promise<ChannelChoice | null> {
  try {
    // The consents' read loads with the ask (online only), not with the precached product page that draws the button.
    const { noticeConsentsQuery } = await import('../notices-api');
    const [consents, config, push] = await Promise.all([
      queryClient.fetchQuery({ ...noticeConsentsQuery(), staleTime: 10_000 }),
      queryClient.fetchQuery(publicConfigQuery()),
      // A device whose service worker is not ready yet (a first visit) cannot take push now: not offered, not waited for.
      Promise.race([currentPushState(), new Promise<PushState>((resolve) => setTimeout(() => resolve('unsupported'), PUSH_STATE_WAIT_MS))]).catch(
        () => 'unsupported' as const,
      ),
    ]);
    const account = { email: user.email, mobileVerified: Boolean(user.mobile_verified) };
    const usable = usableChannels(account, config);
    // Mail goes to a proved address only (docs/product.md#notices-and-consent): an unproved one's switch tells nobody.
    if (usable.some((c) => consents.backInStock[c] && (c !== 'email' || user.verify_email))) return null;
    const channels = usable.filter((c) => c !== 'push' || push === 'on' || push === 'off');
    return { channels, emailUnverified: user.email !== '' && !user.verify_email, email: user.email, mobile: user.mobile };
  } catch {
    return null;
  }
}

/** "Notify me" on a sold-out unit: whether this device holds a wait for it, the ask (sign-in first), and the channel choice. */
export function useNotifyMe(unit: WaitedUnit) {
  const signedIn = useAtomValue(isSignedInAtom);
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();
  const waiting = useDeviceQuery(waitKeys)?.has(cartLineKey(unit.productId, unit.variantId)) ?? false;
  const [busy, setBusy] = useState(false);
  const [choice, setChoice] = useState<ChannelChoice | null>(null);
  /** The ask; `channels` once the shopper chose (push first subscribes this device, as My Profile's switch does). */
  const ask = async (channels?: NoticeChannel[]) => {
    if (!signedIn || !user) {
      showHeaderMessage(i18n.t('account.loginRequired'));
      return navigate('/login');
    }
    setBusy(true);
    try {
      if (!channels) {
        const needed = await choiceNeeded(user);
        if (needed) return setChoice(needed);
      } else if (channels.includes('push') && (await turnPushOn()) !== 'on') {
        return toast.error(i18n.t('catalog:notifyMePushRefused'));
      }
      const { sent } = await setNotifyMe(unit, true, channels);
      setChoice(null);
      toast.success(i18n.t(channels ? 'catalog:notifyMeAskedBy' : 'catalog:notifyMeAsked', { channels: channelWords(channels ?? []) }));
      await sent;
      if (channels) void queryClient.invalidateQueries({ queryKey: screenKeys.noticeConsents() });
    } catch {
      toast.error(i18n.t('catalog:wishlistFailed'));
    } finally {
      setBusy(false);
    }
  };
  return { signedIn, waiting, busy, ask, choice, cancel: () => setChoice(null) };
}

/** "e-mail", "push and e-mail": the channels as a sentence says them, in the shopper's language. */
export function channelWords(channels: readonly NoticeChannel[]): string {
  const words = channels.map((c) => i18n.t(`catalog:notifyMeBy.${c}`));
  return new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(words);
}
