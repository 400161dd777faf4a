import { forgetChannelProbe, probeChannelConfig } from '@/features/auth/api/channel-probe';

const answer = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

describe('the channel configuration probe of the pages before signing in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetChannelProbe();
  });

  it('asks once per page load, with the channel id, and resolves when the configuration has data', async () => {
    const fetchMock = vi.fn(() => answer(200, { code: 200, data: { channelId: 'CH0001' } }));
    vi.stubGlobal('fetch', fetchMock);

    await probeChannelConfig();
    await probeChannelConfig();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/channel/config/default',
      expect.objectContaining({ headers: expect.objectContaining({ 'X-CH-ID': 'CH0001' }) }),
    );
  });

  it.each([
    ['a 404', () => answer(404, { code: 'NOT_FOUND' })],
    ['an answer without data', () => answer(200, { code: 200 })],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('rejects on %s', async (_, respond) => {
    vi.stubGlobal('fetch', vi.fn(respond));
    await expect(probeChannelConfig()).rejects.toThrow();
  });
});
