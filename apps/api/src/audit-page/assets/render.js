// Building the page's parts from API answers: text nodes only, never HTML from the data.

/** An element with attributes and children (strings become text). */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  node.append(...children.flat().filter((child) => child !== undefined && child !== null));
  return node;
}

/** A field's value as text: `(none)` for null, JSON for lists and objects. */
export function shown(value) {
  if (value === null || value === undefined) return '(none)';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const when = (iso) => `${iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}`;

/** Who made a revision: the user's name and id, the key, the idempotency key. */
function actorOf({ actor }) {
  const who =
    actor.user_id === null
      ? 'the service (no user)'
      : `${actor.user_name ?? 'unknown user'} (${actor.user_id})`;
  return el(
    'dl',
    { class: 'actor' },
    el('dt', {}, 'Who'),
    el('dd', { class: 'who' }, who),
    el('dt', {}, 'API key'),
    el('dd', { class: 'key' }, actor.api_key_id ?? '(none)'),
    el('dt', {}, 'Idempotency key'),
    el('dd', {}, actor.idempotency_key ?? '(none)'),
  );
}

/** One revision of the timeline: its header, its actor, its field changes, a button to view it. */
export function timelineEntry(entry, onView) {
  const caption = `Revision ${entry.revision}: ${entry.event_types.join(', ')}`;
  const changes = entry.changes.length
    ? el(
        'table',
        { class: 'changes' },
        el('caption', {}, `Fields changed in revision ${entry.revision}`),
        el(
          'thead',
          {},
          el(
            'tr',
            {},
            el('th', { scope: 'col' }, 'Field'),
            el('th', { scope: 'col' }, 'From'),
            el('th', { scope: 'col' }, 'To'),
          ),
        ),
        el(
          'tbody',
          {},
          entry.changes.map((change) =>
            el(
              'tr',
              {},
              el('th', { scope: 'row', class: 'value' }, change.field),
              el('td', { class: 'value' }, shown(change.from)),
              el('td', { class: 'value' }, shown(change.to)),
            ),
          ),
        ),
      )
    : el('p', {}, 'No visible field changed.');
  return el(
    'li',
    { 'data-revision': entry.revision },
    el('h4', {}, caption),
    el('p', {}, el('time', { datetime: entry.occurred_at }, when(entry.occurred_at))),
    actorOf(entry),
    changes,
    el(
      'button',
      { type: 'button', onclick: () => onView(entry.revision) },
      `View the record as of revision ${entry.revision}`,
    ),
  );
}

/** A past view of the record, as its fields in a preformatted block. */
export function pastView(revision, record) {
  return [
    el('h4', { tabindex: '-1' }, `As of revision ${revision}`),
    el('pre', {}, JSON.stringify(record, null, 2)),
  ];
}

/** One stock movement as a ledger row. */
export function ledgerRow(movement, { locationName, openRecord }) {
  const { source } = movement;
  const sourceCell = source.id
    ? el(
        'a',
        { href: `#${source.type}`, onclick: (event) => openRecord(event, source) },
        `${source.type.replace('_', ' ')} ${source.number ?? source.id}`,
      )
    : `${source.type}${source.reason ? `: ${source.reason}` : ''}`;
  const signed = (n) => (n > 0 ? `+${n}` : String(n));
  const others = [
    ['reserved', movement.quantity_reserved],
    ['incoming', movement.quantity_incoming],
    ['in transit', movement.in_transit],
  ]
    .filter(([, n]) => n !== 0)
    .map(([name, n]) => `${name} ${signed(n)}`)
    .join(', ');
  return el(
    'tr',
    {},
    el('td', {}, el('time', { datetime: movement.created_at }, when(movement.created_at))),
    el('td', {}, sourceCell),
    el('td', {}, locationName(movement.location_id)),
    el(
      'td',
      {},
      movement.item_variation_location_id === null ? '(item)' : String(movement.item_variation_location_id),
    ),
    el('td', {}, signed(movement.quantity)),
    el('td', {}, String(movement.quantity_after)),
    el('td', {}, others || '(none)'),
    el('td', {}, movement.user_id ?? '(none)'),
  );
}
