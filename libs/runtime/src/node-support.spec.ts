import { unsupportedNodeNotice } from './node-support';

describe('the Node version notice', () => {
  it('names an end-of-life Node and the supported lines', () => {
    expect(unsupportedNodeNotice('20.19.2')).toBe(
      'Node 20.19.2 is past its end of life and not supported: use Node 22 or 24 LTS.',
    );
  });

  it('says nothing on Node 22, 24 and later', () => {
    expect(unsupportedNodeNotice('22.12.0')).toBeUndefined();
    expect(unsupportedNodeNotice('24.0.0')).toBeUndefined();
    expect(unsupportedNodeNotice('26.1.0')).toBeUndefined();
  });
});
