import { ACCOUNT_ID, NOW, OTHER_ACCOUNT_ID, RECORD_ID } from '../testing/fixtures';
import { liveRecordAfter, stateAfter } from '../testing/scenario';
import { ItemCommand } from './commands';
import { ItemContext } from './context';
import { ItemCreated, ItemUnitInvoiced, ItemUnitReleased } from './events';
import { ITEM_DEFAULTS } from './fields';
import { ItemRestored } from './events';
import { streamExtras } from './view';
import { archived, folding, item, stockAdjusted, STORE } from './item.fixture';

const INVOICE = 'a0000000-0000-4000-8000-000000000001';
const OTHER_INVOICE = 'a0000000-0000-4000-8000-000000000002';
const THEN = '2030-01-17T09:00:00.000Z';

const context = (over: Partial<ItemContext> = {}): ItemContext => ({
  now: THEN,
  accountId: ACCOUNT_ID,
  mayViewCost: true,
  references: { categories: {}, locations: [STORE], zones: {}, suppliers: [], attributes: [] },
  ...over,
});

/** A unique item on hand at STORE; the fields not at stake here are a new item's defaults. */
const painting: ItemCreated = {
  type: 'ItemCreated',
  data: {
    ...ITEM_DEFAULTS,
    id: RECORD_ID,
    account_id: ACCOUNT_ID,
    item_number: 3,
    name: 'Painting',
    serial_number: 'P-1',
    inventory_type: 'unique',
    category_id: 'c0000000-0000-4000-8000-000000000002',
    location_id: STORE,
    price: '900.0000',
    status_id: 12,
    created_at: NOW,
  },
};
const widget: ItemCreated = { type: 'ItemCreated', data: { ...painting.data, inventory_type: 'quantity' } };
/** Stock adjusted by hand at STORE. */
const stocked = (quantity: string, after: string) => stockAdjusted(STORE, quantity, after);
const onHand = stocked('1', '1');
const invoiced = (invoice_id: string, at = THEN): ItemUnitInvoiced => ({
  type: 'ItemUnitInvoiced',
  data: { invoice_id, status_id: 14, sold_date: at, invoiced_at: at },
});
const released = (invoice_id: string, status_id: 12 | 13 = 12): ItemUnitReleased => ({
  type: 'ItemUnitReleased',
  data: { invoice_id, status_id, released_at: THEN },
});
const claim = (invoice_id = INVOICE): ItemCommand => ({ type: 'InvoiceItemUnit', invoice_id });
const release = (invoice_id = INVOICE): ItemCommand => ({ type: 'ReleaseItemUnit', invoice_id });

const refusal = (code: string, status = 409) => expect.objectContaining({ status, code });

