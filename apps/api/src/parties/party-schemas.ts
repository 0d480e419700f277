import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { CUSTOMER_KINDS, CustomerKind, CustomerView, PartyViewFields, SupplierView } from '@app/domain';
import {
  EnumProperty,
  IdProperty,
  IntegerProperty,
  ObjectProperty,
  RateProperty,
  TextProperty,
  TimestampProperty,
} from '../openapi/schema-properties';

/* Customers and suppliers as the API answers them (EXTENSIONS.md §6): the domain's views and the revision. */

abstract class PartyFieldsSchema implements PartyViewFields {
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

  @TimestampProperty()
  created_at!: string;

  @TimestampProperty()
  updated_at!: string;

  @IntegerProperty({ minimum: 0, description: 'The revision of the last change; the ETag' })
  revision!: number;
}

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
