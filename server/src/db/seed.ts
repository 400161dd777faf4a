import { PERMISSION_PATH_PREFIX } from '@contract/constants';
import { OWNER_ROLE, permissionsOfRoles, type StaffRoleCode } from '@contract/organization';
import { PERMISSION, type PermissionKey } from '@contract/permissions';
import { newId } from '../lib/hash';
import { hashPassword } from '../lib/passwords';
import type { Db } from './database';
import { lockWithinTransaction } from './locks';

/** Every demo account's password (README). */
export const DEMO_PASSWORD = 'Demo@1234';

/** A catalogue path as stored: with the `/normal` prefix the SPA strips. */
const stored = (key: PermissionKey) => `${PERMISSION_PATH_PREFIX}${PERMISSION[key].path}`;

/** The permission catalogue of contract/permissions.ts, as the database holds it. */
export const PERMISSION_CATALOGUE = (Object.keys(PERMISSION) as PermissionKey[]).map((key) => ({
  path: stored(key),
  name: PERMISSION[key].name,
}));

export const DEMO_ORGS = {
  shanghai: {
    id: '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5a01',
    name: '上海链票示范供应链有限公司',
    creditCode: '91310000MA1FL8LK3Y',
    authorized: true,
    bound: true,
  },
  hangzhou: {
    id: '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5a02',
    name: '杭州未认证贸易有限公司',
    creditCode: '91330100MA2CF7JD8T',
    authorized: false,
    bound: false,
  },
  /** Two suppliers of the Shanghai core enterprise: authenticated, so bills can be issued to them. */
  suzhou: {
    id: '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5a03',
    name: '苏州华信精密零部件有限公司',
    creditCode: '91320500MA1X7Q2H0E',
    authorized: true,
    bound: false,
  },
  ningbo: {
    id: '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5a04',
    name: '宁波海曙包装材料有限公司',
    creditCode: '91330203MA2H4K8N51',
    authorized: true,
    bound: false,
  },
} as const;
type DemoOrgKey = keyof typeof DEMO_ORGS;

/** What a staff member of the Shanghai company may do: the daily bill work, not company administration. */
interface DemoMembership {
  org: DemoOrgKey;
  /** What the member does there, as 成员管理 shows it; the permissions follow from the roles. */
  roles: readonly StaffRoleCode[];
}

export interface DemoAccount {
  id: string;
  mobile: string;
  name: string;
  password: string;
  memberships: readonly DemoMembership[];
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    id: '5c0e8f7a-1b2c-4d3e-8f90-a1b2c3d4e001',
    mobile: '13800000001',
    name: '张明',
    password: DEMO_PASSWORD,
    memberships: [{ org: 'shanghai', roles: [OWNER_ROLE] }],
  },
  {
    id: '5c0e8f7a-1b2c-4d3e-8f90-a1b2c3d4e002',
    mobile: '13800000002',
    name: '李华',
    password: DEMO_PASSWORD,
    memberships: [{ org: 'shanghai', roles: ['OPERATOR'] }],
  },
  {
    id: '5c0e8f7a-1b2c-4d3e-8f90-a1b2c3d4e003',
    mobile: '13800000003',
    name: '王芳',
    password: DEMO_PASSWORD,
    memberships: [{ org: 'hangzhou', roles: [OWNER_ROLE] }],
  },
  {
    id: '5c0e8f7a-1b2c-4d3e-8f90-a1b2c3d4e004',
    mobile: '13800000004',
    name: '赵强',
    password: DEMO_PASSWORD,
    memberships: [
      { org: 'shanghai', roles: ['OPERATOR'] },
      { org: 'hangzhou', roles: ['VIEWER'] },
    ],
  },
  {
    id: '5c0e8f7a-1b2c-4d3e-8f90-a1b2c3d4e005',
    mobile: '13800000005',
    name: '陈静',
    password: DEMO_PASSWORD,
    memberships: [{ org: 'suzhou', roles: [OWNER_ROLE] }],
  },
  {
    id: '5c0e8f7a-1b2c-4d3e-8f90-a1b2c3d4e006',
    mobile: '13800000006',
    name: '刘洋',
    password: DEMO_PASSWORD,
    memberships: [{ org: 'ningbo', roles: [OWNER_ROLE] }],
  },
  {
    id: '5c0e8f7a-1b2c-4d3e-8f90-a1b2c3d4e007',
    mobile: '13800000007',
    name: '周敏',
    password: DEMO_PASSWORD,
    // The checker of Suzhou's pledge financing: approves what the owner submits.
    memberships: [{ org: 'suzhou', roles: ['MANAGER'] }],
  },
];

/**
 * The catalogue is reference data, not demo data: every start adds entries a new version brings and keeps
 * the existing ones (and their grants).
 */
export async function ensurePermissionCatalogue(db: Db): Promise<void> {
  await db
    .insertInto('permissions')
    .values(PERMISSION_CATALOGUE.map((entry, index) => ({ ...entry, sort: index + 1 })))
    // A renamed entry takes its new name (the screens name a thing one way), keeping its grants.
    .onConflict((oc) =>
      oc
        .column('path')
        .doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), sort: eb.ref('excluded.sort') })),
    )
    .execute();
}

/**
 * The Shanghai company's bank account: verified and its default settlement account, so bills have somewhere
 * to settle. The branch is a row of the directory (reference/bank-branches).
 */
