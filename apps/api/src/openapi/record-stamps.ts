import { IntegerProperty, TimestampProperty } from './schema-properties';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's base must take any[]
export type AbstractConstructor = abstract new (...args: any[]) => object;

/**
 * The fields a record's answer ends with (contacts, locations, items, categories, attributes,
 * customers and suppliers, webhook endpoints): when it was created and last changed, and its
 * revision, the ETag. A schema extends its own fields (`Fields`) through this, so the stamps come
 * after them and read the same in every record.
 */
export function WithRecordStamps<TBase extends AbstractConstructor>(Fields: TBase) {
  abstract class RecordStampsSchema extends Fields {
    @TimestampProperty() created_at!: string;
    @TimestampProperty() updated_at!: string;
    @IntegerProperty({ minimum: 0, description: 'The revision of the last change; the ETag' })
    revision!: number;
  }
  return RecordStampsSchema;
}
