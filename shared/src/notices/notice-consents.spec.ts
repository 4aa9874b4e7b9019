import { describe, expect, it } from 'vitest';
import { usableChannels } from './notice-consents.js';

// docs/product.md#notices-and-consent: the channels a notice can reach an account by, as the notice grid shows them and
// Notify me offers them (409 NO_CHANNEL names the same).
describe('usableChannels', () => {
  it('offers e-mail only where the account has an address: a mobile-only account has no e-mail switch', () => {
    expect(usableChannels({ email: '', mobileVerified: true }, { whatsapp: false })).toEqual(['push']);
    expect(usableChannels({ email: 'a@b.in', mobileVerified: false }, { whatsapp: false })).toEqual(['push', 'email']);
  });

  it('offers WhatsApp only at a verified mobile on a shop that sends it', () => {
    expect(usableChannels({ email: '', mobileVerified: true }, { whatsapp: true })).toEqual(['push', 'whatsapp']);
    expect(usableChannels({ email: 'a@b.in', mobileVerified: false }, { whatsapp: true })).toEqual(['push', 'email']);
    expect(usableChannels({ email: 'a@b.in', mobileVerified: true }, { whatsapp: true })).toEqual(['push', 'whatsapp', 'email']);
  });
});
