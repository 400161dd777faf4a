// The write path's round trip: an endorsement applied by the holder, then signed by the endorsee with the id
// it got back. Every act is confirmed by an SMS code the bench writes straight into the database for that very
// operation (the gateway sends one code per mobile per minute, so a bench cannot ask for them): the challenge
// and the code's HMAC, under the server secret the bench gives the server (VERIFICATION_SECRET).
import crypto from 'node:crypto';
import http from 'node:http';

/** The server's secret on a write pass: the bench derives the SMS code key from it as the server does. */
export const BENCH_VERIFICATION_SECRET = crypto.randomBytes(32).toString('hex');
const SMS_CODE_KEY = crypto
  .createHmac('sha256', BENCH_VERIFICATION_SECRET)
  .update('chain-bill/sms-code')
  .digest();

/** The demo supplier (server/src/db/seed.ts) each bench organisation copies, with its owner. */
const TEMPLATE = {
  orgId: '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5a03',
  userId: '5c0e8f7a-1b2c-4d3e-8f90-a1b2c3d4e005',
};
/** Organisations on the write path: in pairs, the first endorses to the second, one flow per pair. */
export const WRITE_ORGS = 20;
const DRAWER = '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5a01';
const DRAWER_OWNER = '5c0e8f7a-1b2c-4d3e-8f90-a1b2c3d4e001';

/** The k-th bench organisation and its owner (the demo password signs them in). */
export const writeParty = (k) => {
  const hex = String(k).padStart(12, '0');
  return {
    orgId: `0b6a6c3e-5d2f-4f6e-9a51-${hex}`,
    userId: `5c0e8f7a-1b2c-4d3e-8f90-${hex}`,
    mobile: `1390000${String(k).padStart(4, '0')}`,
    name: `基准测试企业${String(k).padStart(2, '0')}有限公司`,
  };
};

/**
 * What the demo supplier has set up, copied for each bench organisation: the organisation (authenticated),
 * its owner and membership, its signed agreements, its opened functions and its verified default
 * settlement account. `copy(table, where, value, change)` copies a table's rows matching `where = value`,
 * each changed by `change(row, index)`.
 */
export async function copySupplier(copy, count = WRITE_ORGS) {
  for (let k = 0; k < count; k++) {
    const party = writeParty(k);
    const own = (row) => ({
      ...row,
      ...('org_id' in row ? { org_id: party.orgId } : {}),
      ...('user_id' in row ? { user_id: party.userId } : {}),
      ...('signed_by' in row ? { signed_by: party.userId } : {}),
      ...('opened_by' in row ? { opened_by: party.userId } : {}),
      ...('created_by' in row ? { created_by: party.userId } : {}),
    });
    const fresh = (row, i) => ({ ...own(row), id: `bench-${k}-${i}-${crypto.randomUUID().slice(0, 8)}` });
    await copy('organizations', 'id', TEMPLATE.orgId, (row) => ({
      ...row,
      id: party.orgId,
      name: party.name,
      credit_code: `91320500BENCH${String(k).padStart(5, '0')}`,
    }));
    await copy('users', 'id', TEMPLATE.userId, (row) => ({
      ...row,
      id: party.userId,
      mobile: party.mobile,
      name: `基准${k}`,
      last_org_id: null,
    }));
    // The owner's membership only: the supplier may have other members.
    await copy('memberships', 'user_id', TEMPLATE.userId, fresh);
    await copy('org_agreements', 'org_id', TEMPLATE.orgId, fresh);
    await copy('org_function_openings', 'org_id', TEMPLATE.orgId, own);
    // Its credit lines with the institutions, for pledge financing.
    await copy('pledge_fin_credit_lines', 'org_id', TEMPLATE.orgId, own);
    await copy('bank_accounts', 'org_id', TEMPLATE.orgId, (row, i) => ({
      ...fresh(row, i),
      account_name: party.name,
      // Not ending in four zeros: the sandbox bank refuses money to those (server/src/adapters/settlement).
      account_no: `32050188${String(k).padStart(8, '0')}6688`,
    }));
  }
}

/** Each endorsed bill: 10,000.00 yuan, endorsed whole. */
export const WRITE_BILL_FEN = 1_000_000;
const DAY = 24 * 60 * 60 * 1000;

