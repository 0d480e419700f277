import { convertedEstimate } from '../estimate/converted';
import { EstimateConverted, EstimateRecord } from '../estimate';
import { InvoiceCreated } from './events';
import { INVOICE_KIND } from './fields';
import { InvoiceAmounts } from './state';
import { INVOICE_STATUS } from './status';

/**
 * The unpaid invoice an estimate's conversion makes (convertedEstimate), with the estimate's
 * salesperson, under `invoice_number`.
 */
export function invoiceFromEstimate(
  estimate: EstimateRecord,
  conversion: EstimateConverted['data'],
  invoiceNumber: number,
  newLineId: () => string,
): InvoiceCreated {
  return {
    type: 'InvoiceCreated',
    data: {
      ...convertedEstimate<InvoiceAmounts>(INVOICE_KIND, estimate, conversion, newLineId),
      invoice_number: invoiceNumber,
      status_id: INVOICE_STATUS.unpaid,
      custom_invoice_number: null,
    },
  };
}
