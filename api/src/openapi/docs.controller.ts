import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Controller, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { notFound } from '../common/app-error.js';

const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** swagger-ui-dist's files this page uses, served from node_modules (no CDN), and the page's own script. */
const ASSETS: Record<string, { type: string; body: () => Buffer | string }> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', body: () => readFileSync(join(dist, 'swagger-ui.css')) },
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', body: () => readFileSync(join(dist, 'swagger-ui-bundle.js')) },
  'favicon-32x32.png': { type: 'image/png', body: () => readFileSync(join(dist, 'favicon-32x32.png')) },
  // No validator badge (it would load an image from validator.swagger.io): nothing leaves the machine.
  'init.js': {
    type: 'text/javascript; charset=utf-8',
    body: () =>
      `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#docs', validatorUrl: null, deepLinking: true, persistAuthorization: false });\n`,
  },
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Haat API reference</title>
<link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="docs"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

/** The browsable reference at /api/docs: Swagger UI over /api/openapi.json; no inline script, no outside request. */
@Controller('docs')
export class DocsController {
  private readonly files = new Map<string, Buffer | string>();

  @Get()
  page(@Res({ passthrough: true }) reply: FastifyReply) {
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    return PAGE;
  }

  @Get(':file')
  asset(@Param('file') file: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const asset = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
    if (!asset) throw notFound(`docs/${file}`);
    if (!this.files.has(file)) this.files.set(file, asset.body());
    void reply.type(asset.type).header('cache-control', 'public, max-age=3600');
    return this.files.get(file);
  }
}
