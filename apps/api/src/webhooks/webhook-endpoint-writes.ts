import { Inject, Injectable } from '@nestjs/common';
import {
  decideWebhookEndpoint,
  isRecordId,
  webhookEndpointAggregate,
  WebhookEndpointCommand,
  WebhookEndpointState,
} from '@app/domain';
import { EventMetadata } from '@app/event-store';
import { ApiConfig, RecordWriter, resourceMissing } from '@app/runtime';
import { API_CONFIG } from '../store/tokens';

export interface WebhookEndpointWritten {
  state: WebhookEndpointState;
  revision: number;
}

/** One command on one endpoint, by a request (its metadata) or by the dispatcher. */
@Injectable()
export class WebhookEndpointWrites {
  constructor(
    private readonly writer: RecordWriter,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async write(
    accountId: string,
    id: string,
    command: WebhookEndpointCommand,
    options: { metadata: EventMetadata; ifMatch?: number; fresh?: boolean },
  ): Promise<WebhookEndpointWritten> {
    if (!isRecordId(id)) throw resourceMissing();
    const context = {
      now: new Date().toISOString(),
      accountId,
      allowInsecureUrls: this.config.webhooksAllowInsecure,
    };
    const { state, revision } = await this.writer.write(
      webhookEndpointAggregate,
      id,
      (current: WebhookEndpointState) => decideWebhookEndpoint(command, current, context),
      options,
    );
    return { state, revision };
  }

  read(id: string) {
    if (!isRecordId(id)) throw resourceMissing();
    return this.writer.read(webhookEndpointAggregate, id);
  }
}
