import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FastifyReply } from 'fastify';
import { Actor } from '../../auth/actor';
import { setETag } from '../../http/etag';
import { ChangeItemVariation, VariationChange } from './variation-commands';
import { VariationViews } from './variation-views';

/**
 * A variation's change as its endpoints and its rows' endpoints send it: on the CommandBus, the
 * variation's revision as the ETag, and the variation as the caller may see it (a delete answers
 * its own body).
 */
@Injectable()
export class VariationChanges {
  constructor(
    private readonly commands: CommandBus,
    private readonly views: VariationViews,
  ) {}

  /** The changed variation. */
  async answer(reply: FastifyReply, actor: Actor, change: VariationChange) {
    const { record, revision } = await this.commands.execute(new ChangeItemVariation(actor, change));
    setETag(reply, revision);
    return this.views.one(actor, record, revision);
  }

  /** A delete: only the ETag is the variation's. */
  async remove(reply: FastifyReply, actor: Actor, change: VariationChange): Promise<void> {
    const { revision } = await this.commands.execute(new ChangeItemVariation(actor, change));
    setETag(reply, revision);
  }
}
