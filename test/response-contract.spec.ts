import Fastify from 'fastify';
import { responseContract } from './support/response-contract';

const document = {
  paths: {
    '/things/{id}': {
      get: {
        responses: {
          '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
          '404': { content: { 'application/json': { schema: { type: 'object' } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        required: ['id', 'note'],
        properties: {
          id: { type: 'string' },
          note: { nullable: true, allOf: [{ $ref: '#/components/schemas/Note' }] },
        },
      },
      Note: { type: 'object', required: ['text'], properties: { text: { type: 'string' } } },
    },
  },
};

async function answering(body: unknown, status = 200, strictness: 'schemas' | 'statuses' = 'schemas') {
  const contract = responseContract(strictness);
  const fastify = Fastify();
  contract.watch(fastify);
  fastify.get('/things/:id', async (_request, reply) => reply.status(status).send(body));
  await fastify.ready();
  contract.load(document);
  await fastify.inject({ method: 'GET', url: '/things/1' });
  await fastify.close();
  return contract.differences();
}

describe('the response contract', () => {
  it('accepts an answer that matches its schema, a nullable reference given null', async () => {
    expect(await answering({ id: 'a', note: null })).toEqual([]);
    expect(await answering({ id: 'a', note: { text: 'x' } })).toEqual([]);
  });

  it('reports a missing field, a wrong type and an undocumented field', async () => {
    expect(await answering({ note: null })).toEqual([
      expect.stringContaining("GET /things/{id} 200: / must have required property 'id'"),
    ]);
    expect(await answering({ id: 1, note: null })).toEqual([expect.stringContaining('/id must be string')]);
    expect(await answering({ id: 'a', note: null, extra: true })).toEqual([
      expect.stringContaining('must NOT have additional properties'),
    ]);
  });

  it('reports an undocumented status only when statuses are checked', async () => {
    expect(await answering({}, 409)).toEqual([]);
    expect(await answering({}, 409, 'statuses')).toEqual(['GET /things/{id} 409: status not documented']);
    // a 500 is no part of any contract: the crash suites cause one on purpose
    expect(await answering({}, 500, 'statuses')).toEqual([]);
  });
});
