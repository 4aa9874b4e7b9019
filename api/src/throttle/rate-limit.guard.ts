import { Injectable, SetMetadata, UseGuards, applyDecorators, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimited, RateLimiters, type Window } from './rate-limiters.js';
import { tooManyAttempts } from './too-many-attempts.js';

const RULE = 'haat:rate-limit';

export interface RateLimitRule {
  ip: Window;
  email?: Window;
  /** Per signed-in user (the route's @Auth() must come first, i.e. be written below @RateLimit). */
  user?: Window;
  /** Counts only requests whose (raw) body this says yes to, e.g. listings that carry search text. */
  when?: (body: unknown) => boolean;
}

/** The e-mail a request body names (login, register, forgot, verify, reset), normalised as stored. */
export function emailOf(body: unknown): string | null {
  const email = (body as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase().slice(0, 254) : null;
}

/**
 * Counts the request per client IP (behind a proxy, what trustProxy resolves) and, when the body
 * names an e-mail, per e-mail too, so one account cannot be hammered from many addresses.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiters: RateLimiters,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.get<RateLimitRule | undefined>(RULE, context.getHandler());
    if (!rule || (rule.when && !rule.when(context.switchToHttp().getRequest<FastifyRequest>().body))) return true;
    const http = context.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const route = `${context.getClass().name}.${context.getHandler().name}`;
    try {
      const byIp = await this.limiters.hit(`${route}:ip`, req.ip, rule.ip);
      void reply.header('x-ratelimit-limit', byIp.limit).header('x-ratelimit-remaining', byIp.remaining);
      const email = emailOf(req.body);
      if (rule.email && email) await this.limiters.hit(`${route}:email`, email, rule.email);
      const userId = (req as FastifyRequest & { user?: { id?: string } }).user?.id;
      if (rule.user && userId) await this.limiters.hit(`${route}:user`, userId, rule.user);
    } catch (e) {
      if (!(e instanceof RateLimited)) throw e;
      throw tooManyAttempts(reply, e.retryAfterSeconds);
    }
    return true;
  }
}

/** Limits a route; only routes that wear this are limited. Numbers are at RATE_LIMIT_FACTOR 1. */
export const RateLimit = (rule: RateLimitRule) => applyDecorators(SetMetadata(RULE, rule), UseGuards(RateLimitGuard));

export const MINUTE = 60_000;
