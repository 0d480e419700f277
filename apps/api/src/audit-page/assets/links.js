import { resourceOfField, resourceOfObject } from './resources.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The other records a record names, in its view and its events' data: `{path, id, via}` once per
 * record, `via` the field that names it (`lines.item_id`, `document_id`).
 */
export function linksOf(self, sources) {
  const found = new Map();
  const add = (path, id, via) => {
    if (!path || typeof id !== 'string' || !UUID.test(id) || id === self.id) return;
    const key = `${path}/${id}`;
    if (!found.has(key)) found.set(key, { path, id, via });
  };
  const walk = (value, field, trail) => {
    if (Array.isArray(value)) {
      value.forEach((entry) =>
        typeof entry === 'string' ? add(resourceOfField(field), entry, trail) : walk(entry, field, trail),
      );
      return;
    }
    if (value === null || typeof value !== 'object') {
      add(resourceOfField(field), value, trail);
      return;
    }
    // A conversion names its new document by `document_id` beside its `target`.
    if (typeof value.document_id === 'string')
      add(resourceOfObject(value.target), value.document_id, `${trail}document_id`);
    if (typeof value.object === 'string' && typeof value.id === 'string')
      add(resourceOfObject(value.object), value.id, trail || 'id');
    else if (field && typeof value.id === 'string') add(resourceOfField(field), value.id, trail);
    for (const [key, inner] of Object.entries(value))
      if (key !== 'id') walk(inner, key, trail ? `${trail}.${key}` : key);
  };
  for (const source of sources) walk(source, '', '');
  return [...found.values()];
}
