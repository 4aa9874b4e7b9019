/** A raw .eml as its reader sees it: the subject and the text, decoded (RFC 2047 words, base64 or quoted-printable). */
export function readMail(raw: string): { subject: string; text: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(unfolded)?.[1] ?? '';
  const subject = header('Subject')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
      enc.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQp(data.replace(/_/g, ' ')),
    );
  const body = rest.join('\n\n');
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : encoding === 'quoted-printable' ? decodeQp(body) : body;
  return { subject, text };
}

/**
 * Whether a raw .eml says `pattern` in its headers, its subject or its text, as its reader sees them: nodemailer picks
 * base64 for a text with more non-Latin than Latin letters (a Hindi mail whose links happen to hold few letters) and
 * folds quoted-printable lines at 76 characters, so a word can be absent from the raw file of a mail that says it.
 */
export function mailSays(raw: string, pattern: RegExp): boolean {
  const { subject, text } = readMail(raw);
  return pattern.test(raw) || pattern.test(subject) || pattern.test(text);
}

function decodeQp(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}
