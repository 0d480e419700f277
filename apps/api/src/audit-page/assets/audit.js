// The audit page: a record's timeline (GET …/history), its past (…?as_of_revision=N), the records it
// names, and an item's stock ledger (GET /items/{id}/movements), all read with the person's key.
import { apiKey, get } from './api.js';
import { linksOf } from './links.js';
import { ledgerRow, el, pastView, timelineEntry } from './render.js';
import { RESOURCES, resourceAt, resourceOfObject } from './resources.js';

const $ = (id) => document.getElementById(id);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAGE = 20;

/** What is open: the record's path and id, and how far its timeline and ledger are shown. */
const open = { path: null, id: null, historyPage: 0, ledgerPage: 0, locations: new Map() };

function say(target, text, isError = false) {
  const node = $(target);
  node.textContent = text;
  node.classList.toggle('error', isError);
}

function setUpKey() {
  const showStatus = () => say('key-status', apiKey.get() ? 'A key is set for this tab.' : 'No key set.');
  $('key-form').addEventListener('submit', (event) => {
    event.preventDefault();
    apiKey.set($('api-key').value.trim());
    $('api-key').value = '';
    showStatus();
    $('record-type').focus();
  });
  $('forget-key').addEventListener('click', () => {
    apiKey.forget();
    showStatus();
  });
  showStatus();
}

/** A record's id from what was typed: an id as it is, a number through the list's search. */
async function idOf(resource, ref) {
  if (UUID.test(ref)) return ref;
  if (!/^\d+$/.test(ref) || !resource.number)
    throw new Error(`Enter the ${resource.label.toLowerCase()}'s id${resource.number ? ' or number' : ''}.`);
  const list = await get(resource.path, { q: ref, limit: 100 });
  const found = list.data.find((record) => String(record[resource.number]) === ref);
  if (!found) throw new Error(`No ${resource.label.toLowerCase()} numbered ${ref} that this key may see.`);
  return found.id;
}

async function openRecord(path, id) {
  const resource = resourceAt(path);
  say('record-status', `Opening ${resource.label.toLowerCase()} ${id}…`);
  const [record, events] = await Promise.all([
    get(`${path}/${id}`),
    get(`${path}/${id}/events`, { limit: 100 }),
  ]);
  Object.assign(open, { path, id, historyPage: 0, ledgerPage: 0 });
  $('record').hidden = false;
  const number = resource.number ? record[resource.number] : undefined;
  $('record-title').textContent =
    `${resource.label} ${number ?? ''} ${record.name ?? record.first_name ?? ''} (${id})`.replace(
      /\s+/g,
      ' ',
    );
  $('timeline').replaceChildren();
  $('as-of').replaceChildren();
  $('as-of-revision').max = record.revision;
  showLinks(linksOf(record, [record, ...events.data.map((event) => event.data)]));
  await moreHistory();
  $('ledger-section').hidden = path !== 'items';
  $('ledger').tBodies[0].replaceChildren();
  if (path === 'items') await moreLedger();
  say('record-status', `${resource.label} opened: revision ${record.revision}.`);
  $('record-title').focus();
}

function showLinks(links) {
  const items = links.map(({ path, id, via }) =>
    el(
      'li',
      {},
      el(
        'a',
        { href: `#${path}/${id}`, onclick: (event) => follow(event, path, id) },
        `${resourceAt(path)?.label ?? path} ${id}`,
      ),
      ` (by ${via})`,
    ),
  );
  $('links').replaceChildren(...(items.length ? items : [el('li', {}, 'None named.')]));
}

function follow(event, path, id) {
  event.preventDefault();
  $('record-type').value = path;
  $('record-ref').value = id;
  openRecord(path, id).catch((error) => say('record-status', error.message, true));
}

async function moreHistory() {
  open.historyPage += 1;
  const page = await get(`${open.path}/${open.id}/history`, {
    page: open.historyPage,
    limit: PAGE,
    include_total: false,
  });
  $('timeline').append(...page.data.map((entry) => timelineEntry(entry, showAsOf)));
  $('older').hidden = !page.has_more;
}

async function showAsOf(revision) {
  $('as-of-revision').value = revision;
  try {
    const past = await get(`${open.path}/${open.id}`, { as_of_revision: revision });
    $('as-of').replaceChildren(...pastView(revision, past));
  } catch (error) {
    $('as-of').replaceChildren(el('p', { class: 'error' }, error.message));
  }
  $('as-of').firstChild.focus?.();
}

async function moreLedger() {
  if (open.locations.size === 0) {
    const locations = await get('locations', { limit: 100 }).catch(() => ({ data: [] }));
    for (const location of locations.data) open.locations.set(location.id, location.name);
  }
  open.ledgerPage += 1;
  const page = await get(`items/${open.id}/movements`, {
    page: open.ledgerPage,
    limit: PAGE,
    include_total: false,
  });
  const options = {
    locationName: (id) => (id === null ? '(none)' : (open.locations.get(id) ?? id)),
    openRecord: (event, source) => follow(event, resourceOfObject(source.type), source.id),
  };
  $('ledger').tBodies[0].append(...page.data.map((movement) => ledgerRow(movement, options)));
  $('ledger-older').hidden = !page.has_more;
}

function setUpRecord() {
  $('record-type').replaceChildren(
    ...RESOURCES.map(({ path, label }) => el('option', { value: path }, label)),
  );
  $('record-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const resource = resourceAt($('record-type').value);
      await openRecord(resource.path, await idOf(resource, $('record-ref').value.trim()));
    } catch (error) {
      say('record-status', error.message, true);
    }
  });
  $('as-of-form').addEventListener('submit', (event) => {
    event.preventDefault();
    showAsOf(Number($('as-of-revision').value));
  });
  const guarded = (action, status) => () => action().catch((error) => say(status, error.message, true));
  $('older').addEventListener('click', guarded(moreHistory, 'record-status'));
  $('ledger-older').addEventListener('click', guarded(moreLedger, 'record-status'));
}

setUpKey();
setUpRecord();
