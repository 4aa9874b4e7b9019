import { mutationOptions } from '@tanstack/react-query';
import type { Envelope } from '@haat/shared/common/envelope';
import type { ContactBody } from '@haat/shared/contact/contact.schema';
import { http } from '../../lib/http/http';

/** POST /api/contact: a message to the support desk (docs/product.md#screens, Contact); a refusal is told by the HTTP client. */
export const sendContactMessage = (body: ContactBody) => http.post('contact', { json: body }).json<Envelope<null>>();

/** The contact form's write (lib/query/server-write.ts); the page says the server's thanks. */
export const contactMessageWrite = () => mutationOptions({ mutationFn: sendContactMessage });
