import { Controller, Headers, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACK, nack, ONDC_ACTIONS, ONDC_ERRORS, OndcRefusal, type OndcAction } from './beckn-context.js';
import { OndcGateway } from './ondc-gateway.js';
import { MINUTE, RateLimit } from '../throttle/index.js';

/**
 * The shop's Beckn seller endpoints, `POST /ondc/<action>` on the shop's own origin (outside /api: the registry
 * holds this root as the shop's subscriber_url). Each answers at once: ACK, or NACK with ONDC's error
 * (docs/product.md#selling-on-ondc).
 */
@Controller('ondc')
export class OndcController {
  constructor(private readonly gateway: OndcGateway) {}

  // Network traffic comes through few addresses (the gateway's, the buyer apps'): a generous bound per address, so a
  // flood of unsigned or forged requests (each may cost a registry lookup) cannot take the shop's time.
  @Post(':action')
  @HttpCode(200)
  @RateLimit({ ip: [6000, MINUTE] })
  async receive(
    @Param('action') action: string,
    @Req() req: RawBodyRequest<FastifyRequest>,
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    try {
      if (!(ONDC_ACTIONS as readonly string[]).includes(action))
        throw new OndcRefusal(404, {
          type: 'CONTEXT-ERROR',
          code: ONDC_ERRORS.invalidRequest,
          message: `/ondc/${action} is not an action of a retail seller.`,
        });
      await this.gateway.receive(action as OndcAction, req.rawBody, authorization);
      return ACK;
    } catch (error) {
      if (!(error instanceof OndcRefusal)) throw error;
      void reply.status(error.status);
      return nack(error.error);
    }
  }
}
