import { contactAggregate, ContactRecord } from '@app/domain';
import { HistoryDeclaration } from '../history';

/**
 * The event history of contacts (EXTENSIONS.md §8). Whether a caller may see a contact depends on
 * the records it links to, which only the read models know, so ContactReads checks it before
 * RecordHistory runs; the declaration checks the account alone. Likewise a contact's view needs
 * its linked records' names: the declaration's view hands the record back for ContactReads to render.
 */
export const CONTACT_HISTORY: HistoryDeclaration<ContactRecord> = {
  path: 'contacts',
  aggregate: contactAggregate,
  scopes: ['contacts:read'],
  permission: 'account_records.manage',
  visible: (record, actor) => record.account_id === actor.accountId,
  view: (record) => record,
};
