import { randomUUID } from 'node:crypto';
import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '../openapi/decorators';
import { WebhookEndpointCommand } from '@app/domain';
import { pathOf, refuseUnknownParams, resourceMissing } from '@app/runtime';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor, eventMetadata } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { parseIfMatch, setETag } from '../http/etag';
import { ApiDeleted, ApiListOf } from '../openapi/response-schemas';
import { CreateWebhookEndpointBody, UpdateWebhookEndpointBody } from './webhook-bodies';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookEndpointReads } from './webhook-endpoint-reads';
import { WebhookEndpointWrites } from './webhook-endpoint-writes';
import { webhookDeliveryJson, webhookEndpointJson } from './webhook-json';
import { WebhookDeliverySchema, WebhookEndpointSchema } from './webhook-schemas';
import { drawWebhookSecret, WebhookSecrets } from './webhook-secrets';

const IF_MATCH = ApiHeader({
  name: 'If-Match',
  required: false,
  description: 'The revision the change is based on',
});
const INVALID = ApiUnprocessableEntityResponse({
  description: 'validation_failed (param names the field) or unsupported_field',
});
const MISSING = ApiNotFoundResponse({ description: 'resource_missing' });
const READ = ['webhooks:read'] as const;
const WRITE = ['webhooks:write'] as const;
const MANAGE = 'account_records.manage';

/** Webhook endpoints (Standard Webhooks signed deliveries of the account's changes). */
@ApiTags('webhooks')
@Controller('api/v3/webhook-endpoints')
export class WebhooksController {
  constructor(
    private readonly writes: WebhookEndpointWrites,
    private readonly reads: WebhookEndpointReads,
    private readonly secrets: WebhookSecrets,
    private readonly deliveries: WebhookDeliveries,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  @Get()
  @Access(READ, MANAGE)
  @ApiOperation({ summary: "The account's webhook endpoints, oldest first" })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: '1 to 100, default 20' })
  @ApiListOf(WebhookEndpointSchema)
  list(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    return this.reads.list(actor, query, pathOf(request.url));
  }

  @Get(':id')
  @Access(READ, MANAGE)
  @ApiOperation({ summary: 'Retrieve a webhook endpoint (never its secret)' })
  @MISSING
  @ApiOkResponse({ type: WebhookEndpointSchema })
  async retrieve(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    refuseUnknownParams(query);
    const { record, revision } = await this.reads.retrieve(actor, id);
    setETag(reply, revision);
    return webhookEndpointJson(record, revision);
  }

  @Post()
  @Access(WRITE, MANAGE)
  @ApiOperation({
    summary: 'Create a webhook endpoint; the answer shows its signing secret, this once',
    description: 'The secret is kept outside the event log, so the history never holds it.',
  })
  @ApiBody({ type: CreateWebhookEndpointBody })
  @INVALID
  @ApiCreatedResponse({ type: WebhookEndpointSchema, description: 'The new endpoint, with `secret`' })
  async create(
    @CurrentActor() actor: Actor,
    @Body() body: CreateWebhookEndpointBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const id = randomUUID();
    const secret = drawWebhookSecret();
    await this.secrets.store(id, secret); // before the event: an endpoint in the log has a secret
    const command = { type: 'CreateWebhookEndpoint', id, input: body } as const;
    return this.send(reply, actor, id, command, undefined, secret, true);
  }

  @Patch(':id')
  @Access(WRITE, MANAGE)
  @ApiOperation({ summary: 'Change the URL, event types, description or disabled of an endpoint' })
  @ApiBody({ type: UpdateWebhookEndpointBody })
  @MISSING
  @INVALID
  @IF_MATCH
  @ApiOkResponse({ type: WebhookEndpointSchema })
  update(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: UpdateWebhookEndpointBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.send(reply, actor, id, { type: 'UpdateWebhookEndpoint', input: body }, ifMatch);
  }

  @Delete(':id')
  @HttpCode(200)
  @Access(WRITE, MANAGE)
  @ApiOperation({ summary: 'Delete an endpoint: its pending deliveries are not sent' })
  @MISSING
  @IF_MATCH
  @ApiDeleted('webhook_endpoint')
  async remove(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { revision } = await this.writes.write(
      actor.accountId,
      id,
      { type: 'DeleteWebhookEndpoint' },
      { metadata: eventMetadata(actor), ifMatch: parseIfMatch(ifMatch) },
    );
    setETag(reply, revision);
    return { id, object: 'webhook_endpoint', deleted: true };
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @Access(WRITE, MANAGE)
  @ApiOperation({
    summary: 'Replace the signing secret; the answer shows the new one, this once',
    description: 'The old secret stops signing at once, deliveries retried later included.',
  })
  @MISSING
  @ApiOkResponse({ type: WebhookEndpointSchema, description: 'The endpoint, with its new `secret`' })
  async rotateSecret(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.reads.retrieve(actor, id); // 404 before a secret is drawn for no endpoint
    const secret = drawWebhookSecret();
    await this.secrets.store(id, secret);
    return this.send(reply, actor, id, { type: 'RotateWebhookSecret' }, undefined, secret);
  }

  @Get(':id/deliveries')
  @Access(READ, MANAGE)
  @ApiOperation({ summary: "An endpoint's deliveries, newest first: attempts, last status, next attempt" })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: '1 to 100, default 20' })
  @MISSING
  @ApiListOf(WebhookDeliverySchema)
  deliveriesOf(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    return this.reads.deliveriesOf(actor, id, query, pathOf(request.url));
  }

  @Post(':id/deliveries/:delivery_id/retry')
  @HttpCode(200)
  @Access(WRITE, MANAGE)
  @ApiOperation({ summary: 'Send a delivery again now (once more when it had failed)' })
  @MISSING
  @ApiOkResponse({ type: WebhookDeliverySchema, description: 'The delivery, due now' })
  async retry(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Param('delivery_id') deliveryId: string,
  ) {
    await this.reads.retrieve(actor, id);
    const delivery = await this.deliveries.retryNow(id, deliveryId);
    if (!delivery) throw resourceMissing();
    this.dispatcher.wake();
    return webhookDeliveryJson(delivery);
  }

  private async send(
    reply: FastifyReply,
    actor: Actor,
    id: string,
    command: WebhookEndpointCommand,
    ifMatch?: string,
    secret?: string,
    fresh = false,
  ) {
    const options = { metadata: eventMetadata(actor), ifMatch: parseIfMatch(ifMatch), fresh };
    const { state, revision } = await this.writes.write(actor.accountId, id, command, options);
    if (state.status !== 'live') throw new Error('A webhook endpoint write must leave it live');
    setETag(reply, revision);
    return webhookEndpointJson(state.record, revision, secret);
  }
}
