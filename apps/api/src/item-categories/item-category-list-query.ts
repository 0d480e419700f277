import { invalidQueryParameter } from '@app/runtime';
import { PageRequest, queryText } from '@app/runtime';
import { isRecordId } from '@app/domain';
import { searchListQuery } from '../http/list-page';

/** What a category list asks for besides its page. */
export interface ItemCategoryListRequest {
  page: PageRequest;
  /** Case-insensitive substring of the name. */
  q?: string;
  /** Direct children of that category, or (`root`) the top-level categories; all when absent. */
  parent?: { id: string } | 'root';
}

type Query = Record<string, unknown>;

/** The list's query string; a parameter the list does not know is refused, not ignored. */
export function parseItemCategoryListQuery(query: Query = {}): ItemCategoryListRequest {
  const request: ItemCategoryListRequest = searchListQuery(query, ['parent_id']);
  const parent = queryText(query, 'parent_id');
  if (parent !== undefined) {
    if (parent === 'root') request.parent = 'root';
    else if (isRecordId(parent)) request.parent = { id: parent.toLowerCase() };
    else throw invalidQueryParameter('parent_id', 'parent_id must be the id of an item category, or root.');
  }
  return request;
}
