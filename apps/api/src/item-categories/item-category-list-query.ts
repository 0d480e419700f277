import { invalidQueryParameter } from '@app/runtime';
import { PageRequest, parsePageRequest } from '@app/runtime';
import { isRecordId } from '@app/domain';
import { queryText, refuseUnknownParams } from '@app/runtime';

/** What a category list asks for besides its page. */
export interface ItemCategoryListRequest {
  page: PageRequest;
  /** Case-insensitive substring of the name. */
  q?: string;
  /** Direct children of that category, or (`root`) the top-level categories; all when absent. */
  parent?: { id: string } | 'root';
}

type Query = Record<string, unknown>;

const PARAMS = ['page', 'limit', 'include_total', 'q', 'parent_id'];

/** The list's query string; a parameter the list does not know is refused, not ignored. */
export function parseItemCategoryListQuery(query: Query = {}): ItemCategoryListRequest {
  refuseUnknownParams(query, PARAMS);
  const request: ItemCategoryListRequest = { page: parsePageRequest(query) };
  const q = queryText(query, 'q');
  if (q !== undefined && q.trim() !== '') request.q = q.trim();
  const parent = queryText(query, 'parent_id');
  if (parent !== undefined) {
    if (parent === 'root') request.parent = 'root';
    else if (isRecordId(parent)) request.parent = { id: parent.toLowerCase() };
    else throw invalidQueryParameter('parent_id', 'parent_id must be the id of an item category, or root.');
  }
  return request;
}
