import { ApiProperty, ApiSchema } from '../openapi/decorators';
import { CUSTOMER_KINDS, CustomerKind, CustomerView, PartyViewFields, SupplierView } from '@app/domain';
import {
  EnumProperty,
  IdProperty,
  ObjectProperty,
  RateProperty,
  TextProperty,
} from '../openapi/schema-properties';
import { WithRecordStamps } from '../openapi/record-stamps';

/* Customers and suppliers as the API answers them (EXTENSIONS.md §6): the domain's views and the revision. */

abstract class PartyOwnFields {
  @IdProperty()
  id!: string;

  @ApiProperty({ type: 'string' })
  name!: string;

  @TextProperty()
  account_number!: string | null;

  @TextProperty({ description: 'An office address, or several separated by commas or semicolons' })
  email!: string | null;

  @TextProperty()
  phone!: string | null;

  @ApiProperty({ type: 'string', isArray: true, description: 'Address lines' })
  billing_address!: string[];

  @ApiProperty({ type: 'string', isArray: true, description: 'Address lines' })
  shipping_address!: string[];

  @RateProperty()
  tax_rate!: string;

  @RateProperty()
  tax_2_rate!: string;

  @TextProperty()
  payment_terms!: string | null;

  @IdProperty({ nullable: true })
  assigned_user_id!: string | null;

  @ApiProperty()
  archived!: boolean;
}

/** What customers and suppliers both show: their fields, then the record stamps. */
abstract class PartyFieldsSchema extends WithRecordStamps(PartyOwnFields) implements PartyViewFields {}

@ApiSchema({ name: 'Customer' })
export class CustomerSchema extends PartyFieldsSchema implements CustomerView {
  @ObjectProperty('customer')
  object!: 'customer';

  @EnumProperty(CUSTOMER_KINDS)
  kind!: CustomerKind;
}

@ApiSchema({ name: 'Supplier' })
export class SupplierSchema extends PartyFieldsSchema implements SupplierView {
  @ObjectProperty('supplier')
  object!: 'supplier';
}
