import type { FastifyInstance } from 'fastify';
import { LICENCE_BIZ_TYPE, LICENCE_QR_KIND, type LicenceBizType } from '@contract/elec-licence';
import { OWNER_ROLE } from '@contract/organization';
import { ORG_FUNCTIONS, type FuncCode } from '@contract/shell';
import { signAgreement } from '../../modules/agreement/service';
import { decideLicenceQr, issueLicenceQr } from '../../modules/elec-licence/service';
import { defineChannel, joinChannel } from '../../modules/org-channel/service';
import { openFunction } from '../../modules/org-function/service';
import type { Db } from '../database';
import { DEMO_ACCOUNTS, DEMO_AGREEMENTS, DEMO_ORGS } from '../seed';

type Company = keyof typeof DEMO_ORGS;

/** Stands for the platform's own channel (the configuration's), whatever its id. */
const PLATFORM_CHANNEL = 'platform';

const DAY = 24 * 60 * 60 * 1000;

/** A second channel beside the platform's own, offering the bill business and electronic signing only. */
export const DEMO_DIRECT_CHANNEL = {
  id: 'CH0002',
  name: '银企直连票据渠道',
  functions: ['BILL_ISSUE', 'BILL_ACCEPT', 'BILL_ENDORSE', 'BILL_DISCOUNT', 'BILL_PAY_PROMPT', 'E_SIGN'],
} as const satisfies { id: string; name: string; functions: readonly FuncCode[] };

/**
 * What each demo company has set up, and when (days before the seed): the channels it works on (the first
 * its default), the agreements it signed, the businesses its licence holder authorised (only the Shanghai
 * company has its licence bound) and the functions it opened, the ones the demo uses. The Shanghai company
 * signed the e-signing agreement but has not opened its e-sign account, so electronic signing is not open
 * yet. Hangzhou is not authenticated: it can set up nothing.
 */
const SETUP: Record<
  Company,
  {
    channels: Array<{ id: string; isDefault: boolean }>;
    agreements: ReadonlyArray<{ code: string; id?: string }>;
    businesses: readonly LicenceBizType[];
    functions: readonly FuncCode[];
  }
> = {
  shanghai: {
    channels: [
      { id: PLATFORM_CHANNEL, isDefault: true },
      { id: DEMO_DIRECT_CHANNEL.id, isDefault: false },
    ],
    agreements: DEMO_AGREEMENTS,
    businesses: [LICENCE_BIZ_TYPE.scbill, LICENCE_BIZ_TYPE.econtract],
    functions: ['BILL_ISSUE', 'BILL_ACCEPT', 'BILL_ENDORSE'],
  },
  hangzhou: {
    channels: [
      { id: DEMO_DIRECT_CHANNEL.id, isDefault: true },
      { id: PLATFORM_CHANNEL, isDefault: false },
    ],
    agreements: [],
    businesses: [],
    functions: [],
  },
  suzhou: {
    channels: [],
    agreements: [{ code: 'SCB_SERVICE' }, { code: 'FINANCE_SERVICE' }],
    businesses: [],
    functions: [
      'BILL_ISSUE',
      'BILL_ACCEPT',
      'BILL_ENDORSE',
      'BILL_DISCOUNT',
      'EASE_DISCOUNT',
      'BILL_PLEDGE',
      'PLEDGE_FIN',
    ],
  },
  ningbo: {
    channels: [],
    agreements: [{ code: 'SCB_SERVICE' }],
    businesses: [],
    functions: ['BILL_ENDORSE'],
  },
};
/** Agreements signed this long before the seed, the functions opened a day later: before the ledger's history. */
const SET_UP_DAYS_BEFORE = 150;

const ownerOf = (company: Company): string => {
  const account = DEMO_ACCOUNTS.find((a) =>
    a.memberships.some((m) => m.org === company && m.roles.includes(OWNER_ROLE)),
  );
  if (!account) throw new Error(`no demo owner of ${company}`);
  return account.id;
};

/**
 * The licence holder's business authorisations, the way a user gets them: a QR code asked for and confirmed
 * in the licence app (the sandbox's), each its own transaction.
 */
export async function seedBusinessAuthorisations(app: FastifyInstance): Promise<void> {
  for (const company of Object.keys(SETUP) as Company[]) {
    for (const bizType of SETUP[company].businesses) {
      const { qrId } = await issueLicenceQr(app, {
        kind: LICENCE_QR_KIND.bizAuth,
        orgId: DEMO_ORGS[company].id,
        userId: ownerOf(company),
        bizType,
      });
      const outcome = await decideLicenceQr(app, { qrId, decision: 'confirm' });
      if (outcome.kind !== 'decided') throw new Error(`demo business authorisation of ${company} failed`);
    }
  }
}

/** Channels, agreements and functions, through the modules' commands, in the caller's transaction. */
export async function seedOrganisationSetup(
  trx: Db,
  input: { now: number; platformChannelId: string },
): Promise<void> {
  const setUpAt = input.now - SET_UP_DAYS_BEFORE * DAY;
  await defineChannel(trx, DEMO_DIRECT_CHANNEL, setUpAt);
  for (const company of Object.keys(SETUP) as Company[]) {
    const setup = SETUP[company];
    const orgId = DEMO_ORGS[company].id;
    const userId = ownerOf(company);
    for (const [order, channel] of setup.channels.entries()) {
      const channelId = channel.id === PLATFORM_CHANNEL ? input.platformChannelId : channel.id;
      await joinChannel(trx, { orgId, channelId, isDefault: channel.isDefault }, setUpAt + order);
    }
    for (const agreement of setup.agreements) {
      await signAgreement(trx, {
        orgId,
        userId,
        code: agreement.code,
        platformChannelId: input.platformChannelId,
        now: setUpAt,
        ...(agreement.id ? { id: agreement.id } : {}),
      });
    }
    for (const funcCode of setup.functions) {
      await openFunction(trx, {
        orgId,
        userId,
        funcCode,
        platformChannelId: input.platformChannelId,
        now: setUpAt + DAY + ORG_FUNCTIONS.findIndex((f) => f.funcCode === funcCode),
      });
    }
  }
}
