import { http as mock, HttpResponse } from 'msw';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import { setupServer } from 'msw/node';
import type * as ErrorMessages from '@/lib/error-messages';
import { makeRsaKeyPair, rsaDecrypt } from '@/testing/keys';
import { encryptForPlatform } from '@/features/account-security/model/platform-password';

const notices = vi.hoisted(() => [] as string[]);
vi.mock('@/lib/error-messages', async (original) => ({
  ...(await original<typeof ErrorMessages>()),
  showErrorNotice: (text: string) => void notices.push(text),
}));

const keys = makeRsaKeyPair();
const server = setupServer();
listenFailingUnhandled(server);
afterEach(() => {
  server.resetHandlers();
  notices.length = 0;
});
afterAll(() => server.close());

describe('a new password for the password calls', () => {
  it('is encrypted under the key the platform publishes now', async () => {
    server.use(
      mock.get('*/api/channel/config/default', () =>
        HttpResponse.json({ code: 200, data: { channelId: 'CH0001', passwordPublicKey: keys.publicKeyPem } }),
      ),
    );
    const ciphertext = await encryptForPlatform('Newpass@2026');
    expect(rsaDecrypt(ciphertext, keys.privateKeyPem)).toBe('Newpass@2026');
    expect(notices).toEqual([]);
  });

  it('tells the user and rejects when the key cannot be fetched', async () => {
    server.use(mock.get('*/api/channel/config/default', () => HttpResponse.json({}, { status: 500 })));
    await expect(encryptForPlatform('Newpass@2026')).rejects.toBeDefined();
    expect(notices).toEqual(['平台配置加载失败，请刷新页面后重试']);
  });
});
