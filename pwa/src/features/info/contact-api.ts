import type { Envelope } from '@haat/shared/common/envelope';
import type { ContactBody } from '@haat/shared/contact/contact.schema';
import { http } from '../../lib/http/http';

/** POST /api/contact: mails the support desk. A refusal (bad field, too many messages) is shown by lib/http. */
export const sendContactMessage = (body: ContactBody) => http.post('contact', { json: body }).json<Envelope<null>>();
