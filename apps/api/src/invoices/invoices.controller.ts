import { ApiConflictResponse, ApiHeader, ApiOkResponse, ApiOperation } from '../openapi/decorators';
import { InvoiceCommand, InvoiceRecord } from '@app/domain';
import { DocumentDeclaration, documentController } from '../documents/document-controller';
import { listRetrieveCreateDocs } from '../documents/document-docs';
import { IF_MATCH } from '../documents/route-docs';
import { ApiErrors } from '../openapi/error-envelope.schema';
import { DispatchBody, EmptyInvoiceBody, InvoiceBody } from './invoice-bodies';
import { ChangeInvoice } from './invoice-commands';
import { INVOICE_HISTORY } from './invoice-history';
import { INVOICE_LIST_DATES, InvoiceReads } from './invoice-reads';
import { InvoiceSchema, InvoiceSummarySchema } from './invoice-schemas';

const MODIFY = 'invoices.modify';

/** An action's answers: the invoice detail, or its refusal. */
const answered = (conflict: string) => [
  ApiOkResponse({ type: InvoiceSchema, description: 'The invoice detail' }),
  ApiConflictResponse({ description: conflict }),
  ApiHeader(IF_MATCH),
  ApiErrors(404, 409, 410),
];

/** Invoices (documents-api §4): the document itself, its dispatch, cancellation and deletion. */
export const INVOICE_DOCUMENT: DocumentDeclaration<InvoiceRecord, InvoiceCommand, InvoiceReads> = {
  path: 'invoices',
  object: 'invoice',
  noun: 'invoice',
  scopes: { read: 'invoices:read', write: 'invoices:write', delete: 'invoices:delete' },
  permissions: { read: 'invoices.list', write: MODIFY, delete: 'invoices.delete' },
  list: { dates: INVOICE_LIST_DATES },
  reads: InvoiceReads,
  history: INVOICE_HISTORY,
  change: ChangeInvoice,
  update: (input) => ({ type: 'UpdateInvoice', input }),
  remove: { type: 'DeleteInvoice' },
  body: InvoiceBody,
  summarySchema: InvoiceSummarySchema,
  // What only invoices do: dispatch (and its date) and cancel.
  actions: [
    {
      name: 'dispatch',
      route: { post: ':id/dispatch' },
      access: ['invoices:dispatch', MODIFY],
      body: DispatchBody,
      optionalBody: true,
      command: (input) => ({ type: 'DispatchInvoice', input }),
      docs: [
        ApiOperation({ summary: 'Set date_sent (default today); an existing date is kept. Emails nobody.' }),
        ...answered('invoice_dispatch_not_allowed'),
      ],
    },
    {
      name: 'changeDispatchDate',
      route: { patch: ':id/dispatch' },
      access: ['invoices:dispatch', MODIFY],
      body: DispatchBody,
      command: (input) => ({ type: 'ChangeDispatchDate', input }),
      docs: [
        ApiOperation({ summary: 'Change the date_sent of a dispatched active invoice; no new notification' }),
        ...answered('invoice_dispatch_date_edit_not_allowed'),
      ],
    },
    {
      name: 'cancel',
      route: { post: ':id/cancel' },
      access: ['invoices:cancel', MODIFY],
      body: EmptyInvoiceBody,
      optionalBody: true,
      command: () => ({ type: 'CancelInvoice' }),
      docs: [
        ApiOperation({
          summary: 'Cancel an unpaid invoice (status 15), keeping it and its lines; repeating is safe',
        }),
        ...answered('invoice_cancel_not_allowed'),
      ],
    },
  ],
  docs: {
    ...listRetrieveCreateDocs({
      noun: 'invoice',
      detail: InvoiceSchema,
      detailDescription: 'The invoice detail',
      createdAs: 'an unpaid',
    }),
    update: [
      ApiOperation({
        summary:
          'Change an unpaid invoice without payments; lines, when given, replace the non-discount lines',
      }),
      ApiHeader(IF_MATCH),
      ApiOkResponse({ type: InvoiceSchema, description: 'The updated invoice' }),
      ApiConflictResponse({ description: 'invoice_update_not_allowed or mobile_mutation_conflict' }),
      ApiErrors(404, 409, 410),
    ],
    remove: [
      ApiOperation({ summary: 'Delete an invoice without payments, packing lists or sales-order link' }),
      ApiConflictResponse({ description: 'invoice_delete_not_allowed' }),
      ApiHeader(IF_MATCH),
      ApiErrors(404, 409, 410),
    ],
  },
};

export const InvoicesController = documentController(INVOICE_DOCUMENT);
