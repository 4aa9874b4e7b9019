import { type CanActivate, type ExecutionContext, Injectable, SetMetadata, UseGuards, applyDecorators, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { forbidden, unauthorized } from '../common/app-error.js';
import { retryableFault } from '../common/database-fault.js';
import type { AuthUser } from './auth-user.js';

export const ROLES = 'haat:roles';

@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<T>(err: unknown, user: T): T {
    // The session check could not reach the database, or waited for a busy pool: a 503 to retry, not a sign-out (401).
    if (err instanceof Error && retryableFault(err)) throw err;
    if (err || !user) throw unauthorized();
    return user;
  }
}

/** The signed-in user when the request carries a valid session, else none: for public routes that answer more to a shopper. */
@Injectable()
export class OptionalJwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<T>(err: unknown, user: T): T | undefined {
    if (err instanceof Error && retryableFault(err)) throw err;
    return err || !user ? undefined : user;
  }
}

@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<string[] | undefined>(ROLES, [context.getHandler(), context.getClass()]);
    if (!roles || roles.length === 0) return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (!user) throw unauthorized();
    if (!roles.includes(user.role)) throw forbidden('Access denied: administrators only.');
    return true;
  }
}

/** `@Auth()` any signed-in user; `@Auth('ADMIN')` administrators only. Enforced on the server. */
export const Auth = (...roles: Array<'ADMIN' | 'USER'>) => applyDecorators(SetMetadata(ROLES, roles), UseGuards(JwtAuthGuard, RolesGuard));

/** `@SignedInIfAny()`: a public route that reads the signed-in user when there is one (`@MaybeUser()`). */
export const SignedInIfAny = () => UseGuards(OptionalJwtAuthGuard);

/** The signed-in user of a `@SignedInIfAny()` route, or undefined. */
export const MaybeUser = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): AuthUser | undefined => ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user,
);

export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser => ctx.switchToHttp().getRequest<{ user: AuthUser }>().user);
