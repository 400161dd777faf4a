import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NOTICE_TYPE } from '@contract/notice';
// The operator's backup script itself (docs/deployment.md), not a copy of it.
import { backupSqlite, DATABASE_FILE } from '../../../scripts/sqlite-backup.mjs';
import { freshLoopbackIp } from '../support/captcha-helpers';
import { startApp, type TestApp } from '../support/helpers';
import { OWNER_SH } from '../support/verification-helpers';

const apps: TestApp[] = [];
const folders: string[] = [];
afterAll(async () => {
  for (const t of apps) await t.app.close();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

const folder = () => {
  const made = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-backup-'));
  folders.push(made);
  return made;
};

describe('the SQLite backup', () => {
  it('copies the database while writes go on, and the restored copy holds every write acknowledged before it', async () => {
    const dataDir = folder();
    const live = await startApp({ inMemoryDb: false, dataDir });
    apps.push(live);

    // A client writing notices one after another, keeping the id of each one the server acknowledged (201).
    const acknowledged: string[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const response = await live.app.inject({
          method: 'POST',
          url: '/api/sandbox/notices',
          remoteAddress: freshLoopbackIp(),
          payload: {
            mobile: OWNER_SH,
            type: NOTICE_TYPE.announcement,
            title: `写入 ${i}`,
            content: 'x'.repeat(2000),
          },
        });
        if (response.statusCode !== 201)
          throw new Error(`write ${i}: ${response.statusCode} ${response.body}`);
        acknowledged.push(response.json<{ data: { id: string } }>().data.id);
      }
    })();
    while (acknowledged.length < 50) await new Promise((resolve) => setTimeout(resolve, 5));

    const before = [...acknowledged];
    const backupFile = path.join(folder(), 'backup.sqlite');
    const pages = await backupSqlite(path.join(dataDir, DATABASE_FILE), backupFile);
    const during = acknowledged.length - before.length;
    // Writes go on after the copy too, and the live database keeps them.
    const target = acknowledged.length + 20;
    while (acknowledged.length < target) await new Promise((resolve) => setTimeout(resolve, 5));
    writing = false;
    await writer;
    expect(pages).toBeGreaterThan(0);
    expect(during).toBeGreaterThan(0);

    // The restore drill: a fresh data folder with the copy as its database, and a server started on it.
    const restoredDir = folder();
    fs.copyFileSync(backupFile, path.join(restoredDir, DATABASE_FILE));
    // The keys folder goes with it (the password key pair, the verification secret) unless both are configured.
    if (fs.existsSync(path.join(dataDir, 'keys')))
      fs.cpSync(path.join(dataDir, 'keys'), path.join(restoredDir, 'keys'), { recursive: true });
    const restored = await startApp({ inMemoryDb: false, dataDir: restoredDir });
    apps.push(restored);
    const ready = await restored.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.json()).toMatchObject({ status: 'ready' });
    const found = await restored.app.db
      .selectFrom('plat_messages')
      .select('id')
      .where('id', 'in', acknowledged)
      .execute();
    const kept = new Set(found.map((row) => row.id));
    // Nothing acknowledged before the backup began is missing...
    expect(before.filter((id) => !kept.has(id))).toEqual([]);
    // ...and the copy is one moment's snapshot: the acknowledged writes it holds are a prefix of them all.
    expect(acknowledged.slice(0, kept.size).every((id) => kept.has(id))).toBe(true);
    expect(kept.size).toBeLessThan(acknowledged.length);
  });
});
