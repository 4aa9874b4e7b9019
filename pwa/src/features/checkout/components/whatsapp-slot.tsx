import { WhatsappOffer } from '../../account/public';

/** The success page's WhatsApp offer, in a chunk of its own (success.page.tsx loads it when drawn). */
export function WhatsappSlot() {
  return <WhatsappOffer />;
}
