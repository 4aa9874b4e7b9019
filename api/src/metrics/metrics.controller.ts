import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { notFound, unauthorized } from '../common/app-error.js';
import { MetricsService } from './metrics.service.js';

/**
 * Constant-time comparison for strings of any byte length: the digests are always 32 bytes, so a
 * header of the right character count but a different byte count (multibyte text) is a plain mismatch.
 */
const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
const same = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/** Prometheus text format, for a scraper holding METRICS_TOKEN; absent (404) when no token is set. */
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async scrape(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) reply: FastifyReply) {
    const token = this.config.metricsToken;
    if (!token) throw notFound('metrics (set METRICS_TOKEN to turn them on)');
    if (!same(authorization ?? '', `Bearer ${token}`)) throw unauthorized('metrics: send Authorization: Bearer <METRICS_TOKEN>.');
    void reply.type(this.metrics.registry.contentType).header('cache-control', 'no-store');
    return this.metrics.registry.metrics();
  }
}