export const DEMO_BANK_ACCOUNT = {
  id: '7d1f3a52-8c4e-4b6a-9f20-5e8d7c6b4a01',
  org: 'shanghai',
  accountNo: '98450078801400000187',
  branchNo: '310290000021',
  bankName: '上海浦东发展银行',
  branchName: '上海浦东发展银行黄浦支行',
  province: '上海市',
  city: '上海市',
  /** 13800000001, the company's owner. */
  addedBy: '5c0e8f7a-1b2c-4d3e-8f90-a1b2c3d4e001',
} as const;

/** The signing records of the agreements the Shanghai company signs in the demo (db/demo/organisation-setup.ts). */
export const DEMO_AGREEMENTS = [
  { id: '8e2a4b63-9d5f-4c7b-a031-6f9e8d7c5b01', code: 'SCB_SERVICE' },
  { id: '8e2a4b63-9d5f-4c7b-a031-6f9e8d7c5b02', code: 'E_SIGN_SERVICE' },
] as const;

const DEMO_SHANGHAI_DETAILS = {
  legal_person: '张明',
  contact_name: '张明',
  contact_mobile: '13800000001',
  contact_email: 'finance@shanghai-demo.example.cn',
  contact_address: '上海市黄浦区中山东一路18号',
};

/** The suppliers' verified default settlement accounts (branches of the directory). */
export const DEMO_SUPPLIER_ACCOUNTS = [
  {
    id: '7d1f3a52-8c4e-4b6a-9f20-5e8d7c6b4a03',
    org: 'suzhou',
    accountNo: '32050188360000001234',
    branchNo: '307305027511',
    bankName: '平安银行',
    branchName: '平安银行股份有限公司苏州分行',
    province: '江苏省',
    city: '苏州市',
    addedBy: '5c0e8f7a-1b2c-4d3e-8f90-a1b2c3d4e005',
  },
  {
    id: '7d1f3a52-8c4e-4b6a-9f20-5e8d7c6b4a04',
    org: 'ningbo',
    accountNo: '39400122000008765',
    branchNo: '104332001740',
    bankName: '中国银行',
    branchName: '中国银行股份有限公司宁波中山西路支行',
    province: '浙江省',
    city: '宁波市',
    addedBy: '5c0e8f7a-1b2c-4d3e-8f90-a1b2c3d4e006',
  },
] as const;

const hasUsers = async (db: Db) =>
  (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;

/**
 * Fills an empty database with the demo organisations, accounts and their grants, in one transaction.
 * Returns false (and writes nothing) when the database already has users, so restarts never duplicate.
 * Needs the permission catalogue.
 */
export async function seedDemoData(db: Db, now: number): Promise<boolean> {
  if (await hasUsers(db)) return false;
  // One scrypt per distinct password (the demo accounts share the documented one): four hashes made on two
  // cores beside the key generation were most of a first start. The accounts then share a salt, which tells
  // nothing their published password does not.
  const passwords = [...new Set(DEMO_ACCOUNTS.map((account) => account.password))];
  const hashed = new Map(
    await Promise.all(passwords.map(async (password) => [password, await hashPassword(password)] as const)),
  );
  return db.transaction().execute(async (trx) => {
    // Checked again inside the transaction, under a lock: another node may be seeding at the same moment.
    await lockWithinTransaction(trx, 'seed-demo-data');
    if (await hasUsers(trx)) return false;
    await trx
      .insertInto('organizations')
      .values(
        Object.values(DEMO_ORGS).map((org) => ({
          id: org.id,
          name: org.name,
          credit_code: org.creditCode,
          authorized: org.authorized ? 1 : 0,
          bound: org.bound ? 1 : 0,
          created_at: now,
        })),
      )
      .execute();

    for (const account of DEMO_ACCOUNTS) {
      await trx
        .insertInto('users')
        .values({
          id: account.id,
          mobile: account.mobile,
          name: account.name,
          password_hash: hashed.get(account.password) ?? '',
          status: 'active',
          last_org_id: null,
          created_at: now,
          password_changed_at: now,
        })
        .execute();
      for (const [order, membership] of account.memberships.entries()) {
        const id = newId();
        await trx
          .insertInto('memberships')
          .values({
            id,
            user_id: account.id,
            org_id: DEMO_ORGS[membership.org].id,
            owner: membership.roles.includes(OWNER_ROLE) ? 1 : 0,
            // Ordered so the first listed organisation is the default one at first sign-in.
            created_at: now + order,
          })
          .execute();
        await trx
          .insertInto('membership_roles')
          .values(membership.roles.map((role_code) => ({ membership_id: id, role_code })))
          .execute();
        await trx
          .insertInto('membership_permissions')
          .values(
            [...permissionsOfRoles(membership.roles)].map((path) => ({
              membership_id: id,
              permission_path: `${PERMISSION_PATH_PREFIX}${path}`,
            })),
          )
          .execute();
      }
    }
    await trx
      .insertInto('bank_accounts')
      .values(
        [DEMO_BANK_ACCOUNT, ...DEMO_SUPPLIER_ACCOUNTS].map((account) => ({
          id: account.id,
          org_id: DEMO_ORGS[account.org].id,
          account_name: DEMO_ORGS[account.org].name,
          account_no: account.accountNo,
          branch_no: account.branchNo,
          bank_name: account.bankName,
          branch_name: account.branchName,
          province: account.province,
          city: account.city,
          verified: 1,
          verified_at: now,
          is_default: 1,
          created_by: account.addedBy,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await trx
      .updateTable('organizations')
      .set(DEMO_SHANGHAI_DETAILS)
      .where('id', '=', DEMO_ORGS.shanghai.id)
      .execute();
    return true;
  });
}
