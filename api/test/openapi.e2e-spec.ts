import { rmSync } from 'node:fs';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Ajv2020 } from 'ajv/dist/2020.js';
import request from 'supertest';
import { loadConfig } from '../src/config/config.js';
import { createApp } from '../src/app.factory.js';
import { OpenApiService } from '../src/openapi/openapi.service.js';
import { ErrorEnvelope, SuccessEnvelope } from '../src/openapi/openapi-document.js';
import { ADMIN, migratedDataDir } from './harness.js';

type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };
type Operation = {
  operationId: string;
  deprecated?: boolean;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: unknown; example?: unknown }> };
  responses: Record<string, unknown>;
  parameters?: Array<{ in: string; name: string }>;
};

describe('the API describes itself (GET /api/openapi.json, /api/docs)', () => {
  let app: NestFastifyApplication, dataDir: string;
  /** Every route Fastify registered, as it saw them (not Nest's metadata, which the document is built from). */
  const registered: Array<{ method: string; url: string }> = [];
  let doc: Doc;

  beforeAll(async () => {
    dataDir = await migratedDataDir('haat-openapi-');
    const config = loadConfig({
      DATA_DIR: dataDir,
      SEED: 'none',
      LOG_LEVEL: 'error',
      PORT: '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_FACTOR: '1000',
    });
    app = await createApp(config);
    app
      .getHttpAdapter()
      .getInstance()
      .addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) registered.push({ method: String(method), url: route.url });
      });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await request(app.getHttpServer()).get('/api/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body;
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is OpenAPI 3.1 and documents every route Fastify registered under /api', () => {
    expect(doc.openapi).toBe('3.1.0');
    const apiRoutes = registered.filter((r) => r.url.startsWith('/api/') && !['HEAD', 'OPTIONS'].includes(r.method));
    expect(apiRoutes.length).toBeGreaterThan(50);
    const missing = apiRoutes
      .map((r) => `${r.method} ${r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/$/, '')}`)
      .filter((key) => {
        const [method, path] = key.split(' ') as [string, string];
        return !doc.paths[path]?.[method.toLowerCase()];
      });
    expect(missing).toEqual([]);
    console.log(`${apiRoutes.length} routes registered, ${Object.values(doc.paths).reduce((n, p) => n + Object.keys(p).length, 0)} operations documented`);
  });

  it("marks the seed family's misspelt alias deprecated, under its own operation id", () => {
    const alias = doc.paths['/api/product/get-pruduct-by-category-and-subcategory']?.post;
    const route = doc.paths['/api/product/get-product-by-category-and-subcategory']?.post;
    expect(alias?.deprecated).toBe(true);
    expect(route?.deprecated).toBeUndefined();
    expect(alias?.requestBody).toEqual(route?.requestBody);
    expect(alias?.operationId).not.toBe(route?.operationId);
  });

  it('names each operation once, in words a link to it in /api/docs carries as written', () => {
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    // Swagger UI reads `_` in a deep link (#/tag/operationId) as an escaped space and logs an error for it; it escapes
    // `.` and the like in the operation's element id.
    expect(ids.filter((id) => !/^[A-Za-z][A-Za-z0-9-]*$/.test(id))).toEqual([]);
  });

  it('gives each operation its auth, its answer envelope and its error codes', () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect({ where, security: Array.isArray(op.security) }).toEqual({ where, security: true });
        const success = Object.keys(op.responses).filter((s) => s.startsWith('2'));
        expect({ where, success: success.length }).toEqual({ where, success: 1 });
        expect({ where, errors: Object.keys(op.responses).some((s) => s.startsWith('5')) }).toEqual({ where, errors: true });
      }
    }
    const cod = doc.paths['/api/order/cash-on-delivery']!.post!;
    expect(cod.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(cod.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '409', '422']));
    expect(cod.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'idempotency-key' })]));
    expect(doc.paths['/api/product/create']!.post!.responses['403']).toBeDefined();
    expect(doc.paths['/api/category/get']!.get!.security).toEqual([]);
    expect(doc.paths['/api/file/upload']!.post!.requestBody!.content['multipart/form-data']).toBeDefined();
  });

  it('takes request bodies from the shared zod schemas, and every example validates against them', () => {
    const service = app.get(OpenApiService);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    let examples = 0;
    for (const route of service.routes()) {
      const op = doc.paths[route.path]![route.method]!;
      const json = op.requestBody?.content['application/json'];
      if (route.body) expect({ route: route.path, documented: Boolean(json?.schema) }).toEqual({ route: route.path, documented: true });
      if (json?.example === undefined) continue;
      examples++;
      const parsed = route.body!.safeParse(json.example);
      expect({ route: route.path, zod: parsed.success ? 'valid' : parsed.error.message }).toEqual({ route: route.path, zod: 'valid' });
      const validate = ajv.compile(json.schema as object);
      expect({ route: route.path, jsonSchema: validate(json.example) ? 'valid' : ajv.errorsText(validate.errors) }).toEqual({
        route: route.path,
        jsonSchema: 'valid',
      });
    }
    expect(examples).toBeGreaterThanOrEqual(8);
  });

  it('describes the envelope real answers wear', async () => {
    const ajv = new Ajv2020({ strict: false });
    const ok = ajv.compile(doc.components.schemas.SuccessEnvelope as object);
    const error = ajv.compile(doc.components.schemas.ErrorEnvelope as object);
    const health = await request(app.getHttpServer()).get('/api/health');
    expect(ok(health.body)).toBe(true);
    expect(SuccessEnvelope.safeParse(health.body).success).toBe(true);
    const refused = await request(app.getHttpServer()).post('/api/user/login').send({ email: 'nobody' });
    expect(refused.status).toBe(400);
    expect(error(refused.body)).toBe(true);
    expect(ErrorEnvelope.safeParse(refused.body).success).toBe(true);
    expect(ok(refused.body)).toBe(false);
  });

  it('serves the reference page and its Swagger UI files from node_modules', async () => {
    const page = await request(app.getHttpServer()).get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).not.toMatch(/https?:\/\//);
    for (const src of page.text.match(/(?:src|href)="([^"]+)"/g)!.map((m) => m.split('"')[1]!)) {
      const asset = await request(app.getHttpServer()).get(src);
      expect({ src, status: asset.status }).toEqual({ src, status: 200 });
    }
    expect((await request(app.getHttpServer()).get('/api/docs/package.json')).status).toBe(404);
    expect((await request(app.getHttpServer()).get('/api/docs/..%2F..%2Fpackage.json')).status).toBe(404);
  });
});
