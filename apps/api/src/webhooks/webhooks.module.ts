import { Module } from '@nestjs/common';
import { ChangesModule } from '../changes/changes.module';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookEndpointReads } from './webhook-endpoint-reads';
import { WebhookEndpointWrites } from './webhook-endpoint-writes';
import { WebhookPayloads } from './webhook-payload';
import { WebhookSecrets } from './webhook-secrets';
import { WebhooksController } from './webhooks.controller';

/** Webhook endpoints and the dispatcher that delivers the change feed to them. */
@Module({
  imports: [ChangesModule],
  controllers: [WebhooksController],
  providers: [
    WebhookSecrets,
    WebhookDeliveries,
    WebhookEndpointWrites,
    WebhookEndpointReads,
    WebhookPayloads,
    WebhookDispatcher,
  ],
})
export class WebhooksModule {}
