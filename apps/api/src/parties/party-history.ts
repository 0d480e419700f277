import { isDomainError, PartyFields, PartyRecord } from '@app/domain';
import { visibleRecord } from '@app/domain/party/decide';
import { HistoryDeclaration } from '../history';
import { partyContext } from './party-context';
import { partyJson, PartyKind } from './party-kind';

/** The event history of customers or suppliers (EXTENSIONS.md §8), under the visibility of retrieve. */
export function partyHistory<F extends PartyFields>(
  kind: PartyKind<F, { type: string }>,
): HistoryDeclaration<PartyRecord<F>> {
  return {
    path: kind.table,
    aggregate: kind.aggregate,
    scopes: [kind.scopes.read],
    permission: 'account_records.manage',
    visible: (record, actor) =>
      !isDomainError(visibleRecord({ status: 'live', record }, partyContext(actor))),
    view: (record, revision) => partyJson(kind, record, revision),
  };
}
