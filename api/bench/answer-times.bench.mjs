// npm run bench:answer-times — whether an answer's time tells who has an account or a code
// (docs/decisions/0275-accounts-sign-in-passwords-and-sessions.md, docs/decisions/0280-sign-in-by-mobile-number.md).
//
// One built API (api/dist) on a scratch PostgreSQL database, the password hash at the shop's own cost. Pairs of
// requests, the two kinds taken in turn so the machine's load falls on both alike:
// - sign-up: `POST /api/user/register` with a new e-mail, and with one an account already has (same answer);
// - code check: `POST /api/user/login-otp/verify` with a wrong code for a number that was sent a code, and for a
//   number never sent one (the same 400 naming `otp`).
// Figures: each kind's median and 90th percentile in ms, and the median difference of the pairs with the middle
// 80 % of the differences (what a timing attacker would average over). Differences under a millisecond, on a shared
// machine, are noise; a difference the size of a query (1–3 ms here) is not.
//
// Environment: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
// BENCH_PAIRS (200).
import { call, load, machine, must, scratchDatabase, startApi } from './lib.mjs';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 200);

const timed = async (request) => {
  const started = process.hrtime.bigint();
  const res = await request();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, status: res.status };
};

/** Median and 90th percentile of each kind, and the pairs' differences (a − b): median and the middle 80 %. */
function figures(name, a, b) {
  const quantiles = (list) => {
    const sorted = list.map((x) => x.ms).sort((x, y) => x - y);
    return { p50: sorted[Math.floor(0.5 * sorted.length)], p90: sorted[Math.floor(0.9 * sorted.length)] };
  };
  const [pa, pb] = [quantiles(a), quantiles(b)];
  const diffs = a.map((x, i) => x.ms - b[i].ms).sort((x, y) => x - y);
  const at = (q) => diffs[Math.min(diffs.length - 1, Math.floor(q * diffs.length))];
  console.log(
    `${name}: ${pa.p50.toFixed(2)} / ${pb.p50.toFixed(2)} ms median, ${pa.p90.toFixed(2)} / ${pb.p90.toFixed(2)} ms p90; ` +
      `difference of pairs median ${at(0.5).toFixed(2)} ms (middle 80 %: ${at(0.1).toFixed(2)} to ${at(0.9).toFixed(2)})`,
  );
}

const db = await scratchDatabase();
const api = await startApi(
  { DATABASE_URL: db.url, SEED: 'none', LOG_LEVEL: 'error', SMS_BUDGET_PER_HOUR: '100000', SMS_BUDGET_PER_DAY: '1000000' },
  { timeoutMs: 60_000 },
);
try {
  console.log(`machine: ${machine()}; load ${load()}`);
  const password = 'saffron-kettle-rain-7';
  const register = (email) => call(api.url, 'POST', '/api/user/register', null, { name: 'Timing', email, password, confirmPassword: password });
  await must(register('taken@bench.local'), 'the taken account');
  const fresh = [];
  const taken = [];
  for (let i = 0; i < PAIRS + 10; i++) {
    const [x, y] = i % 2 ? ['fresh', 'taken'] : ['taken', 'fresh'];
    const one = { fresh: () => register(`new${i}@bench.local`), taken: () => register('taken@bench.local') };
    const first = await timed(one[x]);
    const second = await timed(one[y]);
    if (i < 10) continue; // warm-up
    (x === 'fresh' ? fresh : taken).push(first);
    (y === 'fresh' ? fresh : taken).push(second);
  }
  if (fresh.concat(taken).some((r) => r.status !== 201)) throw new Error('a sign-up did not answer 201');
  figures('sign-up, new e-mail / taken e-mail', fresh, taken);

  const number = (i) => `+9197${String(10_000_000 + i).padStart(8, '0')}`;
  const verify = (mobile) => call(api.url, 'POST', '/api/user/login-otp/verify', null, { mobile, otp: '000000' });
  const sent = [];
  const never = [];
  for (let i = 0; i < PAIRS + 10; i++) {
    const withCode = number(2 * i);
    await must(call(api.url, 'POST', '/api/user/login-otp', null, { mobile: withCode }), 'a sign-in code');
    const [x, y] = i % 2 ? ['sent', 'never'] : ['never', 'sent'];
    const one = { sent: () => verify(withCode), never: () => verify(number(2 * i + 1)) };
    const first = await timed(one[x]);
    const second = await timed(one[y]);
    if (i < 10) continue;
    (x === 'sent' ? sent : never).push(first);
    (y === 'sent' ? sent : never).push(second);
  }
  if (sent.concat(never).some((r) => r.status !== 400)) throw new Error('a wrong code did not answer 400');
  figures('code check, wrong code / no code sent', sent, never);
} finally {
  await api.stop();
  await db.drop();
}
