import { ApiForbiddenResponse } from '../openapi/decorators';
import { SalesOrderCommand, SalesOrderRecord } from '@app/domain';
import { DocumentDeclaration, documentController } from '../documents/document-controller';
import { listRetrieveCreateDocs, orderChangeDocs } from '../documents/document-docs';
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
      ...listRetrieveCreateDocs({
        noun: 'sales order',
        detail: SalesOrderSchema,
        detailDescription: 'The sales order detail; ETag "so_N"',
        createdAs: 'an open',
      }),
      ...orderChangeDocs(
        { noun: 'sales order', detail: SalesOrderSchema },
        {
          ifMatch: IF_MATCH,
          update:
            'Change an open sales order: header fields always; lines, shipping and discount only before any invoice or packing list',
          remove: 'Delete an open sales order on which nothing has begun',
          removeRefusals: [ApiForbiddenResponse({ description: 'permission_denied' })],
        },
      ),
    },
  };

export const SalesOrdersController = documentController(SALES_ORDER_DOCUMENT);