/** As server/src/modules/verification/operation.ts: JSON with keys sorted at every level. */
function canonicalJson(value) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  const entries = Object.keys(value)
    .filter((key) => value[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`);
  return `{${entries.join(',')}}`;
}

/** What a proof is bound to: method, route pattern, path parameters, query and body. */
const operationHashOf = (method, routeUrl, params, body) =>
  crypto
    .createHash('sha256')
    .update(canonicalJson([method, routeUrl, params, {}, body]))
    .digest('hex');

/**
 * The rows of one SMS proof for `party` on one operation: an open challenge and an unspent code, with the
 * code the request carries. Codes expire in five minutes, as the server's own do.
 */
export function smsProofRows(party, { method, routeUrl, params = {}, body = {} }, now = Date.now()) {
  const code = String(crypto.randomInt(1_000_000)).padStart(6, '0');
  const challengeId = crypto.randomUUID();
  const codeId = crypto.randomUUID();
  const expiresAt = now + 5 * 60_000;
  return {
    code,
    challenge: {
      id: challengeId,
      kind: 'sms',
      subject_key: `user:${party.userId}:org:${party.orgId}`,
      mobile: party.mobile,
      user_id: party.userId,
      org_id: party.orgId,
      operation_hash: operationHashOf(method, routeUrl, params, body),
      operation_name: 'bench',
      created_at: now,
      expires_at: expiresAt,
    },
    smsCode: {
      id: codeId,
      challenge_id: challengeId,
      mobile: party.mobile,
      code_hmac: crypto.createHmac('sha256', SMS_CODE_KEY).update(`${codeId}:${code}`).digest('hex'),
      created_at: now,
      expires_at: expiresAt,
    },
  };
}

/**
 * `count` whole bills, received and negotiable, each one range of WRITE_BILL_FEN, dealt in turn to the
 * organisations `holders` (indices of writeParty); `tag` keeps each write path's bills apart, and `mark`
 * (its first letter unless given) their package numbers.
 */
export function billRows(count, { tag, holders, mark = tag.slice(0, 1) }, now = Date.now()) {
  const issued = new Date(now - 10 * DAY).toISOString().slice(0, 10);
  const due = new Date(now + 120 * DAY).toISOString().slice(0, 10);
  return Array.from({ length: count }, (_, i) => ({
    packageId: `bench-${tag}-package-${i}`,
    holdingId: `bench-${tag}-holding-${i}`,
    packageNo: `8${mark}bench${String(i).padStart(23, '0')}`,
    drawer: DRAWER,
    drawerOwner: DRAWER_OWNER,
    holder: writeParty(holders[i % holders.length]).orgId,
    amountFen: WRITE_BILL_FEN,
    issued,
    due,
    acquiredAt: now - i,
  }));
}

/** A range under recourse after its presentation was refused (CIRCULATION.recourse in contract/bills.ts). */
const RECOURSE = 'TF0402';

/**
 * `count` whole bills of WRITE_BILL_FEN, each drawn and accepted by the partner (the next organisation) of
 * one of `pursuers` (indices of writeParty, dealt in turn), which holds it: matured ten days ago, presented
 * for payment by its holder and refused by the acceptor the day after, so the range is under recourse
 * (TF0402). Each row carries its refused presentation (the bill_applications row of the payment kind and its
 * payment_applications row) and the events of its history.
 */
export function refusedBillRows(count, { tag, pursuers, mark }, now = Date.now()) {
  const day = (ms) => new Date(ms).toISOString().slice(0, 10);
  return billRows(count, { tag, holders: pursuers, mark }, now).map((row, i) => {
    const pursuer = writeParty(pursuers[i % pursuers.length]);
    const debtor = writeParty(pursuers[i % pursuers.length] + 1);
    const presentedAt = now - 10 * DAY - i;
    return {
      ...row,
      drawer: debtor.orgId,
      drawerName: debtor.name,
      drawerOwner: debtor.userId,
      holderName: pursuer.name,
      issued: day(now - 190 * DAY),
      due: day(presentedAt),
      circStatus: RECOURSE,
      acquiredAt: now - 100 * DAY - i,
      refusal: {
        applicationId: `bench-${tag}-presentation-${i}`,
        presenterUserId: pursuer.userId,
        acceptorUserId: debtor.userId,
        presentedAt,
        presentedOn: day(presentedAt),
        answerDue: day(presentedAt + 3 * DAY),
        refusedAt: presentedAt + DAY,
      },
    };
  });
}

/**
 * As refusedBillRows, but each bill pledged whole by its holder to the demo's first institution, which
 * presented it at maturity as its pledgee and was refused: the range stays the pledgor's, under recourse, its
 * pledge in force, and the right of recourse is the institution's. Each row carries its pledge too.
 */
export function pledgeeRefusedBillRows(count, spread, now = Date.now()) {
  return refusedBillRows(count, spread, now).map((row, i) => ({
    ...row,
    refusal: {
      ...row.refusal,
      presenterOrgId: INSTITUTION,
      presenterUserId: null,
      pledgorUserId: row.refusal.presenterUserId,
    },
    pledge: {
      applicationId: `bench-${spread.tag}-pledge-${i}`,
      pledgeeOrgId: INSTITUTION,
      pledgedAt: row.refusal.presentedAt - 30 * DAY,
    },
  }));
}

/** Each financed bill's face: 150,000.00, so its proceeds repay a financing of 100,000.00 and leave a rest. */
const FINANCED_BILL_FEN = 15_000_000;

/**
 * As pledgeeRefusedBillRows, each bill of FINANCED_BILL_FEN backing a 质押融资 of its holder from the same
 * institution, 还息中 since the day it was pledged (the loan's maturity the bill's), with a second bill of
 * WRITE_BILL_FEN pledged for the same financing beside it, maturing in 120 days: `companion`, a billRows row
 * with its pledge. `financing` holds the financing's rows by table. The institution's recourse payment repays
 * the loan from the proceeds, releases the second bill and pays the rest to the borrower; on PostgreSQL every
 * act on the bill holds the second bill's package with its own (the ledger's `onPackageCompanions`).
 */
export function financedRefusedBillRows(count, spread, now = Date.now()) {
  const day = (ms) => new Date(ms).toISOString().slice(0, 10);
  const { tag, pursuers } = spread;
  const companions = billRows(count, { tag: `${tag}-companion`, holders: pursuers, mark: 'k' }, now);
  return pledgeeRefusedBillRows(count, spread, now).map((row, i) => {
    const borrower = writeParty(pursuers[i % pursuers.length]);
    const id = `bench-${tag}-financing-${i}`;
    const pledgedAt = row.pledge.pledgedAt;
    const companion = {
      ...companions[i],
      circStatus: PLEDGED,
      refusal: { pledgorUserId: borrower.userId },
      pledge: { applicationId: `bench-${tag}-companion-pledge-${i}`, pledgeeOrgId: INSTITUTION, pledgedAt },
    };
    const billOf = (bill, seq) => ({
      financing_id: id,
      holding_id: bill.holdingId,
      package_id: bill.packageId,
      seq,
      pledge_id: bill.pledge.applicationId,
    });
    return {
      ...row,
      amountFen: FINANCED_BILL_FEN,
      companion,
      financing: {
        pledge_financings: [
          {
            id,
            org_id: borrower.orgId,
            fin_no: `RZBENCHFINANCED${String(i).padStart(8, '0')}`,
            state: REPAYING,
            ...PAYOUT_PRODUCT,
            principal_fen: FINANCING_FEN,
            value_date: day(pledgedAt),
            maturity_date: row.due,
            purpose: '基准测试',
            created_by: borrower.userId,
            submitted_by: borrower.userId,
            submitted_at: pledgedAt - DAY,
            approved_by: borrower.userId,
            approved_at: pledgedAt - DAY,
            opinion: null,
            created_at: pledgedAt - DAY,
            updated_at: pledgedAt,
            fee_fen: 10_000,
            net_fen: FINANCING_FEN - 10_000,
            paid_out_at: pledgedAt,
            payout_payment_id: null,
          },
        ],
        pledge_fin_bills: [billOf(row, 1), billOf(companion, 2)],
        pledge_fin_history: [
          {
            id: `${id}-paid-out`,
            financing_id: id,
            action: 'PAY_OUT',
            from_state: LENDING,
            to_state: REPAYING,
            user_id: null,
            opinion: null,
            at: pledgedAt,
            seq: 1,
          },
        ],
      },
    };
  });
}

/** The even organisations endorse, each to the next one. */
export const ENDORSERS = Array.from({ length: WRITE_ORGS / 2 }, (_, pair) => 2 * pair);
/** Every organisation discounts. */
export const DISCOUNTERS = Array.from({ length: WRITE_ORGS }, (_, k) => k);

/** The demo's first institution (server/src/db/demo/institutions.ts), which the sandbox answers for. */
const INSTITUTION = '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5b01';

/** p-th percentile of sorted milliseconds. */
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * The pace of the round trips `paced` runs: acts start one interval apart over all flows together (a slot
 * each, taken in turn), rather than each flow's next act as soon as its last has answered.
 */
let pace = null;

/**
 * Runs `run` (a write path's round trips) with its acts started at `rate` acts per second over all flows,
 * so each act's latency is its own and the server's at that rate, not that of a queue of flows sent as fast
 * as they can go.
 */
export async function paced(rate, run) {
  pace = { interval: 1000 / rate, next: performance.now() };
  try {
    return await run();
  } finally {
    pace = null;
  }
}

/** Waits for the next free slot of the pace, if one is set (each act, before it is sent). */
export async function slot() {
  if (!pace) return;
  const now = performance.now();
  const at = Math.max(pace.next, now);
  pace.next = at + pace.interval;
  // Timers count whole milliseconds: rounded down, a slot would start early.
  if (at > now) await new Promise((resolve) => setTimeout(resolve, Math.ceil(at - now)));
}

/**
 * Round trips over `flows` concurrent flows: `flow(index, act)` runs one flow's round trips, calling
 * `act(name, url, { token, proof, body, headers })` for each request (a proof is the SMS code already
 * written for it). Each proof is written just before its request and is not counted in its latency.
 * Answers: acts per second of request time and of wall time, p50/p99 of each act, and failures.
 */
async function roundTrips(base, flows, flow, tookEffect) {
  const times = {};
  let failures = 0;
  let requestMs = 0;
  let acts = 0;
  const act = async (name, path, { token, proof, body = {}, localAddress, expect, method = 'POST' }) => {
    await slot();
    const started = performance.now();
    const headers = {
      ...(token ? { authorization: `Bearer ${token}`, 'x-sys-role': '2' } : {}),
      ...(proof ? { 'verify-code': proof } : {}),
      'content-type': 'application/json',
    };
    const res = localAddress
      ? await postFrom(localAddress, `${base}${path}`, headers, body)
      : await fetch(`${base}${path}`, { method, headers, body: JSON.stringify(body) });
    const json = await res.json();
    const ms = performance.now() - started;
    (times[name] ??= []).push(ms);
    requestMs += ms;
    acts++;
    if (res.status !== expect) {
      failures++;
      if (failures === 1) console.log(`${name} answered ${res.status}: ${JSON.stringify(json)}`);
      return null;
    }
    return json;
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: flows }, (_, i) => flow(i, act)));
  const wallMs = performance.now() - started;
  const figures = (list) => {
    const sorted = [...list].sort((x, y) => x - y);
    return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  };
  return {
    flows,
    actsPerSec: (acts * flows) / (requestMs / 1000),
    wallActsPerSec: acts / (wallMs / 1000),
    acts: Object.fromEntries(Object.entries(times).map(([name, list]) => [name, figures(list)])),
    failures,
    // Round trips whose bill the ledger shows with its new holder afterwards.
    tookEffect: await tookEffect(),
  };
}

/** A POST from `localAddress` (a loopback address of this machine), answering like fetch's status and json. */
function postFrom(localAddress, url, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers, localAddress, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, json: async () => JSON.parse(Buffer.concat(chunks).toString()) }),
      );
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** Current holdings of a write path's bills held by one of `orgIds`: the round trips that took effect. */
function passedTo(database, tag, orgIds) {
  return database.scalar(
    `SELECT count(*) FROM bill_holdings WHERE package_id LIKE ? AND ended_at IS NULL AND org_id IN (${orgIds
      .map(() => '?')
      .join(', ')})`,
    [`bench-${tag}-package-%`, ...orgIds],
  );
}

/**
 * A member's confirmed act: `party` POSTs to `routeUrl` (a route pattern, its `:id` filled from `params`)
 * with the SMS proof written for this very operation just before, which its latency does not count.
 */
async function confirmedAct(act, database, name, party, routeUrl, { params = {}, body, expect }) {
  const proof = await database.writeSmsProof(smsProofRows(party, { method: 'POST', routeUrl, params, body }));
  const path = routeUrl.replace(/:(\w+)/g, (_, key) => encodeURIComponent(params[key]));
  return act(name, path, { token: party.token, body, proof, expect });
}

const yuan = (fen) => (fen / 100).toFixed(2);

/** The k-th bench organisation, signed in. */
const holderOf = (tokens, k) => ({ ...writeParty(k), token: tokens[k] });

/**
 * Round trips, one flow for each organisation of `parties` (indices of writeParty), each flow going through
 * the seeded rows its organisation holds: `each(act, party, row, k)`, `party` signed in, `k` its index.
 * `tookEffect` counts the round trips that took effect (roundTrips).
 */
function eachHeld({ base, tokens, holdings }, parties, each, tookEffect) {
  return roundTrips(
    base,
    parties.length,
    async (index, act) => {
      const party = holderOf(tokens, parties[index]);
      for (const row of holdings.filter((held) => held.holder === party.orgId))
        await each(act, party, row, parties[index]);
    },
    tookEffect,
  );
}

/** 背书 by each even organisation to the next, then 签收 by the endorsee with the application's id. */
export function endorseAndSign(pass) {
  const { tokens, database } = pass;
  return eachHeld(
    pass,
    ENDORSERS,
    async (act, holder, holding, k) => {
      const endorsee = holderOf(tokens, k + 1);
      const body = {
        holdingId: holding.holdingId,
        endorseeOrgId: endorsee.orgId,
        amount: yuan(holding.amountFen),
      };
      const applied = await confirmedAct(act, database, 'endorse', holder, '/api/scbill/bills/endorse', {
        body,
        expect: 201,
      });
      if (!applied) return;
      await confirmedAct(act, database, 'sign', endorsee, '/api/scbill/bill-applications/:id/sign', {
        params: { id: applied.data.id },
        expect: 200,
      });
    },
    () =>
      passedTo(
        database,
        'endorse',
        ENDORSERS.map((k) => writeParty(k + 1).orgId),
      ),
  );
}

let institutionCalls = 0;

/**
 * 贴现 of a whole bill by every organisation to the demo's first institution (线上 clearing, the seller paying
 * the interest), then the institution's 签收 through the sandbox in its place, with the application's id.
 * The institution's calls come each from a loopback address of its own (the sandbox answers only this machine, and limits calls per address).
 */
export function discountAndSign(pass) {
  const { database } = pass;
  return eachHeld(
    pass,
    DISCOUNTERS,
    async (act, holder, holding) => {
      const body = {
        holdingId: holding.holdingId,
        institutionOrgId: INSTITUTION,
        amount: yuan(holding.amountFen),
        annualRate: '2.0000',
        interestPayer: 'PT02',
        clearing: 'SM00',
      };
      const applied = await confirmedAct(act, database, 'discount', holder, '/api/scbill/discount/apply', {
        body,
        expect: 201,
      });
      if (!applied) return;
      await act('institution sign', `/api/sandbox/institution/applications/${applied.data.id}/answer`, {
        body: { decision: 'sign' },
        localAddress: asInstitution(),
        expect: 200,
      });
    },
    () => passedTo(database, 'discount', [INSTITUTION]),
  );
}

/** Every organisation pledges. */
export const PLEDGORS = DISCOUNTERS;
/** A pledged range's circulation flag (CIRCULATION.pledged in contract/bills.ts). */
const PLEDGED = 'TF0304';

/** The sandbox in the institution's place, from a loopback address of its own (its calls are limited per address). */
const asInstitution = () => {
  const call = institutionCalls++;
  return `127.250.${(call >> 8) & 255}.${call & 255}`;
};

/**
 * 质押 of a whole bill by `holder` to the demo's first institution, then the institution's 签收 through the
 * sandbox in its place; answers the pledge's id, or null when either act failed.
 */
async function pledgeWhole(act, database, holder, holding) {
  const body = {
    holdingId: holding.holdingId,
    institutionOrgId: INSTITUTION,
    amount: yuan(holding.amountFen),
  };
  const applied = await confirmedAct(act, database, 'pledge', holder, '/api/scbill/pledge/apply', {
    body,
    expect: 201,
  });
  if (!applied) return null;
  const signed = await act(
    'institution sign',
    `/api/sandbox/institution/applications/${applied.data.id}/answer`,
    {
      body: { decision: 'sign' },
      localAddress: asInstitution(),
      expect: 200,
    },
  );
  return signed ? applied.data.id : null;
}

/** 质押 by every organisation to the demo's first institution, which signs: the range rests pledged. */
export function pledgeAndSign(pass) {
  const { database } = pass;
  return eachHeld(
    pass,
    PLEDGORS,
    (act, holder, holding) => pledgeWhole(act, database, holder, holding),
    () =>
      database.scalar(
        `SELECT count(*) FROM bill_holdings WHERE package_id LIKE ? AND ended_at IS NULL AND circ_status = ?`,
        ['bench-pledge-package-%', PLEDGED],
      ),
  );
}

/**
 * 质押解除 after a pledge in force: each organisation pledges a bill and the institution signs (as
 * pledgeAndSign), then the institution asks the release through the sandbox in its place and the pledgor
 * signs it: POST /api/sandbox/institution/pledges/:id/release, then POST /api/scbill/pledge/:id/release/sign.
 */
export function pledgeReleaseAndSign(pass) {
  const { database } = pass;
  return eachHeld(
    pass,
    PLEDGORS,
    async (act, holder, holding) => {
      const pledgeId = await pledgeWhole(act, database, holder, holding);
      if (!pledgeId) return;
      const asked = await act('release apply', `/api/sandbox/institution/pledges/${pledgeId}/release`, {
        localAddress: asInstitution(),
        expect: 200,
      });
      if (!asked) return;
      await confirmedAct(act, database, 'release sign', holder, '/api/scbill/pledge/:id/release/sign', {
        params: { id: pledgeId },
        expect: 200,
      });
    },
    () =>
      database.scalar(
        `SELECT count(*) FROM bill_pledges WHERE package_id LIKE ? AND released_at IS NOT NULL`,
        ['bench-release-package-%'],
      ),
  );
}

/** The demo's 招商 product (server/src/db/demo/pledge-financing.ts): 利随本清, 90 % of the face, from 10,000.00. */
const PLEDGE_FIN_PRODUCT = '6f1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e02';
/** Every organisation applies for pledge financing. */
export const BORROWERS = DISCOUNTERS;

/**
 * 质押融资 by every organisation: each application pledges two of its bills (90 % of 20,000.00 covers the
 * product's smallest loan), locking them on the ledger, and is then cancelled, which frees them and the
 * line: POST /api/pledge-fin, then PUT /api/pledge-fin/cancel.
 */
export function pledgeFinancingSubmitAndCancel({ base, tokens, database, holdings }) {
  const maturity = new Date(Date.now() + 60 * DAY).toISOString().slice(0, 10);
  return roundTrips(
    base,
    BORROWERS.length,
    async (index, act) => {
      const borrower = holderOf(tokens, BORROWERS[index]);
      const own = holdings.filter((row) => row.holder === borrower.orgId);
      for (let i = 0; i + 1 < own.length; i += 2) {
        const submitted = await act('submit', '/api/pledge-fin', {
          token: borrower.token,
          body: {
            productId: PLEDGE_FIN_PRODUCT,
            holdingIds: [own[i].holdingId, own[i + 1].holdingId],
            amount: '10000.00',
            maturityDate: maturity,
            purpose: '基准测试',
          },
          expect: 201,
        });
        if (!submitted) continue;
        await act('cancel', '/api/pledge-fin/cancel', {
          token: borrower.token,
          body: { id: submitted.data.id },
          method: 'PUT',
          expect: 200,
        });
      }
    },
    () =>
      database.scalar(
        `SELECT count(*) FROM pledge_financings WHERE state = '524000920' AND org_id IN (${BORROWERS.map(
          () => '?',
        ).join(', ')})`,
        BORROWERS.map((k) => writeParty(k).orgId),
      ),
  );
}

/** The even organisations pursue, each its partner (the next one), which drew and accepted their bills. */
export const PURSUERS = ENDORSERS;
/** A range settled (BILL_STATUS.settled in contract/bills.ts). */
const SETTLED = 'CS06';

/**
 * 追索 of a refused bill by its holder against the acceptor, its partner, every act of it once at least: the
 * notice (POST /api/scbill/recourse/notify), taken back (…/:id/withdraw) and sent again; the acceptor's
 * 同意清偿 of the face, 线上 (…/:id/agree), which the holder refuses (…/:id/reject); the acceptor agrees
 * again and the holder signs (…/:id/sign): the acceptor's settlement account pays the holder's through the
 * sandbox bank and the range is settled.
 */
export function recourseRoundTrip(pass) {
  const { tokens, database } = pass;
  return eachHeld(
    pass,
    PURSUERS,
    async (act, pursuer, holding, k) => {
      const debtor = holderOf(tokens, k + 1);
      const onNotice = (name, party, action, id, body) =>
        confirmedAct(act, database, name, party, `/api/scbill/recourse/:id/${action}`, {
          params: { id },
          body,
          expect: 200,
        });
      const notify = async () => {
        const sent = await confirmedAct(act, database, 'notify', pursuer, '/api/scbill/recourse/notify', {
          body: { holdingId: holding.holdingId, debtorOrgIds: [debtor.orgId] },
          expect: 201,
        });
        return sent?.data[0]?.id ?? null;
      };
      const first = await notify();
      if (!first || !(await onNotice('withdraw', pursuer, 'withdraw', first))) return;
      const id = await notify();
      if (!id) return;
      const agreement = { amount: yuan(holding.amountFen), clearing: 'SM00' };
      if (!(await onNotice('agree', debtor, 'agree', id, agreement))) return;
      if (!(await onNotice('reject', pursuer, 'reject', id, { reason: '基准测试：清偿金额待核' }))) return;
      if (!(await onNotice('agree', debtor, 'agree', id, agreement))) return;
      await onNotice('sign', pursuer, 'sign', id);
    },
    () =>
      database.scalar(
        `SELECT count(*) FROM bill_holdings WHERE package_id LIKE ? AND ended_at IS NULL AND bill_status = ?`,
        ['bench-recourse-package-%', SETTLED],
      ),
  );
}

/**
 * 追索 by a pledgee, each bill's the demo's first institution's, against the bill's acceptor: the institution's
 * notice through the sandbox in its place (POST /api/sandbox/institution/pledges/:id/recourse), the
 * acceptor's 同意清偿 of the face, 线上, in the app (POST /api/scbill/recourse/:id/agree), and the
 * institution's 签收 through the sandbox (POST /api/sandbox/institution/recourse/:id/answer), which pays it
 * through the sandbox bank, ends the pledge and settles the range where the pledgor holds it. `tookEffect`
 * counts the round trips that took effect.
 */
const pledgeeRecourse = (tookEffect) => (pass) => {
  const { tokens, database } = pass;
  return eachHeld(
    pass,
    PURSUERS,
    async (act, _pledgor, holding, k) => {
      const debtor = holderOf(tokens, k + 1);
      const sent = await act(
        'institution notify',
        `/api/sandbox/institution/pledges/${holding.pledge.applicationId}/recourse`,
        { body: { debtorOrgIds: [debtor.orgId] }, localAddress: asInstitution(), expect: 200 },
      );
      const id = sent?.data[0];
      if (!id) return;
      const agreed = await confirmedAct(act, database, 'agree', debtor, '/api/scbill/recourse/:id/agree', {
        params: { id },
        body: { amount: yuan(holding.amountFen), clearing: 'SM00' },
        expect: 200,
      });
      if (!agreed) return;
      await act('institution sign', `/api/sandbox/institution/recourse/${id}/answer`, {
        body: { decision: 'sign' },
        localAddress: asInstitution(),
        expect: 200,
      });
    },
    () => tookEffect(database),
  );
};

/** The pledgee's recourse on bills pledged outside a financing: each pledge paid. */
export const pledgeeRecourseRoundTrip = pledgeeRecourse((database) =>
  database.scalar(`SELECT count(*) FROM bill_pledges WHERE package_id LIKE ? AND paid_at IS NOT NULL`, [
    'bench-pledgee-recourse-package-%',
  ]),
);

/**
 * The pledgee's recourse on bills that back an open financing (financedRefusedBillRows): each financing
 * repaid from the proceeds, 已结清.
 */
export const financedRecourseRoundTrip = pledgeeRecourse((database) =>
  database.scalar(`SELECT count(*) FROM pledge_financings WHERE id LIKE ? AND state = ?`, [
    'bench-financed-recourse-financing-%',
    SETTLED_LOAN,
  ]),
);

/**
 * The demo's 浦发 product (server/src/db/demo/pledge-financing.ts), whose institution the sandbox pays for:
 * the terms a seeded financing copies, as a submission would.
 */
const PAYOUT_PRODUCT = {
  product_id: '6f1e2d3c-4b5a-4c6d-8e7f-9a0b1c2d3e01',
  institution_org_id: INSTITUTION,
  annual_rate: '3.8500',
  pledge_ratio: '80',
  fee_rate: '0.1000',
  repayment_mode: 'MONTHLY',
  day_basis: 360,
  penalty_rate: '5.7750',
};
/** Each seeded financing's principal: 100,000.00, the product's smallest loan. */
const FINANCING_FEN = 10_000_000;
/** What each seeded financing's matured bill left the borrower beyond the loan: 1,000.00 of 101,000.00. */
const REST_FEN = 100_000;
/** PLEDGE_FIN_STATE in contract/pledge-fin.ts: 待签约, 放款中, 已结清. */
const SIGNING = '524000080';
const LENDING = '524000160';
const REPAYING = '524000240';
const SETTLED_LOAN = '524000320';

/**
 * `count` financings of the organisations `borrowers` (indices of writeParty, dealt in turn), each with the
 * rows that put it where a retry finds it, by table. `payout`: approved and signed, its pay-out refused by
 * the bank (放款中, the refusal in its history), so PUT /api/pledge-fin/payout/retry pays it out. `rest`:
 * repaid from the proceeds of its bill that matured pledged (已结清), the rest of them refused by the bank
 * and owed to the borrower, so PUT /api/pledge-fin/rest/retry transfers it. `countersign`: approved, both
 * contracts signed by the borrower and the institution's signature of each failed (待签约, the failure in
 * its history), so PUT /api/pledge-fin/countersign/retry asks it again. Its contracts carry no signed file,
 * so the institution's signing the retry starts once it commits finds nothing to sign: the line measures the
 * command, not the provider's signing of the PDFs. Each row is `{ id, holder, tables }`.
 */
export function refusedFinancingRows(count, { tag, borrowers, kind }, now = Date.now()) {
  const day = (ms) => new Date(ms).toISOString().slice(0, 10);
  return Array.from({ length: count }, (_, i) => {
    const borrower = writeParty(borrowers[i % borrowers.length]);
    const id = `bench-${tag}-financing-${i}`;
    const at = now - DAY - i;
    const refusal = {
      id: `${id}-refused`,
      financing_id: id,
      user_id: null,
      at: at + 1,
      seq: 1,
    };
    const paidOut = kind === 'rest';
    const signing = kind === 'countersign';
    return {
      id,
      holder: borrower.orgId,
      tables: {
        pledge_financings: [
          {
            id,
            org_id: borrower.orgId,
            fin_no: `RZBENCH${tag.toUpperCase()}${String(i).padStart(8, '0')}`,
            state: paidOut ? SETTLED_LOAN : signing ? SIGNING : LENDING,
            ...PAYOUT_PRODUCT,
            principal_fen: FINANCING_FEN,
            value_date: signing ? null : day(at),
            maturity_date: day(now + 60 * DAY),
            purpose: '基准测试',
            created_by: borrower.userId,
            submitted_by: borrower.userId,
            submitted_at: at,
            approved_by: borrower.userId,
            approved_at: at,
            opinion: null,
            created_at: at,
            updated_at: at,
            fee_fen: paidOut ? 10_000 : null,
            net_fen: paidOut ? FINANCING_FEN - 10_000 : null,
            paid_out_at: paidOut ? at : null,
            payout_payment_id: null,
          },
        ],
        pledge_fin_history: [
          signing
            ? {
                ...refusal,
                action: 'SIGN',
                from_state: SIGNING,
                to_state: SIGNING,
                opinion: '机构签署融资合同未成功（基准测试）',
              }
            : paidOut
              ? {
                  ...refusal,
                  action: 'REPAY',
                  from_state: SETTLED_LOAN,
                  to_state: SETTLED_LOAN,
                  opinion: '质押票据到期款余额划付未成功（基准测试）',
                }
              : {
                  ...refusal,
                  action: 'PAY_OUT',
                  from_state: LENDING,
                  to_state: LENDING,
                  opinion: '放款未成功（基准测试）',
                },
        ],
        pledge_fin_rests: paidOut
          ? [
              {
                id: `${id}-rest`,
                financing_id: id,
                pledge_id: `bench-${tag}-pledge-${i}`,
                institution_org_id: INSTITUTION,
                proceeds_fen: FINANCING_FEN + REST_FEN,
                amount_fen: REST_FEN,
                attempts: 1,
                paid_at: null,
                payment_id: null,
                created_at: at + 1,
              },
            ]
          : [],
        contracts: signing
          ? ['pledge-financing', 'pledge-financing-pledge'].map((bizType, n) => ({
              id: `${id}-contract-${n}`,
              org_id: borrower.orgId,
              contract_no: `HTBENCH${tag.toUpperCase()}${String(i).padStart(8, '0')}${n}`,
              title: '基准测试合同',
              template: bizType,
              biz_type: bizType,
              biz_id: id,
              parties: JSON.stringify([
                { role: '甲方', name: '浦发银行', creditCode: '' },
                { role: '乙方', name: '基准测试', creditCode: '' },
              ]),
              signer_party: 1,
              amount_fen: FINANCING_FEN,
              status: 'complete',
              file_key: `contracts/${id}-${n}.pdf`,
              signed_file_key: null,
              fields: '[]',
              flow_id: `${id}-flow-${n}`,
              expires_at: now + 30 * DAY,
              signed_at: at,
              created_at: at,
              updated_at: at + 1,
              counter_flow_id: null,
              counter_signed_at: null,
              counter_error: '浦发银行的电子签章服务暂不可用，签署未完成，请稍后重新发起',
            }))
          : [],
      },
    };
  });
}

/** The institution the seeded financings borrowed from, which pays their pay-outs and rests. */
export const LENDER = INSTITUTION;

/**
 * Retries of what the bank refused on a financing, one act per seeded financing (refusedFinancingRows with
 * `tag`), each organisation its own in turn: PUT `url`; `done` counts those that took effect.
 */
function financingRetries(tag, act, url, done) {
  return (pass) =>
    eachHeld(
      pass,
      BORROWERS,
      (send, borrower, financing) =>
        send(act, url, { token: borrower.token, body: { id: financing.id }, method: 'PUT', expect: 200 }),
      () => pass.database.scalar(done, [`bench-${tag}-financing-%`]),
    );
}

/** 重新申请放款: each financing refused at pay-out is paid out (还息中). */
export const payoutRetry = financingRetries(
  'payout',
  'payout retry',
  '/api/pledge-fin/payout/retry',
  `SELECT count(*) FROM pledge_financings WHERE id LIKE ? AND state = '524000240'`,
);

/** 重新发起机构签署: each financing whose institution's signature failed asks it again. */
export const countersignRetry = financingRetries(
  'countersign',
  'countersign retry',
  '/api/pledge-fin/countersign/retry',
  `SELECT count(*) FROM pledge_fin_history WHERE financing_id LIKE ? AND opinion = '重新发起机构签署'`,
);

/** 重新申请划付余款: each rest the bank refused is transferred to the borrower. */
export const restRetry = financingRetries(
  'rest',
  'rest retry',
  '/api/pledge-fin/rest/retry',
  `SELECT count(*) FROM pledge_fin_rests WHERE financing_id LIKE ? AND paid_at IS NOT NULL`,
);
