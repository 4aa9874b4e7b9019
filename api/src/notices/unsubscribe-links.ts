import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { NOTICE_CHANNELS, NOTICE_TOPICS, type NoticeChannel, type NoticeTopic } from '@haat/shared/notices/notice-consents';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

/** What an unsubscribe link turns off. */
export interface Unsubscribe {
  userId: string;
  topic: NoticeTopic;
  channel: NoticeChannel;
}

/**
 * One-click unsubscribe links (docs/product.md#notices-and-consent): `u`, `t`, `c` say whose switch, `s` is an HMAC of
 * them under a key of the shop's own, so the link needs no sign-in and turns off only that one switch. It does not
 * expire: a mail read a year later must still stop what it is about.
 */
@Injectable()
export class UnsubscribeLinks {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.key = createHmac('sha256', config.jwtRefreshSecret).update('haat:unsubscribe').digest();
  }

  link(u: Unsubscribe): string {
    const query = new URLSearchParams({ u: u.userId, t: u.topic, c: u.channel, s: this.sign(u) });
    return `${this.config.publicUrl}/api/notices/unsubscribe?${query.toString()}`;
  }

  /** The switch a link's query names, when its signature is this shop's; else null. */
  read(query: Record<string, unknown>): Unsubscribe | null {
    const [userId, topic, channel, s] = ['u', 't', 'c', 's'].map((k) => (typeof query[k] === 'string' ? query[k] : ''));
    if (!userId || !NOTICE_TOPICS.includes(topic as NoticeTopic) || !NOTICE_CHANNELS.includes(channel as NoticeChannel)) return null;
    const u = { userId, topic: topic as NoticeTopic, channel: channel as NoticeChannel };
    const [given, wanted] = [Buffer.from(s ?? ''), Buffer.from(this.sign(u))];
    return given.length === wanted.length && timingSafeEqual(given, wanted) ? u : null;
  }

  private sign(u: Unsubscribe): string {
    return createHmac('sha256', this.key).update(`${u.userId}:${u.topic}:${u.channel}`).digest('base64url');
  }
}
