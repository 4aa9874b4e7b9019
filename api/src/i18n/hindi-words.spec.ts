import { hiIN } from './hi-IN.js';
import { t } from './i18n.js';
import { NOTICE_TOPICS } from '@haat/shared/notices/notice-consents';

/** Every leaf text. */
const texts = (tree: object): string[] => Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : texts(v as object)));

// Hindi that reads as Hindi in the notice mails and the unsubscribe page (docs/product.md#languages), as the PWA's own
// check holds its screens (pwa/src/i18n/__tests__/hindi-words.test.ts): each line fails on the text a walk found wrong.
describe('the Hindi notice words', () => {
  it('agree with every topic: "चालू की थीं" and "नहीं मिलेंगी", whatever the topic', () => {
    for (const topic of NOTICE_TOPICS) {
      const words = { topic: t('hi-IN', `notices.topic.${topic}`), channel: t('hi-IN', 'notices.channel.email'), link: 'L' };
      expect(words.topic).toMatch(/सूचनाएँ$/);
      expect(t('hi-IN', 'notices.mailFooter', words)).toContain(`${words.topic} चालू की थीं`);
      expect(t('hi-IN', 'notices.stopped', words)).toContain(`${words.topic} नहीं मिलेंगी`);
    }
  });

  it('spell WhatsApp one way and never say "पर" twice around one place', () => {
    const all = texts(hiIN);
    expect(all.filter((text) => /व्हाट्स|वॉट्स|वाट्सऐप/.test(text))).toEqual([]);
    expect(all.filter((text) => /पर\s+\S+\s+पर(\s|$|।)/.test(text))).toEqual([]);
    expect(t('hi-IN', 'notices.channel.whatsapp')).toBe('WhatsApp');
  });
});
