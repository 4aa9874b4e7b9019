import nodemailer from 'nodemailer';
import { mailSays, readMail } from './mail-reading.js';

/** A mail as MailService writes it when no SMTP_URL is set: nodemailer's stream transport, unix newlines. */
async function eml(subject: string, text: string): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = (await transport.sendMail({ from: 'Haat <no-reply@haat.local>', to: 'asha@test.local', subject, text })) as { message: Buffer };
  return info.message.toString('utf8');
}

describe('reading a mail as its reader sees it', () => {
  it('finds an order number in a Hindi mail that nodemailer wrote in base64 (more Devanagari than Latin letters)', async () => {
    const raw = await eml('ऑर्डर HT7K2M9QXP कन्फ़र्म हो गया', 'नमस्ते,\n\nहमने ऑर्डर HT7K2M9QXP कन्फ़र्म कर दिया है और इसे पैक कर रहे हैं।');
    expect(raw).toMatch(/^Content-Transfer-Encoding: base64$/m);
    expect(raw).not.toContain('HT7K2M9QXP');
    expect(mailSays(raw, /HT7K2M9QXP/)).toBe(true);
    expect(mailSays(raw, /HTXXXXXXXX/)).toBe(false);
    expect(readMail(raw).text).toBe('नमस्ते,\n\nहमने ऑर्डर HT7K2M9QXP कन्फ़र्म कर दिया है और इसे पैक कर रहे हैं।');
  });

  it('finds an order number that a quoted-printable fold splits in the raw file', async () => {
    // The ₹ makes it quoted-printable, and a line is folded at 76 characters: here inside the link's order number.
    const line = 'Pay ₹600 less. Your order: https://shop.test/a/my-orders#order-HT7K2M9QXP';
    const raw = await eml('Part of your order', line);
    expect(raw).toMatch(/^Content-Transfer-Encoding: quoted-printable$/m);
    expect(raw).not.toContain('HT7K2M9QXP');
    expect(mailSays(raw, /HT7K2M9QXP/)).toBe(true);
    expect(readMail(raw).text.trimEnd()).toBe(line);
  });

  it('finds what a header says', async () => {
    expect(mailSays(await eml('Your code', 'Hello'), /^To: asha@test\.local$/m)).toBe(true);
  });
});
