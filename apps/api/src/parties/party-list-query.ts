import { invalidQueryParameter } from '@app/runtime';
import { PageRequest, queryText } from '@app/runtime';
import { searchListQuery } from '../http/list-page';
import { PartyKind } from './party-kind';

/** What a list asks for besides its page. */
export interface PartyListFilters {
  /** Archived records only, or active ones only (the default). */
  archived: boolean;
  /** Case-insensitive substring of the name, email, account number or phone. */
  q?: string;
  /** Customers only: `customer` or `prospect`. */
  kind?: string;
}

export interface PartyListRequest {
  page: PageRequest;
  filters: PartyListFilters;
}

type Query = Record<string, unknown>;

/** The list's query string; a parameter the list does not know is refused, not ignored. */
export function parsePartyListQuery(kind: PartyKind, query: Query = {}): PartyListRequest {
  const { page, q } = searchListQuery(query, kind.kinds ? ['archived', 'kind'] : ['archived']);
  const filters: PartyListFilters = { archived: archivedParam(query) };
  if (q !== undefined) filters.q = q;
  const kindFilter = queryText(query, 'kind');
  if (kindFilter !== undefined) {
    if (!kind.kinds?.includes(kindFilter))
      throw invalidQueryParameter('kind', `kind must be one of: ${kind.kinds?.join(', ')}.`);
    filters.kind = kindFilter;
  }
  return { page, filters };
}

function archivedParam(query: Query): boolean {
  const text = queryText(query, 'archived');
  if (text === undefined || text === 'false' || text === '0') return false;
  if (text === 'true' || text === '1') return true;
  throw invalidQueryParameter('archived', 'archived must be true, false, 1 or 0.');
}
