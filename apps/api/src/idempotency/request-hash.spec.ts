import { canonicalJson } from '@app/runtime';
import { requestHash } from './request-hash';

describe('requestHash', () => {
  const base = { method: 'POST', url: '/api/v3/invoices?x=1', body: { a: 1, b: { c: [1, { d: 2, e: 3 }] } } };

  it('ignores the order of object keys, at every depth', () => {
    const reordered = { ...base, body: { b: { c: [1, { e: 3, d: 2 }] }, a: 1 } };
    expect(requestHash(reordered)).toBe(requestHash(base));
  });

  it('tells apart the method, the path, the query, array order and values', () => {
    const variants = [
      { ...base, method: 'PATCH' },
      { ...base, url: '/api/v3/invoices' },
      { ...base, url: '/api/v3/invoices?x=2' },
      { ...base, body: { a: 1, b: { c: [{ d: 2, e: 3 }, 1] } } },
      { ...base, body: { a: '1', b: base.body.b } },
    ];
    const hashes = new Set([base, ...variants].map(requestHash));
    expect(hashes.size).toBe(variants.length + 1);
  });

  it('tells uploaded files apart by their bytes', () => {
    const upload = (bytes: string) => ({ ...base, body: { photo: Buffer.from(bytes) } });
    expect(requestHash(upload('a photo'))).toBe(requestHash(upload('a photo')));
    expect(requestHash(upload('a photo'))).not.toBe(requestHash(upload('a photo!')));
    expect(canonicalJson({ photo: Buffer.from('') })).toMatch(/^\{"photo":<sha256:[0-9a-f]{64}>\}$/);
  });

  it('reads a request without a body as {}', () => {
    expect(requestHash({ ...base, body: undefined })).toBe(requestHash({ ...base, body: {} }));
  });

  it('writes canonical JSON that parses back to the same value', () => {
    const value = { z: [null, true, 'é"\n'], a: { y: 1.5, x: -0 } };
    expect(canonicalJson(value)).toBe('{"a":{"x":0,"y":1.5},"z":[null,true,"é\\"\\n"]}');
    expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
  });
});
