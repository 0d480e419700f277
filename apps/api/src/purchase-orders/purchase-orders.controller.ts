import {
  ApiConflictResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiUnprocessableEntityResponse,
} from '../openapi/decorators';
import { PurchaseOrderCommand, PurchaseOrderRecord } from '@app/domain';
import { DocumentDeclaration, documentController } from '../documents/document-controller';
import { listRetrieveCreateDocs, orderChangeDocs } from '../documents/document-docs';
import { IF_MATCH } from '../documents/route-docs';
import { ApiErrors } from '../openapi/error-envelope.schema';
import { assertPurchaseOrderAccess } from './purchase-order-access';
import { PurchaseOrderBody, PurchaseOrderReceiveBody, PurchaseOrderSendBody } from './purchase-order-bodies';
import { ChangePurchaseOrder } from './purchase-order-commands';
import { PURCHASE_ORDER_HISTORY } from './purchase-order-history';
import {
  PURCHASE_ORDER_LIST_DATES,
  PURCHASE_ORDER_LIST_IDS,
  PurchaseOrderReads,
} from './purchase-order-reads';
import { PurchaseOrderSchema, PurchaseOrderSummarySchema } from './purchase-order-schemas';

const MODIFY = 'purchase_orders.modify';

/** An action's answers: the complete order, or its refusal. */
const answered = (conflict: string, unprocessable?: string) => [
  ApiOkResponse({ type: PurchaseOrderSchema, description: 'The complete purchase order' }),
  ApiNotFoundResponse({ description: 'resource_missing' }),
  ...(unprocessable ? [ApiUnprocessableEntityResponse({ description: unprocessable })] : []),
  ApiConflictResponse({ description: conflict }),
  ApiHeader(IF_MATCH),
  ApiErrors(404, 409, 410),
];

/** Purchase orders (documents-api §4): the order, its sending, receiving and deletion. */
export const PURCHASE_ORDER_DOCUMENT: DocumentDeclaration<PurchaseOrderRecord, PurchaseOrderCommand> = {
  path: 'purchase-orders',
  object: 'purchase_order',
  noun: 'purchase order',
  scopes: { read: 'purchase_orders:read', write: 'purchase_orders:write', delete: 'purchase_orders:delete' },
  permissions: { read: 'purchase_orders.access', write: MODIFY, delete: 'purchase_orders.delete' },
  guard: assertPurchaseOrderAccess,
  list: { dates: PURCHASE_ORDER_LIST_DATES, ids: PURCHASE_ORDER_LIST_IDS, party: 'supplier_id' },
  reads: PurchaseOrderReads,
  history: PURCHASE_ORDER_HISTORY,
  change: ChangePurchaseOrder,
  update: (input) => ({ type: 'UpdatePurchaseOrder', input }),
  remove: { type: 'DeletePurchaseOrder' },
  body: PurchaseOrderBody,
  summarySchema: PurchaseOrderSummarySchema,
  // What only purchase orders do: send and receive.
  actions: [
    {
      name: 'sendOrder',
      route: { post: ':id/send' },
      access: ['purchase_orders:send', MODIFY],
      body: PurchaseOrderSendBody,
      optionalBody: true,
      command: (input) => ({ type: 'SendPurchaseOrder', input }),
      docs: [
        ApiOperation({ summary: 'Mark a Not Sent order Sent; again on a Sent order keeps its date' }),
        ...answered('purchase_order_send_not_allowed or mobile_mutation_conflict'),
      ],
    },
    {
      name: 'receive',
      route: { post: ':id/receive' },
      access: ['purchase_orders:receive', MODIFY],
      body: PurchaseOrderReceiveBody,
      command: (input) => ({ type: 'ReceivePurchaseOrder', input }),
      docs: [
        ApiOperation({ summary: 'Receive quantities of inventory lines into stock at the order’s location' }),
        ...answered(
          'purchase_order_receive_not_allowed or mobile_mutation_conflict',
          'validation_failed (lines.N.line_id, lines.N.quantity)',
        ),
      ],
    },
  ],
  docs: {
    ...listRetrieveCreateDocs({
      noun: 'purchase order',
      detail: PurchaseOrderSchema,
      detailDescription: 'The purchase order detail; ETag its revision',
      createdAs: 'a Not Sent',
    }),
    ...orderChangeDocs(
      { noun: 'purchase order', detail: PurchaseOrderSchema },
      {
        ifMatch: IF_MATCH,
        update: 'Change a Not Sent purchase order; a new supplier or location needs lines',
        remove: 'Delete a Not Sent purchase order on which nothing was processed',
      },
    ),
  },
};

export const PurchaseOrdersController = documentController(PURCHASE_ORDER_DOCUMENT);
