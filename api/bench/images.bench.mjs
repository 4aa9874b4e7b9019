// npm run bench:images — peak memory of the API while it decodes parallel image uploads.
//
// Starts the built API (api/dist) on PGlite, signs in as its admin, then sends BENCH_UPLOADS (default 6)
// uploads of one 25-megapixel image (5000×5000, the most an upload may have) at once, first as PNG (no
// shrink-on-load: every pixel is decoded) then as JPEG. For each round it prints the API's resident
// memory before, its peak during the round (VmHWM, reset before each round; sampled VmRSS where the
// kernel does not allow the reset), how far the peak rose above the memory before, and how long the
// round took, then the rise beside its target (≤ 300 MB). Image decodes are capped per process
// (docs/decisions/0038-uploaded-images.md), so the peak stays near two decodes' worth however
// many uploads arrive together. The API inherits this process's environment: run it with
// MALLOC_ARENA_MAX=2, as the README says to start the shop, to measure what a shop runs.
//
// Environment: BENCH_UPLOADS (6), MALLOC_ARENA_MAX (passed on to the API; printed).
import { readFile, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { load, machine, must, call, printTargets, startApi } from './lib.mjs';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 6);
/** The most the API's resident memory may rise above its level before a round. */
const TARGET_RISE_MB = 300;
const WIDTH = 5000;
const HEIGHT = 5000;
const ADMIN = { email: 'bench-admin@haat.local', password: 'bench-admin-pass-1' };

/** A smooth 5000×5000 picture (gradients, so it stays under the 5 MB upload limit) in one format. */
async function picture(format) {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      raw[i] = (x * 255) / WIDTH;
      raw[i + 1] = (y * 255) / HEIGHT;
      raw[i + 2] = ((x + y) * 127) / (WIDTH + HEIGHT);
    }
  }
  const image = sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } });
  return format === 'png' ? image.png({ compressionLevel: 9 }).toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

/** VmRSS and VmHWM of a process in MiB (Linux /proc). */
async function memory(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const mib = (field) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  return { rss: mib('VmRSS'), hwm: mib('VmHWM') };
}

/** Resets the peak (VmHWM) to the current RSS; false where the kernel refuses. */
async function resetPeak(pid) {
  try {
    await writeFile(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

async function upload(base, token, bytes, name) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const res = await fetch(`${base}/api/file/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`);
}

console.log(
  `images bench: ${UPLOADS} parallel uploads of ${WIDTH}×${HEIGHT} (${(WIDTH * HEIGHT) / 1e6} MP); MALLOC_ARENA_MAX ${process.env.MALLOC_ARENA_MAX ?? 'unset'}; ${machine()}; load ${load()}`,
);
const api = await startApi({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED: 'none', LOG_LEVEL: 'warn' }, { timeoutMs: 120_000 });
try {
  const token = (await must(call(api.url, 'POST', '/api/user/login', null, ADMIN), 'admin login')).data.accesstoken;
  const rows = [];
  for (const format of ['png', 'jpeg']) {
    const bytes = await picture(format);
    const before = await memory(api.pid);
    const resettable = await resetPeak(api.pid);
    let sampled = before.rss;
    const sampler = setInterval(() => {
      memory(api.pid).then(
        (m) => (sampled = Math.max(sampled, m.rss)),
        () => undefined,
      );
    }, 20);
    const started = performance.now();
    await Promise.all(Array.from({ length: UPLOADS }, (_, i) => upload(api.url, token, bytes, `bench-${i}.${format}`)));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = await memory(api.pid);
    const peak = resettable ? Math.max(after.hwm, sampled) : sampled;
    rows.push({
      format,
      'file KB': Math.round(bytes.length / 1024),
      'RSS before MiB': before.rss,
      'peak RSS MiB': peak,
      'rise MiB': peak - before.rss,
      'peak from': resettable ? 'VmHWM' : 'sampled every 20 ms',
      'RSS after MiB': after.rss,
      seconds: Number(seconds.toFixed(2)),
    });
  }
  console.table(rows);
  printTargets(
    rows.map((r) => ({
      name: `peak RSS rise, ${UPLOADS} parallel ${r.format} uploads`,
      figure: `+${Math.round((r['rise MiB'] * 2 ** 20) / 1e6)} MB (${r['RSS before MiB']} → ${r['peak RSS MiB']} MiB)`,
      target: `≤ +${TARGET_RISE_MB} MB`,
      meets: (r['rise MiB'] * 2 ** 20) / 1e6 <= TARGET_RISE_MB,
    })),
  );
} finally {
  await api.stop();
}
