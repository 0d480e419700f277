import { ApiProperty, ApiSchema } from '../openapi/decorators';
import { ContactView, LinkedRecordView } from '@app/domain';
import { EnumProperty, IdProperty, ObjectProperty, TextProperty } from '../openapi/schema-properties';
import { WithRecordStamps } from '../openapi/record-stamps';
import { ContactJson } from './contact-sight';

/* A contact as the API answers it (inventory-api.md, Contact), beside contact-sight.ts's contactJson. */

@ApiSchema({ name: 'ContactLinkedRecord' })
export class ContactLinkedRecordSchema implements LinkedRecordView {
  @IdProperty() id!: string;
  @EnumProperty(['customer', 'prospect', 'supplier']) object!: 'customer' | 'prospect' | 'supplier';
  @ApiProperty({ type: 'string' }) name!: string;
}

/** A contact's own fields, before the record stamps. */
abstract class ContactFields {
  @IdProperty() id!: string;
  @ObjectProperty('contact') object!: 'contact';
  @ApiProperty({ type: 'string' }) first_name!: string;
  @TextProperty() last_name!: string | null;
  @TextProperty() job_title!: string | null;
  @TextProperty() phone!: string | null;
  @TextProperty() cell!: string | null;
  @TextProperty() fax!: string | null;
  @TextProperty({ format: 'email' }) email_1!: string | null;
  @TextProperty({ format: 'email' }) email_2!: string | null;
  @ApiProperty({ description: 'Include this person when emailing a linked record' }) auto_add_email!: boolean;
  @ApiProperty({
    type: ContactLinkedRecordSchema,
    isArray: true,
    description: 'The linked records that still exist and the caller may see, as they are now',
  })
  account_records!: ContactLinkedRecordSchema[];
}

@ApiSchema({ name: 'Contact' })
export class ContactSchema extends WithRecordStamps(ContactFields) implements ContactView, ContactJson {}
