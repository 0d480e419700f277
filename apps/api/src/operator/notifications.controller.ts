import { Controller, Get, Inject, Query, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiQuery, ApiSchema, ApiTags } from '../openapi/decorators';
import { Database, NotificationStatus } from '@app/read-models';
import {
  invalidQueryParameter,
  listEnvelope,
  parsePageRequest,
  pathOf,
  queryText,
  refuseUnknownParams,
} from '@app/runtime';
import { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { isoTimestamp } from '../http/timestamps';
import { ApiListOf } from '../openapi/response-schemas';
import { totalWhere } from '../http/list-page';
import { DATABASE } from '../store/tokens';
import { AdminGuard } from './admin.guard';

/* eslint-disable @typescript-eslint/no-explicit-any */

const STATUSES: readonly NotificationStatus[] = ['queued', 'sent', 'failed'];

@ApiSchema({ name: 'CustomerNotification' })
class CustomerNotificationSchema {
  @ApiProperty({ type: 'string', format: 'uuid', description: 'The event that queued it' }) id!: string;
  @ApiProperty({ type: 'string', enum: ['customer_notification'] }) object!: string;
  @ApiProperty({ type: 'string', format: 'uuid' }) account_id!: string;
  @ApiProperty({ type: 'string', enum: ['invoice', 'sales_order'] }) record_object!: string;
  @ApiProperty({ type: 'string', format: 'uuid' }) record_id!: string;
  @ApiProperty({ type: 'string', enum: ['payment_receipt', 'shipping_notification'] }) notification!: string;
  @ApiProperty({ type: 'string', isArray: true }) recipients!: string[];
  @ApiProperty({ type: 'string', enum: [...STATUSES] }) status!: string;
  @ApiProperty({ type: 'string', format: 'date-time' }) queued_at!: string;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'Sent, or refused' })
  sent_at!: string | null;
  @ApiProperty({ type: 'string', nullable: true }) message_id!: string | null;
  @ApiProperty({ type: 'string', nullable: true, description: 'Why it was refused for good' })
  error!: string | null;
}

/**
 * The customer notifications for an operator: those still queued (no SMTP_URL yet, or the mail
 * server away), sent, or refused for good, oldest first.
 */
@ApiTags('operator')
@UseGuards(AdminGuard)
@Controller('admin/v1/notifications')
export class NotificationsController {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  @Get()
  @ApiOperation({ summary: 'Customer notifications by status (payment receipts, shipping notifications)' })
  @ApiQuery({ name: 'status', required: false, enum: STATUSES })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: '1 to 100, default 20' })
  @ApiListOf(CustomerNotificationSchema)
  async list(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest) {
    refuseUnknownParams(query, ['status', 'page', 'limit', 'include_total']);
    const status = queryText(query, 'status');
    if (status !== undefined && !STATUSES.includes(status as NotificationStatus))
      throw invalidQueryParameter('status', `status is one of ${STATUSES.join(', ')}.`);
    const page = parsePageRequest(query);
    const where = status === undefined ? sql`true` : sql`status = ${status}`;
    const { rows } = await sql<Record<string, any>>`select * from customer_notifications where ${where}
      order by queued_at, id limit ${page.fetch} offset ${page.offset}`.execute(this.database.db);
    const total = await totalWhere(this.database.db, page, 'customer_notifications', where);
    return listEnvelope({
      url: pathOf(request.url),
      page: page.page,
      limit: page.limit,
      rows: rows.map(notificationJson),
      total,
    });
  }
}

function notificationJson(row: Record<string, any>) {
  return {
    id: row.id,
    object: 'customer_notification',
    account_id: row.account_id,
    record_object: row.record_object,
    record_id: row.record_id,
    notification: row.notification,
    recipients: row.recipients,
    status: row.status,
    queued_at: isoTimestamp(row.queued_at),
    sent_at: row.sent_at ? isoTimestamp(row.sent_at) : null,
    message_id: row.message_id,
    error: row.error,
  };
}
