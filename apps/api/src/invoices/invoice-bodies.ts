import { ApiProperty, ApiPropertyOptional } from '../openapi/decorators';
import { Allow } from 'class-validator';
import { DocumentBody } from '../documents/document-body';
import { PackLinesBody, ShipmentBody } from '../documents/fulfillment-bodies';
import { ManualPaymentBody } from '../documents/payment-bodies';
import { UnsupportedFieldCode } from '../http/unsupported-field-code';

// Invoice bodies. Each class names the fields its endpoint takes, so any other is refused with its
// code; the domain checks every value.

/** Create and PATCH: the document's fields and the custom number; 1 to 100 lines. */
@UnsupportedFieldCode('unsupported_invoice_field')
export class InvoiceBody extends DocumentBody {
  @ApiPropertyOptional({ nullable: true, maxLength: 24 }) @Allow() custom_invoice_number?: unknown;
}

@UnsupportedFieldCode('unsupported_invoice_field')
export class PaymentBody extends ManualPaymentBody({
  example: '25.5000',
  description:
    'Number or numeric string, up to four decimals: positive up to the amount due, negative only against a negative balance, zero only when nothing is due.',
}) {}

@UnsupportedFieldCode('unsupported_invoice_field')
export class RefundBody {
  @ApiProperty({
    type: String,
    example: '10.00',
    description:
      'Positive, up to two decimals, at most the payments less refunds (of that payment, on the legacy route).',
  })
  @Allow()
  amount?: unknown;
  @ApiProperty({ format: 'date', description: 'Returned as payment_date.' }) @Allow() refund_date?: unknown;
  @ApiPropertyOptional({ nullable: true, maxLength: 255 }) @Allow() reference?: unknown;
}

@UnsupportedFieldCode('unsupported_invoice_field')
export class DispatchBody {
  @ApiPropertyOptional({ format: 'date', description: 'POST: default today; PATCH: required.' })
  @Allow()
  date_sent?: unknown;
}

@UnsupportedFieldCode('unsupported_invoice_pack_field')
export class PackBody extends PackLinesBody('invoice line') {}

@UnsupportedFieldCode('unsupported_invoice_field')
export class ShipBody extends ShipmentBody('Default: today.') {}

/** Cancel takes an empty object. */
@UnsupportedFieldCode('unsupported_invoice_field')
export class EmptyInvoiceBody {}
