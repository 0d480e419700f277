import { as, describePartyApi } from './support/party-rules';

describePartyApi(
  {
    noun: 'supplier',
    path: '/api/v3/suppliers',
    resource: 'suppliers',
    otherPath: '/api/v3/customers',
    deleteCode: 'supplier_delete_not_allowed',
  },
  (ctx) => {
    describe('supplier fields', () => {
      it('has no kind: neither in the body nor as a list filter', async () => {
        const call = as(ctx.t.app, ctx.owner);
        const created = await call('POST', '/api/v3/suppliers', { name: 'Parts Inc' });
        expect(created.json()).not.toHaveProperty('kind');
        const body = await call('POST', '/api/v3/suppliers', { name: 'Parts Inc', kind: 'prospect' });
        expect(body.statusCode).toBe(422);
        expect(body.json().error).toMatchObject({ code: 'unsupported_field', param: 'kind' });
        const query = await call('GET', '/api/v3/suppliers?kind=customer');
        expect(query.statusCode).toBe(422);
        expect(query.json().error).toMatchObject({ code: 'invalid_query_parameter', param: 'kind' });
      });
    });
  },
);
