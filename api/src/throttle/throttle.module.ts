import { Global, Module } from '@nestjs/common';
import { RateLimitGuard } from './rate-limit.guard.js';
import { LoginProtection } from './login-protection.js';
import { RateLimiters } from './rate-limiters.js';
import { MobileCodeSends } from './mobile-code-sends.js';

@Global()
@Module({
  providers: [RateLimiters, RateLimitGuard, LoginProtection, MobileCodeSends],
  exports: [RateLimiters, RateLimitGuard, LoginProtection, MobileCodeSends],
})
export class ThrottleModule {}
