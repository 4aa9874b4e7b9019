import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { imageVariant } from '@haat/shared/files/image-variant';
import { api, bearer, PORTABLE_DB_KINDS, startWithUsers, type TestApp } from './harness.js';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

/** Random pixels: PNG cannot compress them, so the file is about width × height × 3 bytes. */
const noisyPng = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

describe.each(PORTABLE_DB_KINDS)('POST /api/file/upload on %s', (kind) => {
  let t: TestApp, admin: string, customer: string;
  beforeAll(async () => void ({ t, admin, customer } = await startWithUsers(kind)));
  afterAll(() => t.close());

  const upload = (bytes: Buffer, filename: string, token = admin) => api(t).post('/api/file/upload').set(bearer(token)).attach('file', bytes, filename);

  it('takes a PNG, answers data.url, stores a small and a large WebP served with long cache headers', async () => {
    const res = await upload(await png(1600, 1000), 'photo.png');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, error: false, message: 'Image uploaded successfully!' });
    const absolute: string = res.body.data.url;
    expect(absolute.startsWith(`${t.config.publicUrl}/uploads/`)).toBe(true);
    const url = absolute.slice(t.config.publicUrl.length);
    expect(url).toMatch(/^\/uploads\/[a-z0-9]+-large\.webp$/);
    expect(res.body.data.secure_url).toBe(absolute);
    expect(res.body.url).toBe(absolute);
    const small = imageVariant(url, 'small');
    expect(res.body.data.small).toBe(imageVariant(absolute, 'small'));
    expect(existsSync(join(t.config.uploadsDir, url.slice('/uploads/'.length)))).toBe(true);

    for (const [path, width] of [
      [url, 1200],
      [small, 400],
    ] as const) {
      const served = await api(t)
        .get(path)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
      expect(served.headers['cache-control']).toMatch(/immutable/);
      const meta = await sharp(served.body as Buffer).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
    }
  });

  it('takes a JPEG and drops its EXIF (camera, GPS) on the way', async () => {
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam', Model: 'Spy 3000', Copyright: 'Somebody' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    expect(jpeg.includes(Buffer.from('SecretCam'))).toBe(true);
    const res = await upload(jpeg, 'holiday.jpg');
    expect(res.status).toBe(201);
    const stored = join(t.config.uploadsDir, res.body.data.url.slice(`${t.config.publicUrl}/uploads/`.length));
    const served = await sharp(stored).metadata();
    expect(served.format).toBe('webp');
    expect(served.exif).toBeUndefined();
    expect(served.icc).toBeUndefined();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(stored).includes(Buffer.from('SecretCam'))).toBe(false);
  });

  it('a 4 MB image is fine (the 1 MB limit is for JSON bodies only)', async () => {
    const big = await noisyPng(1200, 1250);
    expect(big.length).toBeGreaterThan(4 * 1024 * 1024);
    expect(big.length).toBeLessThan(5 * 1024 * 1024);
    const res = await upload(big, 'big.png');
    expect(res.status).toBe(201);
  });

  it('refuses SVG and a text file renamed .png by their content (415, naming the file field)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
    for (const [bytes, name] of [
      [svg, 'logo.svg'],
      [svg, 'logo.png'],
      [Buffer.from('just some text, not an image at all\n'.repeat(20)), 'notes.png'],
    ] as const) {
      const res = await upload(bytes, name);
      expect({ name, status: res.status }).toEqual({ name, status: 415 });
      expect(res.body).toMatchObject({ success: false, error: true, code: 'NOT_AN_IMAGE', fields: ['file'] });
      expect(res.body.message).toMatch(/must be an image.*SVG/);
    }
  });

  it('answers 413 for a file over 5 MB', async () => {
    const res = await upload(randomBytes(5 * 1024 * 1024 + 1024), 'huge.png');
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, error: true, message: 'file: must be at most 5 MB.' });
  });

  it('400 names file when it is missing or the body is not multipart', async () => {
    const noFile = await api(t).post('/api/file/upload').set(bearer(admin)).field('other', 'x');
    expect(noFile.status).toBe(400);
    expect(noFile.body.fields).toEqual(['file']);
    const json = await api(t).post('/api/file/upload').set(bearer(admin)).send({ file: 'x' });
    expect(json.status).toBe(400);
    expect(json.body.fields).toEqual(['file']);
  });

  it('takes the one file part whatever its field name (image, avatar), text fields beside it ignored', async () => {
    const image = await api(t)
      .post('/api/file/upload')
      .set(bearer(admin))
      .field('alt', 'a photo')
      .attach('image', await png(30, 20), 'a.png');
    expect(image.status).toBe(201);
    expect(image.body.data.url).toMatch(/-large\.webp$/);
    const avatar = await api(t)
      .put('/api/user/upload-avatar')
      .set(bearer(customer))
      .attach('avatar', await png(64, 64), 'me.png');
    expect(avatar.status).toBe(200);
    expect(avatar.body.data.avatar).toMatch(/\/uploads\/.+\.webp$/);
  });

  it('refuses two file parts with a 400 naming the problem, storing nothing', async () => {
    const before = readdirSync(t.config.uploadsDir).length;
    const res = await api(t)
      .post('/api/file/upload')
      .set(bearer(admin))
      .attach('image', await png(10, 10), 'a.png')
      .attach('image2', await png(12, 12), 'b.png');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: true, code: 'TOO_MANY_FILES', fields: ['image'] });
    expect(res.body.message).toMatch(/exactly one file/);
    const avatar = await api(t)
      .put('/api/user/upload-avatar')
      .set(bearer(customer))
      .attach('avatar', await png(10, 10), 'a.png')
      .attach('avatar', await png(10, 10), 'b.png');
    expect(avatar.status).toBe(400);
    expect(avatar.body.code).toBe('TOO_MANY_FILES');
    expect(readdirSync(t.config.uploadsDir).length).toBe(before);
  });

  it('is for administrators: 401 for a visitor, 403 for a customer', async () => {
    const image = await png(20, 20);
    expect((await api(t).post('/api/file/upload').attach('file', image, 'a.png')).status).toBe(401);
    expect((await upload(image, 'a.png', customer)).status).toBe(403);
  });

  it('unknown upload paths answer 404, not the storefront', async () => {
    const res = await api(t).get('/uploads/nope-large.webp');
    expect(res.status).toBe(404);
  });
});
