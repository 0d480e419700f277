import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { SalesOrderCommand, SalesOrderRecord } from '@app/domain';
import { DocumentDeclaration, documentController } from '../documents/document-controller';
import { ApiErrors } from '../openapi/error-envelope.schema';
import { SalesOrderBody } from './sales-order-bodies';
import { ChangeSalesOrder } from './sales-order-commands';
import { SALES_ORDER_HISTORY } from './sales-order-history';
import { SALES_ORDER_LIST_DATES, SALES_ORDER_LIST_IDS, SalesOrderReads } from './sales-order-reads';
import { SalesOrderSchema, SalesOrderSummarySchema } from './sales-order-schemas';

/** Sales-order revisions and ETags carry this prefix (`so_7`). */
export const SALES_ORDER_ETAG = 'so_';

const IF_MATCH = { name: 'If-Match', required: false, description: 'The revision, "so_N"' };

/** Sales orders (documents-api §4): the order itself and its deletion. */
export const SALES_ORDER_DOCUMENT: DocumentDeclaration<SalesOrderRecord, SalesOrderCommand, SalesOrderReads> =
  {
    path: 'sales-orders',
    object: 'sales_order',
    noun: 'sales order',
    etagPrefix: SALES_ORDER_ETAG,
    scopes: { read: 'sales_orders:read', write: 'sales_orders:write', delete: 'sales_orders:delete' },
    permissions: { read: 'sales_orders.list', write: 'sales_orders.modify', delete: 'sales_orders.delete' },
    list: { dates: SALES_ORDER_LIST_DATES, ids: SALES_ORDER_LIST_IDS },
    reads: SalesOrderReads,
    history: SALES_ORDER_HISTORY,
    change: ChangeSalesOrder,
    update: (input) => ({ type: 'UpdateSalesOrder', input }),
    remove: { type: 'DeleteSalesOrder' },
    body: SalesOrderBody,
    summarySchema: SalesOrderSummarySchema,
    docs: {
      list: [ApiOperation({ summary: 'List visible sales orders, newest number first (no lines)' })],
      retrieve: [
        ApiOperation({
          summary: 'Retrieve a sales order with its lines; with as_of_revision (audit:read), as it was then',
        }),
        ApiOkResponse({ type: SalesOrderSchema, description: 'The sales order detail; ETag "so_N"' }),
        ApiNotFoundResponse({ description: 'resource_missing' }),
        ApiErrors(404, 410),
      ],
      create: [
        ApiOperation({ summary: 'Create an open sales order (201); its number is assigned' }),
        ApiCreatedResponse({
          type: SalesOrderSchema,
          description: 'The new sales order with its calculated lines',
        }),
        ApiUnprocessableEntityResponse({ description: 'validation_failed or unsupported_sales_order_field' }),
        ApiConflictResponse({ description: 'account_record_limit_reached' }),
        ApiErrors(409),
      ],
      update: [
        ApiOperation({
          summary:
            'Change an open sales order: header fields always; lines, shipping and discount only before any invoice or packing list',
        }),
        ApiHeader(IF_MATCH),
        ApiOkResponse({ type: SalesOrderSchema, description: 'The updated sales order' }),
        ApiNotFoundResponse({ description: 'resource_missing' }),
        ApiUnprocessableEntityResponse({ description: 'validation_failed or unsupported_sales_order_field' }),
        ApiConflictResponse({ description: 'sales_order_update_not_allowed or mobile_mutation_conflict' }),
        ApiErrors(404, 409, 410),
      ],
      remove: [
        ApiOperation({ summary: 'Delete an open sales order on which nothing has begun' }),
        ApiHeader(IF_MATCH),
        ApiNotFoundResponse({ description: 'resource_missing' }),
        ApiForbiddenResponse({ description: 'permission_denied' }),
        ApiConflictResponse({ description: 'sales_order_delete_not_allowed or mobile_mutation_conflict' }),
        ApiErrors(404, 409, 410),
      ],
    },
  };

export const SalesOrdersController = documentController(SALES_ORDER_DOCUMENT);
