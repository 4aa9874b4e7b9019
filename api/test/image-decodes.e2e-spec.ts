import sharp from 'sharp';
import { DecodeGate, MAX_IMAGE_DECODES, imageDecodes } from '../src/files/decode-gate.js';
import { PORTABLE_DB_KINDS, adminToken, api, bearer, startApp, type TestApp } from './harness.js';

/**
 * Image decodes go through one gate per process (docs/decisions/0038-uploaded-images.md): more
 * parallel uploads than it allows queue, and never decode more than MAX_IMAGE_DECODES at once. Observed
 * through the gate's own counters (also on /api/metrics), not through timing.
 */
const PARALLEL = 6;

describe('the decode gate', () => {
  /** A job that runs until its test lets it finish. */
  const held = () => {
    let finish!: (fail?: boolean) => void;
    const done = new Promise<void>((resolve, reject) => (finish = (fail) => (fail ? reject(new Error('decode failed')) : resolve())));
    return { done, finish };
  };

  it('runs at most its cap at once, the rest in order, and frees a slot when a job fails', async () => {
    const gate = new DecodeGate(2);
    const jobs = Array.from({ length: 5 }, held);
    const started: number[] = [];
    const runs = jobs.map((job, i) =>
      gate.run(async () => {
        started.push(i);
        await job.done;
        return i;
      }),
    );
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1]);
    expect([gate.active, gate.waiting]).toEqual([2, 3]);
    jobs[1]!.finish(true); // a failing decode frees its slot too
    await expect(runs[1]).rejects.toThrow('decode failed');
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    for (const job of jobs) job.finish();
    expect(await Promise.all([runs[0], runs[2], runs[3], runs[4]])).toEqual([0, 2, 3, 4]);
    expect([gate.active, gate.waiting, gate.peakActive, gate.peakWaiting]).toEqual([0, 0, 2, 3]);
  });
});

describe.each(PORTABLE_DB_KINDS)('parallel image uploads (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let image: Buffer;
  const METRICS_TOKEN = 'image-decodes-metrics-token';

  beforeAll(async () => {
    t = await startApp(kind, { METRICS_TOKEN });
    admin = await adminToken(t);
    // 25 megapixels, the most an upload may have, in a PNG of a few KB: each decode inflates every row.
    image = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: { r: 30, g: 140, b: 90 } } })
      .png()
      .toBuffer();
  }, 60_000);
  afterAll(() => t?.close());

  it(`decodes at most ${MAX_IMAGE_DECODES} at once when ${PARALLEL} uploads arrive together; the rest wait, and all are stored`, async () => {
    expect(imageDecodes.active).toBe(0);
    imageDecodes.resetPeaks();
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => api(t).post('/api/file/upload').set(bearer(admin)).attach('file', image, `big-${i}.png`)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(PARALLEL).fill(201));
    expect(imageDecodes.peakActive).toBe(MAX_IMAGE_DECODES);
    // Uploads did arrive while the gate was full (two decodes per upload, one per size): it queued them.
    expect(imageDecodes.peakWaiting).toBeGreaterThanOrEqual(1);
    expect([imageDecodes.active, imageDecodes.waiting]).toEqual([0, 0]);
    const stored = await api(t).get(new URL(answers[PARALLEL - 1]!.body.data.url as string).pathname);
    expect(stored.status).toBe(200);
    expect((await sharp(stored.body as Buffer).metadata()).format).toBe('webp');
  }, 120_000);

  it('shows running and waiting decodes on /api/metrics', async () => {
    const res = await api(t).get('/api/metrics').set(bearer(METRICS_TOKEN));
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/haat_image_decodes\{state="running"\} 0/);
    expect(res.text).toMatch(/haat_image_decodes\{state="waiting"\} 0/);
  });
});
