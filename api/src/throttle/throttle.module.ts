import { Global, Module } from '@nestjs/common';
import { RateLimitGuard } from './rate-limit.guard.js';
import { LoginProtection } from './login-protection.js';
import { RateLimiters } from './rate-limiters.js';

@Global()
@Module({ providers: [RateLimiters, RateLimitGuard, LoginProtection], exports: [RateLimiters, RateLimitGuard, LoginProtection] })
export class ThrottleModule {}
