import { Body, Controller, Headers, Param, Post, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '../openapi/decorators';
import { Allow } from 'class-validator';
import { FastifyReply } from 'fastify';
import { Access } from '../auth/access';
import { Actor } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { documentInput } from '../documents/document-body';
import { answerMade } from '../documents/made-document';
import { parseIfMatch } from '../http/etag';
import { UnsupportedFieldCode } from '../http/unsupported-field-code';
import { InvoiceReads } from '../invoices/invoice-reads';
import { InvoiceSchema } from '../invoices/invoice-schemas';
import { SalesOrderReads } from '../sales-orders/sales-order-reads';
import { SalesOrderSchema } from '../sales-orders/sales-order-schemas';
import { SALES_ORDER_ETAG } from '../sales-orders/sales-orders.controller';
import { EstimateConversions } from './estimate-conversions';

@UnsupportedFieldCode('unsupported_estimate_field')
export class ConvertToInvoiceBody {
  @ApiProperty({ required: false, format: 'date', description: 'Default: today in the account’s time zone.' })
  @Allow()
  issue_date?: unknown;
}

/** The sales-order conversion takes no body (documents-api §4). */
@UnsupportedFieldCode('unsupported_estimate_field')
export class ConvertToSalesOrderBody {}

/** Converting documents into others (documents-api §4): the estimate's side decides first. */
@ApiTags('estimates')
@Controller('api/v3/estimates/:id')
export class ConversionsController {
  constructor(
    private readonly conversions: EstimateConversions,
    private readonly invoices: InvoiceReads,
    private readonly salesOrders: SalesOrderReads,
  ) {}

  @Post('convert-to-invoice')
  @Access('estimates:convert', 'estimates.modify')
  @ApiOperation({
    summary: 'Close an open estimate into a new unpaid invoice (201); a prospect becomes a customer',
  })
  @ApiBody({ type: ConvertToInvoiceBody, required: false })
  @ApiCreatedResponse({ description: 'The new invoice with its lines', type: InvoiceSchema })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiUnprocessableEntityResponse({ description: 'validation_failed or unsupported_estimate_field' })
  @ApiConflictResponse({
    description: 'estimate_conversion_not_allowed, account_record_limit_reached or mobile_mutation_conflict',
  })
  toInvoice(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: ConvertToInvoiceBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const making = this.conversions.toInvoice(actor, id.toLowerCase(), input(body), parseIfMatch(ifMatch));
    return answerMade(reply, actor, this.invoices, making);
  }

  @Post('convert-to-sales-order')
  @Access('estimates:convert_to_sales_order', 'estimates.modify')
  @ApiOperation({
    summary:
      'Close an open estimate into a new open sales order (201); needs sales_orders.list and sales_orders.modify too',
  })
  @ApiBody({ type: ConvertToSalesOrderBody, required: false, description: 'Must be empty.' })
  @ApiHeader({ name: 'If-Match', required: false, description: "The estimate's revision" })
  @ApiCreatedResponse({ description: 'The new sales order with its lines', type: SalesOrderSchema })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiUnprocessableEntityResponse({ description: 'unsupported_estimate_field' })
  @ApiConflictResponse({
    description:
      'estimate_sales_order_conversion_not_allowed, account_record_limit_reached or mobile_mutation_conflict',
  })
  toSalesOrder(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: ConvertToSalesOrderBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const making = this.conversions.toSalesOrder(actor, id.toLowerCase(), input(body), parseIfMatch(ifMatch));
    return answerMade(reply, actor, this.salesOrders, making, SALES_ORDER_ETAG);
  }
}

/** The fields the client sent; no body at all is an empty one. */
function input(body: object | undefined): Record<string, unknown> {
  return documentInput(body ?? {});
}
