import type { IncomingHttpHeaders } from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestApp } from './harness.js';
import { waitUntil } from './wait-until.js';
import { StandIn } from './stand-in.js';

let counter = 0;
/** A fresh Indian mobile number, as a shopper types it, and as the shop stores it. */
export function newMobile(): { typed: string; e164: string } {
  const digits = `9${String(Date.now() % 1e6).padStart(6, '0')}${String(counter++ % 1000).padStart(3, '0')}`;
  return { typed: `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`, e164: `+91${digits}` };
}

/** The text messages written to $DATA_DIR/sms for this number (+91…), oldest first. */
export async function smsTo(t: TestApp, mobile: string): Promise<string[]> {
  let names: string[];
  try {
    names = (await readdir(t.config.smsDir)).filter((n) => n.endsWith('.txt')).sort();
  } catch {
    return [];
  }
  const texts = await Promise.all(names.map((n) => readFile(join(t.config.smsDir, n), 'utf8')));
  return texts.filter((text) => text.startsWith(`To: ${mobile}\n`));
}

/** The n-th message's code, read from its WebOTP line (`@host #code`), once it has been written (SMS go out in the background). */
export async function waitForSmsCode(t: TestApp, mobile: string, nth = 1): Promise<string> {
  let have = 0;
  const text = await waitUntil(
    async () => {
      const all = await smsTo(t, mobile);
      have = all.length;
      return all[nth - 1];
    },
    { timeoutMs: 5000, intervalMs: 50, message: () => `SMS #${nth} to ${mobile} (have ${have})` },
  );
  const code = /\n@[^\s#]+ #(\d{6})\n?$/.exec(text)?.[1];
  if (!code) throw new Error(`no WebOTP line in:\n${text}`);
  return code;
}

export interface TwilioCall {
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

/**
 * A small local stand-in for Twilio's Messages API: records every request (what our server asked Twilio
 * to send) and answers as Twilio does; `failNext` answers the next ones with that HTTP status.
 */
export class TwilioStandIn {
  readonly calls: TwilioCall[] = [];
  failNext: number[] = [];
  private readonly http = new StandIn(({ path, headers, body }) => {
    const form = Object.fromEntries(new URLSearchParams(body));
    this.calls.push({ path, headers, form });
    const status = this.failNext.shift();
    if (status) return { status, body: { code: 20500, message: 'stand-in failure', status } };
    return { status: 201, body: { sid: `SM${this.calls.length}`, to: form.To, body: form.Body, status: 'queued' } };
  });

  start(): Promise<string> {
    return this.http.start();
  }

  close(): Promise<void> {
    return this.http.close();
  }
}
