import { Body, Controller, Get, Headers, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOperation,
  ApiPropertyOptional,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '../openapi/decorators';
import { permissionDenied } from '@app/domain';
import { Allow } from 'class-validator';
import { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../auth/access';
import { Actor, can } from '../auth/actor';
import { CurrentActor } from '../auth/current-actor';
import { documentInput } from '../documents/document-body';
import { ApiPageQuery } from '../documents/route-docs';
import { answerMade } from '../documents/made-document';
import { parseIfMatch } from '../http/etag';
import { parsePageRequest, pathOf } from '@app/runtime';
import { ApiErrors } from '../openapi/error-envelope.schema';
import { ApiListOf } from '../openapi/response-schemas';
import { PAGE_PARAMS, refuseUnknownParams } from '@app/runtime';
import { UnsupportedFieldCode } from '../http/unsupported-field-code';
import { InvoiceReads } from '../invoices/invoice-reads';
import { InvoiceSchema, InvoiceSummarySchema } from '../invoices/invoice-schemas';
import { SalesOrderInvoicing } from './sales-order-invoicing';
import { SalesOrderReads } from '../sales-orders/sales-order-reads';
import { SALES_ORDER_ETAG } from '../sales-orders/sales-orders.controller';

@UnsupportedFieldCode('invalid_sales_order_invoice')
export class InvoiceSalesOrderBody {
  @ApiPropertyOptional({
    type: 'array',
    items: {
      type: 'object',
      properties: { id: { type: 'string', format: 'uuid' }, quantity: { type: 'number' } },
    },
    description:
      'Omitted ({}): every remaining quantity. Else 1 to 100 entries {id: non-discount line id, quantity}, each line once, not above what remains to invoice.',
  })
  @Allow()
  lines?: unknown;
}

/** Invoicing a sales order, and the invoices made from it (documents-api §4). */
@ApiTags('sales-orders')
@Controller('api/v3/sales-orders/:id')
export class SalesOrderInvoicingController {
  constructor(
    private readonly invoicing: SalesOrderInvoicing,
    private readonly orders: SalesOrderReads,
    private readonly invoices: InvoiceReads,
  ) {}

  @Post('invoice')
  @Access('sales_orders:invoice', 'sales_orders.modify')
  @ApiOperation({
    summary:
      'Invoice an open sales order (201): every remaining quantity, or the chosen lines; needs invoices.modify too',
  })
  @ApiBody({ type: InvoiceSalesOrderBody, required: false })
  @ApiHeader({ name: 'If-Match', required: false, description: 'The order\'s revision, "so_N" or N' })
  @ApiCreatedResponse({
    type: InvoiceSchema,
    description: 'The new unpaid invoice with its lines, linked to the order',
  })
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiUnprocessableEntityResponse({ description: 'invalid_sales_order_invoice' })
  @ApiConflictResponse({
    description:
      'sales_order_invoice_not_allowed, sales_order_already_invoiced, sales_order_line_already_invoiced, item_unit_unavailable, account_record_limit_reached or mobile_mutation_conflict',
  })
  @ApiErrors(404, 409, 410)
  invoice(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: InvoiceSalesOrderBody,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const input = documentInput(body ?? {});
    const making = this.invoicing.invoice(
      actor,
      id.toLowerCase(),
      input,
      parseIfMatch(ifMatch, SALES_ORDER_ETAG),
    );
    return answerMade(reply, actor, this.invoices, making);
  }

  @Get('invoices')
  @Access(['sales_orders:read', 'invoices:read'], 'sales_orders.list')
  @ApiOperation({
    summary: 'Invoices made from a visible sales order, newest number first; invisible invoices are left out',
  })
  @ApiPageQuery()
  @ApiNotFoundResponse({ description: 'resource_missing' })
  @ApiListOf(InvoiceSummarySchema)
  @ApiErrors(404, 410)
  async list(
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
  ) {
    refuseUnknownParams(query, PAGE_PARAMS);
    const { record: order } = await this.orders.read(actor, id);
    if (!can(actor, 'invoices.list')) throw permissionDenied('Listing invoices needs invoices.list.');
    const linked = { dates: [], ids: [{ column: 'source_sales_order_id', id: order.id }] };
    return this.invoices.list(actor, { page: parsePageRequest(query), filters: linked }, pathOf(request.url));
  }
}
