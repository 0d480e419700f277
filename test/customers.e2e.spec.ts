import { createCaller } from './support/operator';
import { as, describePartyApi } from './support/party-rules';

describePartyApi(
  {
    noun: 'customer',
    path: '/api/v3/customers',
    resource: 'customers',
    otherPath: '/api/v3/suppliers',
    deleteCode: 'customer_delete_not_allowed',
  },
  (ctx) => {
    describe('prospects', () => {
      const call = () => as(ctx.t.app, ctx.owner);

      it('creates customers by default and prospects when asked', async () => {
        expect((await call()('POST', '/api/v3/customers', { name: 'Plain' })).json().kind).toBe('customer');
        const prospect = await call()('POST', '/api/v3/customers', { name: 'Maybe', kind: 'prospect' });
        expect(prospect.statusCode).toBe(201);
        expect(prospect.json()).toMatchObject({ object: 'customer', kind: 'prospect' });
        const bad = await call()('POST', '/api/v3/customers', { name: 'Odd', kind: 'supplier' });
        expect(bad.statusCode).toBe(422);
        expect(bad.json().error).toMatchObject({ code: 'validation_failed', param: 'kind' });
      });

      it('filters the list by kind and turns a prospect into a customer with PATCH', async () => {
        const caller = await createCaller(ctx.t.app);
        const mine = as(ctx.t.app, caller);
        const lead = (await mine('POST', '/api/v3/customers', { name: 'Lead', kind: 'prospect' })).json();
        await mine('POST', '/api/v3/customers', { name: 'Client' });
        const names = async (query: string) =>
          (await mine('GET', `/api/v3/customers${query}`)).json().data.map((r: { name: string }) => r.name);
        expect(await names('')).toEqual(['Client', 'Lead']);
        expect(await names('?kind=prospect')).toEqual(['Lead']);
        expect(await names('?kind=customer')).toEqual(['Client']);
        const invalid = await mine('GET', '/api/v3/customers?kind=supplier');
        expect(invalid.statusCode).toBe(422);
        expect(invalid.json().error).toMatchObject({ code: 'invalid_query_parameter', param: 'kind' });
        const converted = await mine('PATCH', `/api/v3/customers/${lead.id}`, { kind: 'customer' });
        expect(converted.json()).toMatchObject({ kind: 'customer', revision: 1 });
        expect(await names('?kind=prospect')).toEqual([]);
        expect(await names('?kind=customer')).toEqual(['Client', 'Lead']);
      });
    });
  },
);
