import 'reflect-metadata';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { DestinationStream } from 'pino';
import { LogController } from 'fastify';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { LIMITS } from '@haat/shared/common/limits';
import type { AppConfig } from './config/config.js';
import { AppModule } from './app.module.js';
import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import { RealtimeIoAdapter } from './realtime/index.js';
import { securityHeaders } from './security-headers/index.js';
import { corsOptions } from './common/cors-options.js';
import { answerWithPublicUrls } from './common/public-urls.js';
import { jsonBodyParser } from './common/json-body.js';
import { ProductsController, firstPictures, withFirstPictures } from './catalog/index.js';
import { MetricsService } from './metrics/index.js';
import { FILE_STORAGE, isShared, serveStoredFiles, type FileStorage } from './files/index.js';
import { createAppLogger, requestId } from './logging/app-logger.js';
import { NestPinoLogger } from './logging/nest-pino-logger.js';
import { logRequests } from './logging/request-log.js';

/** Builds the whole server: API under /api, uploads under /uploads, the PWA (or a plain page) at /. */
export async function createApp(config: AppConfig, logDestination?: DestinationStream): Promise<NestFastifyApplication> {
  // One pino logger for Fastify's requests and Nest's messages: JSON lines, pretty on a terminal.
  const logger = createAppLogger(config, logDestination);
  const adapter = new FastifyAdapter({
    bodyLimit: LIMITS.jsonBodyMaxBytes,
    trustProxy: config.trustProxy as boolean | string,
    loggerInstance: logger,
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: requestId,
    // A client that stops sending (a half-sent body) or trickles it loses its connection after
    // REQUEST_TIMEOUT_MS of silence, or that long after it began, instead of holding it for minutes.
    connectionTimeout: config.requestTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    // An idle kept-alive connection is closed after REQUEST_TIMEOUT_MS (the socket timeout above), and the Keep-Alive
    // header says so: left at Fastify's 72 s, it promised clients a connection the server had closed at 30 s, and a
    // client reusing one just then got it closed under its request ("other side closed"). A balancer in front must
    // keep its own idle connections a shorter time (deploy/nginx.conf).
    keepAliveTimeout: config.requestTimeoutMs,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: new NestPinoLogger(logger),
    rawBody: true,
  });
  logRequests(app.getHttpAdapter().getInstance());
  // connectionTimeout is the socket's idle timeout: meant for a client's silence, it also fired while the server was
  // silent, working on an answer, and cut a request that took longer than REQUEST_TIMEOUT_MS to answer (a busy machine)
  // with no answer at all. Once the request is read, the server's work does not count; the next request's does again.
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('preHandler', (request, _reply, done) => {
    request.raw.socket?.setTimeout(0);
    done();
  });
  fastify.addHook('onResponse', (request, _reply, done) => {
    request.raw.socket?.setTimeout(config.requestTimeoutMs);
    done();
  });
  // JSON bodies: size bounded by bodyLimit, depth bounded before they are parsed (common/json-body.ts).
  app.useBodyParser('application/json', { bodyLimit: LIMITS.jsonBodyMaxBytes }, jsonBodyParser(app.getHttpAdapter().getInstance()));
  // The ONDC seller endpoints answer on the shop's own origin, where the registry lists it (docs/product.md#selling-on-ondc).
  app.setGlobalPrefix('api', { exclude: [{ path: 'ondc/:action', method: RequestMethod.POST }] });
  app.get(MetricsService).observe(app.getHttpAdapter().getInstance());
  app.enableShutdownHooks();
  // Image paths leave as absolute URLs on PUBLIC_URL (usable from any origin) and come back as paths.
  answerWithPublicUrls(fastify, config.publicUrl);
  // socket.io on this same server (and origin); shared across instances through Redis when REDIS_URL is set.
  app.useWebSocketAdapter(new RealtimeIoAdapter(app));

  const index = join(config.pwaDist, 'index.html');
  const products = app.get(ProductsController);
  const indexHtml = () => (existsSync(index) ? readFileSync(index, 'utf8') : PLACEHOLDER_PAGE);
  // History fallback: the PWA's routes answer its index.html; /api and /uploads answer JSON 404s.
  app.useGlobalFilters(
    new AllExceptionsFilter((req, reply) => {
      const path = req.url.split('?')[0] ?? '/';
      const isPage =
        (req.method === 'GET' || req.method === 'HEAD') && !path.startsWith('/api/') && !path.startsWith('/uploads/') && !/\.[a-z0-9]{2,5}$/i.test(path);
      if (isPage) {
        // A product or listing page comes with its first pictures preloaded and drawn (products/first-paint.ts).
        void firstPictures(products, req.url).then((first) =>
          reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(withFirstPictures(indexHtml(), first)),
        );
      }
      return isPage;
    }),
  );

  // CSP, nosniff, Referrer-Policy, HSTS on https… on every answer: pages, /api and /uploads.
  const headers = securityHeaders(config, indexHtml());
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (req, reply, done) => headers(req.raw, reply.raw, done));

  // Pages on the listed other origins may call the API with credentials; every other origin gets no CORS headers.
  if (config.corsOrigins.length) await app.register(cors, corsOptions(config.corsOrigins));
  // Fastify's own errors (bad JSON, body over 1 MB) reach the global filter as HttpExceptions.
  await app.register(multipart, { limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 20 } });
  const storage = app.get<symbol, FileStorage>(FILE_STORAGE);
  // Pictures in the shared database or bucket (FILE_STORAGE=postgres or s3), or in this instance's data folder.
  if (isShared(storage)) serveStoredFiles(app.getHttpAdapter().getInstance(), storage);
  else {
    mkdirSync(config.uploadsDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: config.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
    });
  }
  if (existsSync(index)) {
    // The PWA build writes .br/.gz beside each text file; hashed /assets/ never change, the rest revalidate.
    await app.register(fastifyStatic as never, {
      root: config.pwaDist,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res: { setHeader(name: string, value: string): void }, path: string) =>
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  return app;
}

const PLACEHOLDER_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Haat</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui;margin:3rem"><h1>Haat</h1><p>The API is up at <a href="/api/health">/api/health</a>.
The storefront has not been built yet (npm run build).</p></body></html>`;
