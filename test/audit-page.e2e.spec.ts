import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, chromium, Page } from 'playwright-core';
import { testDatabases } from '@app/read-models/testing/test-databases';
import { createLocation } from './support/catalog';
import { apiOf, colleagueOf, Json, ok, openShop, Shop } from './support/estimates';
import { invoiceEditedPaidRefunded } from './support/invoices';
import { Caller } from './support/operator';
import { startTestApp, TestApp } from './support/test-app';

/** Debian's Chromium (.ci/run installs it when missing); the page is driven as a person would. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = join(__dirname, '..', 'test-output');

/**
 * The /audit page (issue 30 item 3) in a real browser against the service on a real port: a key
 * entered, an invoice edited, paid and refunded shown revision by revision with who did what, the
 * record as of a revision, its links, and an item's stock ledger. One database is enough: the page
 * only reads what the API answers.
 */
describe('the audit page in Chromium', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let page: Page;
  let shop: Shop;
  let clerk: Caller;
  let invoice: Json;
  /** Every URL the page asked for. */
  const requested: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(testDatabases()[0]);
    await t.app.listen(0, '127.0.0.1');
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    shop = await openShop(t.app);
    clerk = await colleagueOf(t.app, shop, { name: 'Clerk' });
    const owner = apiOf(t.app)(shop.owner);
    const store = await createLocation(t.app, shop.owner, { name: 'Main store' });
    const adjust = (quantity: number) =>
      ok(
        owner('POST', `/api/v3/items/${shop.widget.id}/adjustments`, { location_id: store.id, quantity }),
        201,
      );
    await adjust(10);
    await adjust(-3);
    invoice = await invoiceEditedPaidRefunded(t.app, shop, clerk);

    mkdirSync(SCREENSHOTS, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('request', (request) => requested.push(request.url()));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('is served at /audit without a key, with no third-party assets allowed', async () => {
    const redirect = await t.app.inject({ method: 'GET', url: '/audit' });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/audit/');
    const html = await t.app.inject({ method: 'GET', url: '/audit/' });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    expect(html.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(existsSync(CHROMIUM)).toBe(true);
  });

  it('shows an invoice edited, paid and refunded: each revision’s changes and actor, its past and links', async () => {
    await page.goto(`${base}/audit`);
    await page.getByLabel('API key (kept in this tab only)').fill(shop.owner.key);
    await page.getByRole('button', { name: 'Use this key' }).click();
    expect(await page.locator('#key-status').textContent()).toBe('A key is set for this tab.');
    expect(await page.evaluate(() => [sessionStorage.length, localStorage.length])).toEqual([1, 0]);

    // By keyboard: the type, the invoice's number, Enter.
    await page.getByLabel('Type').selectOption({ label: 'Invoice' });
    await page.getByLabel('Id or document number').focus();
    await page.keyboard.type(String(invoice.invoice_number));
    await page.keyboard.press('Enter');
    const entries = page.locator('#timeline > li');
    await entries.nth(Number(invoice.revision)).waitFor();
    expect(await entries.count()).toBe(Number(invoice.revision) + 1);

    const lineId = invoice.lines[0].id;
    const edit = entries.filter({ hasText: 'InvoiceUpdated' });
    await expect(textOf(edit.locator('.who'))).resolves.toBe(`Clerk (${clerk.userId})`);
    await expect(textOf(edit.locator('.key'))).resolves.toBe(clerk.apiKeyId);
    const editRows = await rowsOf(edit);
    expect(editRows).toEqual(
      expect.arrayContaining([
        ['purchase_order_number', '', 'PO-77'],
        [`lines.${lineId}.quantity`, '2', '3'],
        ['total', '28.0000', '42.0000'],
      ]),
    );
    expect(await edit.textContent()).toContain('edit-1');

    const [refund, payment] = await Promise.all([rowsOf(entries.nth(0)), rowsOf(entries.nth(1))]);
    expect(payment).toContainEqual(['amount_paid', '0.0000', '10.0000']);
    expect(refund).toContainEqual(['amount_paid', '10.0000', '7.0000']);
    await expect(textOf(entries.nth(0).locator('.who'))).resolves.toBe(`Owner (${shop.owner.userId})`);
    const created = entries.last();
    expect(await rowsOf(created)).toContainEqual([`lines.${lineId}.quantity`, '(none)', '2']);

    const links = await page.locator('#links a').allTextContents();
    expect(links).toEqual(expect.arrayContaining([`Customer ${shop.customer.id}`, `Item ${shop.widget.id}`]));

    await edit.getByRole('button', { name: 'View the record as of revision 1' }).click();
    const past = JSON.parse((await page.locator('#as-of pre').textContent())!);
    expect(past).toMatchObject({
      id: invoice.id,
      revision: '1',
      purchase_order_number: 'PO-77',
      amount_paid: '0.0000',
    });

    await page.screenshot({ path: join(SCREENSHOTS, 'audit-invoice-timeline.png'), fullPage: true });
  });

  it('follows a link to an item and shows its stock ledger with the on-hand after each movement', async () => {
    await page.getByRole('link', { name: `Item ${shop.widget.id}` }).click();
    // The click replaces the page: wait for the new record's title, then its ledger.
    await page.locator('#record-title', { hasText: shop.widget.id }).waitFor();
    await page.locator('#ledger tbody tr').nth(3).waitFor();
    const rows = await page
      .locator('#ledger tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    // Newest first: the adjustments of +10 then -3 at the store leave 10, then 7; the invoice of
    // no location takes 2 then 1 more where the item has none.
    const invoiceSource = `invoice ${invoice.invoice_number}`;
    expect(rows.map((cells) => cells.slice(1, 6))).toEqual([
      [invoiceSource, '(none)', '(item)', '-1', '-3'],
      [invoiceSource, '(none)', '(item)', '-2', '-2'],
      ['adjustment', 'Main store', '(item)', '-3', '7'],
      ['adjustment', 'Main store', '(item)', '+10', '10'],
    ]);
    await page.screenshot({ path: join(SCREENSHOTS, 'audit-item-stock-ledger.png'), fullPage: true });

    // A movement's source opens that document.
    await page.getByRole('link', { name: invoiceSource }).first().click();
    await page.locator('#record-title', { hasText: invoice.id }).waitFor();
    await page.locator('#timeline > li').first().waitFor();

    // Everything came from this service: the page's files and its API.
    expect(requested.filter((url) => !url.startsWith(base))).toEqual([]);
    expect(requested.some((url) => url.includes('/history'))).toBe(true);
  });

  const textOf = async (locator: ReturnType<Page['locator']>) => (await locator.textContent())?.trim();
  /** The rows of an entry's change table: field, from, to. */
  const rowsOf = (entry: ReturnType<Page['locator']>) =>
    entry
      .locator('table.changes tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent ?? '')));
});
