import { ApiProperty, ApiPropertyOptional } from '../openapi/decorators';
import { Allow } from 'class-validator';

/**
 * The body of a manual payment, alike for invoices and purchase orders but for what `amount` may
 * be (its example and description): each type's body class extends it with its own
 * `unsupported_*_field` code.
 */
export function ManualPaymentBody(amount: { example: string; description: string }) {
  abstract class ManualPayment {
    @ApiProperty({ type: String, ...amount })
    @Allow()
    amount?: unknown;
    @ApiProperty({ format: 'date' }) @Allow() payment_date?: unknown;
    @ApiPropertyOptional({ nullable: true, maxLength: 255 }) @Allow() reference?: unknown;
  }
  return ManualPayment;
}
