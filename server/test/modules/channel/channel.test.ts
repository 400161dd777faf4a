import type { ChannelConfig } from '@contract/auth-schemas';
import { encryptWith, startApp, type TestApp } from '../../support/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.app.close();
});

describe('GET /api/channel/config/default', () => {
  it('serves the password public key and channel in GET /api/channel/config/default, without sign-in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/channel/config/default?channelId=x' });
    expect(response.statusCode).toBe(200);
    const config = response.json<{ code: number; data: ChannelConfig }>().data;
    expect(config).toEqual({
      platformName: t.config.platformName,
      channelId: t.config.channelId,
      passwordPublicKey: expect.stringMatching(
        /^-----BEGIN PUBLIC KEY-----\n[\s\S]+-----END PUBLIC KEY-----\n$/,
      ),
    });
    expect(t.app.passwordKey.decrypt(encryptWith(config.passwordPublicKey, 'Demo@1234'))).toBe('Demo@1234');
  });
});