describe('Item unit on invoices', () => {
  describe('claim (InvoiceItemUnit)', () => {
    it('given a unique item on hand, when an invoice takes it, then it is sold on that invoice', () => {
      expect(item.given(painting, onHand).when(claim(), context())).toEqual([invoiced(INVOICE)]);
    });

    it('given the unit on another active invoice, then 409 item_unit_unavailable', () => {
      expect(item.given(painting, onHand, invoiced(OTHER_INVOICE)).when(claim(), context())).toEqual(
        refusal('item_unit_unavailable'),
      );
    });

    it('given the unit not on hand (never stocked, or adjusted away), then 409 item_unit_unavailable', () => {
      expect(item.given(painting).when(claim(), context())).toEqual(refusal('item_unit_unavailable'));
      expect(item.given(painting, onHand, stocked('-1', '0')).when(claim(), context())).toEqual(
        refusal('item_unit_unavailable'),
      );
    });

    it('given the same invoice already holding it, then nothing new (repeat-safe)', () => {
      expect(item.given(painting, onHand, invoiced(INVOICE)).when(claim(), context())).toEqual([]);
    });

    it('given the unit released by another invoice, then a new invoice may take it', () => {
      expect(
        item
          .given(painting, onHand, invoiced(OTHER_INVOICE), released(OTHER_INVOICE))
          .when(claim(), context()),
      ).toEqual([invoiced(INVOICE)]);
    });

    it('refuses an archived item (409 item_archived), a quantity item (422), another account (404)', () => {
      expect(item.given(painting, onHand, archived).when(claim(), context())).toEqual(
        refusal('item_archived'),
      );
      expect(item.given(widget, onHand).when(claim(), context())).toEqual(
        expect.objectContaining({ status: 422, param: 'item_id' }),
      );
      expect(item.given(painting, onHand).when(claim(), context({ accountId: OTHER_ACCOUNT_ID }))).toEqual(
        refusal('resource_missing', 404),
      );
    });
  });

  describe('release (ReleaseItemUnit)', () => {
    it('given the unit on this invoice, when released, then available again', () => {
      expect(item.given(painting, onHand, invoiced(INVOICE)).when(release(), context())).toEqual([
        released(INVOICE),
      ]);
    });

    it('given the item archived meanwhile, then released and still unavailable (13)', () => {
      expect(item.given(painting, onHand, invoiced(INVOICE), archived).when(release(), context())).toEqual([
        released(INVOICE, 13),
      ]);
    });

    it('given the unit free or on another invoice, then nothing (repeat-safe, never steals)', () => {
      expect(item.given(painting, onHand).when(release(), context())).toEqual([]);
      expect(
        item.given(painting, onHand, invoiced(INVOICE), released(INVOICE)).when(release(), context()),
      ).toEqual([]);
      expect(item.given(painting, onHand, invoiced(OTHER_INVOICE)).when(release(), context())).toEqual([]);
    });
  });

  describe('state', () => {
    it('is sold (14) with a sold date while claimed, available (12) without one once released', () => {
      const sold = stateAfter(folding, [painting, onHand, invoiced(INVOICE)]);
      expect(sold.status === 'live' && sold.record).toMatchObject({
        status_id: 14,
        sold_date: THEN,
        invoice_id: INVOICE,
        updated_at: NOW,
      });
      const back = stateAfter(folding, [painting, onHand, invoiced(INVOICE), released(INVOICE)]);
      expect(back.status === 'live' && back.record).toMatchObject({
        status_id: 12,
        sold_date: null,
        invoice_id: null,
      });
    });

    it("shows nothing on hand in the item's past views while its unit is invoiced", () => {
      const sold = liveRecordAfter(folding, [painting, onHand, invoiced(INVOICE)]);
      expect(streamExtras(sold).quantity).toBe(0);
    });

    it('restores an item archived while sold to sold (14)', () => {
      const restored: ItemRestored = { type: 'ItemRestored', data: { status_id: 14, restored_at: THEN } };
      expect(
        item.given(painting, onHand, invoiced(INVOICE), archived).when({ type: 'RestoreItem' }, context()),
      ).toEqual([restored]);
    });
  });

  describe('stock adjustments with invoices counted', () => {
    const adjust = (quantity: number): ItemCommand => ({
      type: 'AdjustItemStock',
      input: { location_id: STORE, quantity },
    });
    const given = item.given(widget, stocked('5', '5'));

    it('refuses a negative change past what adjustments less invoices leave (409 insufficient_stock)', () => {
      expect(given.when(adjust(-2), context({ invoiced: { [STORE]: '4' } }))).toEqual(
        refusal('insufficient_stock'),
      );
      expect(given.when(adjust(-1), context({ invoiced: { [STORE]: '4' } }))).toEqual([
        expect.objectContaining({
          type: 'StockAdjusted',
          data: expect.objectContaining({ quantity: '-1', on_hand_after: '4' }),
        }),
      ]);
    });

    it('takes any positive change, even while invoices keep on-hand below zero', () => {
      expect(given.when(adjust(3), context({ invoiced: { [STORE]: '9' } }))).toEqual([
        expect.objectContaining({ data: expect.objectContaining({ quantity: '3', on_hand_after: '8' }) }),
      ]);
    });
  });

  describe('stock adjustments while claimed', () => {
    it('refuses taking the unit away (409 insufficient_stock) and adding a second one (422)', () => {
      const given = item.given(painting, onHand, invoiced(INVOICE));
      const adjust = (quantity: number): ItemCommand => ({
        type: 'AdjustItemStock',
        input: { location_id: STORE, quantity },
      });
      expect(given.when(adjust(-1), context())).toEqual(refusal('insufficient_stock'));
      expect(given.when(adjust(1), context())).toEqual(
        expect.objectContaining({ status: 422, param: 'quantity' }),
      );
    });
  });
});
