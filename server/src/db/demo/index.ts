import type { FastifyInstance } from 'fastify';
import { seedDemoData } from '../seed';
import { seedAnnouncements } from './announcements';
import { seedDemoBalances } from './balances';
import { seedDemoInstitutions } from './institutions';
import { seedLedgerHistory } from './ledger-history';
import { seedDemoPledgeFinancing } from './pledge-financing';
import { seedBusinessAuthorisations, seedOrganisationSetup } from './organisation-setup';

/**
 * The demo, on an empty database: the companies, their members and bank accounts (db/seed.ts), then all
 * they did, through the modules' own commands as a user's requests would: the licence holder's business
 * authorisations, the simulated financial institutions and their financing products, channels, agreements and functions, announcements,
 * and months of the bill ledger. False
 * (and nothing written) when the database already has users, so a restart or a second node adds nothing.
 */
export async function seedDemo(app: FastifyInstance): Promise<boolean> {
  const now = app.now();
  if (!(await seedDemoData(app.db, now))) return false;
  await seedBusinessAuthorisations(app);
  await app.db.transaction().execute(async (trx) => {
    await seedDemoInstitutions(trx, now);
    await seedDemoPledgeFinancing(trx, now);
    await seedDemoBalances(trx, now);
    await seedOrganisationSetup(trx, { now, platformChannelId: app.config.channelId });
    await seedAnnouncements(trx, now);
    await seedLedgerHistory(trx, now);
  });
  return true;
}
