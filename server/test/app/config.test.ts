import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHANNEL_ID, WEB_CLIENT } from '@contract/constants';
import { ConfigError, EXIT_CONFIG, loadConfig } from '../../src/config';
import { POSTGRES_POOL_SIZE } from '../../src/db/database';
import { runtimeEnv } from '../support/child-env';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MAIN = path.join(SERVER, 'src/main.ts');
/** tsx by path, and the server's tsconfig by name: the server starts in a folder of its own. */
const TSX = path.resolve(SERVER, '../node_modules/tsx/dist/esm/index.mjs');

/** Starts main.ts in `cwd` with `env` on top of this process's; resolves with its exit code and stderr. */
async function start(cwd: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', TSX, MAIN], {
    cwd,
    // The variables the test sets, not the ones of whoever runs it.
    env: {
      ...runtimeEnv(),
      TSX_TSCONFIG_PATH: path.join(SERVER, 'tsconfig.json'),
      WEB_ROOT: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stderr };
}

describe('the configuration', () => {
  it('has a default for everything it needs', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      clientId: WEB_CLIENT.id,
      clientSecret: WEB_CLIENT.secret,
      channelId: DEFAULT_CHANNEL_ID,
      fileStore: 'local',
      billWorkdaysOnly: false,
      trustProxy: false,
      databasePoolSize: POSTGRES_POOL_SIZE,
    });
    expect(loadConfig({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
  });

  it('refuses a malformed value instead of falling back to the default', () => {
    for (const [name, value] of [
      ['PORT', 'abc'],
      ['PORT', '' + '-1'],
      ['PORT', '70000'],
      ['PORT', '80.5'],
      ['ACCESS_TOKEN_TTL_SECONDS', '-1'],
      ['TASK_POLL_SECONDS', '0'],
      ['BANK_TRANSFER_ARRIVAL_DELAY_SECONDS', 'soon'],
      ['FILE_STORE', 'shared'],
      ['LOG_LEVEL', 'verbose'],
      ['CHANNEL_ID', 'CH 01'],
      ['DATABASE_URL', 'mysql://x'],
      ['DATABASE_POOL_SIZE', '0'],
      ['DATABASE_POOL_SIZE', '101'],
      ['DATABASE_POOL_SIZE', 'many'],
      ['SGSCSP_SECRET', 'short'],
      ['BILL_BUSINESS_HOURS', '8-20'],
      ['BILL_BUSINESS_HOURS', '20:00-08:00'],
      ['BILL_BUSINESS_HOURS', '08:75-20:00'],
    ]) {
      expect(() => loadConfig({ [name!]: value }), `${name}=${value}`).toThrow(ConfigError);
      expect(() => loadConfig({ [name!]: value }), `${name}=${value}`).toThrow(new RegExp(`^${name}`, 'm'));
    }
  });

  it('reads every switch one way: on or off, nothing else', () => {
    for (const name of ['SANDBOX', 'SEED_DEMO', 'BILL_WORKDAYS_ONLY']) {
      for (const word of ['true', 'false', '0', '1', 'no', 'yes', 'ON']) {
        expect(() => loadConfig({ [name]: word }), `${name}=${word}`).toThrow(
          new RegExp(`${name}="${word}": expected on or off`),
        );
      }
    }
    const on = loadConfig({ SANDBOX: 'on', SEED_DEMO: 'on', BILL_WORKDAYS_ONLY: 'on' });
    expect([on.sandbox, on.seedDemo, on.billWorkdaysOnly]).toEqual([true, true, true]);
    const off = loadConfig({ SANDBOX: 'off', SEED_DEMO: 'off', BILL_WORKDAYS_ONLY: 'off' });
    expect([off.sandbox, off.seedDemo, off.billWorkdaysOnly]).toEqual([false, false, false]);
  });

  it('names every malformed variable at once', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'abc', FILE_STORE: 'shared', SEED_DEMO: 'yes' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^PORT="abc": expected a whole number from 0 to 65535/m);
    expect(message).toMatch(/^FILE_STORE="shared": expected one of local, database/m);
    expect(message).toMatch(/^SEED_DEMO="yes"/m);
  });

  it('takes an empty value as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', SANDBOX: '' }).port).toBe(8080);
  });

  it('selects the real providers only when named, and refuses one named without its credentials', () => {
    const none = loadConfig({});
    expect(none.aliyunSms).toBeNull();
    expect(none.esign).toBeNull();
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'id' })).toThrow(
      /SMS_PROVIDER=aliyun needs ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE/,
    );
    expect(() => loadConfig({ ESIGN_PROVIDER: 'esign' })).toThrow(
      /ESIGN_PROVIDER=esign needs ESIGN_APP_ID, ESIGN_APP_SECRET, ESIGN_NOTIFY_URL/,
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'tencent' })).toThrow(/^SMS_PROVIDER="tencent"/m);
    const chosen = loadConfig({
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-id',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '链票通',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_123456789',
      ESIGN_PROVIDER: 'esign',
      ESIGN_APP_ID: '7438000000',
      ESIGN_APP_SECRET: 'app-secret',
      ESIGN_NOTIFY_URL: 'https://bills.example.com/api/edoc/callback',
    });
    expect(chosen.aliyunSms).toEqual({
      endpoint: 'https://dysmsapi.aliyuncs.com',
      accessKeyId: 'LTAI-id',
      accessKeySecret: 'secret',
      signName: '链票通',
      templateCode: 'SMS_123456789',
    });
    expect(chosen.esign).toEqual({
      baseUrl: 'https://openapi.esign.cn',
      appId: '7438000000',
      appSecret: 'app-secret',
      notifyUrl: 'https://bills.example.com/api/edoc/callback',
    });
  });
});

describe('the server at start', () => {
  it('stops with EX_CONFIG and the reason on a malformed value (PORT=abc is not 8080)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-config-'));
    const { code, stderr } = await start(dir, { PORT: 'abc', DATA_DIR: path.join(dir, 'data') });
    expect(code).toBe(EXIT_CONFIG);
    expect(stderr).toMatch(/PORT="abc": expected a whole number/);
    expect(fs.existsSync(path.join(dir, 'data'))).toBe(false);
  }, 30_000);

  it('reads .env from its working directory, below the variables already set', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-dotenv-'));
    fs.writeFileSync(path.join(dir, '.env'), 'PORT=not-a-port\nFILE_STORE=nowhere\n');
    const { code, stderr } = await start(dir, { FILE_STORE: 'local', DATA_DIR: path.join(dir, 'data') });
    expect(code).toBe(EXIT_CONFIG);
    // PORT came from the file; FILE_STORE from the environment, which wins.
    expect(stderr).toMatch(/PORT="not-a-port"/);
    expect(stderr).not.toMatch(/FILE_STORE/);
  }, 30_000);
});
