import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ErrorCode } from '@haat/shared/common/error-code';
import { ok } from '../common/envelope.js';
import { DATABASE_RETRY_AFTER_S } from '../common/all-exceptions.filter.js';
import { HealthService } from './health.service.js';

/**
 * Liveness (`/health/live`: the process answers; restart it only when this fails) and readiness
 * (`/health/ready`, and `/health` as before: send traffic only while this is 200).
 */
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get('live')
  live() {
    return ok({ status: 'up', time: new Date().toISOString() }, 'API is up');
  }

  /** `/health`, the older name of readiness: a method of its own so each path has its own operation in the API's docs. */
  @Get()
  readyAtOldPath(@Res({ passthrough: true }) reply: FastifyReply) {
    return this.ready(reply);
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const checks = await this.health.readiness();
    if (!checks.ready) {
      void reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_S));
      return {
        success: false,
        error: true,
        message: 'The shop cannot serve right now: a service it needs is unreachable.',
        code: ErrorCode.NotReady,
        data: checks,
      };
    }
    return ok({ status: 'up', ...checks, time: new Date().toISOString() }, 'API is ready');
  }
}
