// The write path's round trip: an endorsement applied by the holder, then signed by the endorsee with the id
// it got back. Every act is confirmed by an SMS code the bench writes straight into the database for that very
// operation (the gateway sends one code per mobile per minute, so a bench cannot ask for them): the challenge
// and the code's HMAC, under the server secret the bench gives the server (VERIFICATION_SECRET).
import crypto from 'node:crypto';

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
    await copy('memberships', 'org_id', TEMPLATE.orgId, fresh);
    await copy('org_agreements', 'org_id', TEMPLATE.orgId, fresh);
    await copy('org_function_openings', 'org_id', TEMPLATE.orgId, own);
    await copy('bank_accounts', 'org_id', TEMPLATE.orgId, (row, i) => ({
      ...fresh(row, i),
      account_name: party.name,
      account_no: `3205018836${String(k).padStart(10, '0')}`,
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
 * endorsing organisation of each pair (the even ones).
 */
export function endorsableRows(count, now = Date.now()) {
  const issued = new Date(now - 10 * DAY).toISOString().slice(0, 10);
  const due = new Date(now + 120 * DAY).toISOString().slice(0, 10);
  return Array.from({ length: count }, (_, i) => ({
    packageId: `bench-write-package-${i}`,
    holdingId: `bench-write-holding-${i}`,
    packageNo: `8bench${String(i).padStart(24, '0')}`,
    drawer: DRAWER,
    drawerOwner: DRAWER_OWNER,
    holder: writeParty(2 * (i % (WRITE_ORGS / 2))).orgId,
    amountFen: WRITE_BILL_FEN,
    issued,
    due,
    acquiredAt: now - i,
  }));
}

/** p-th percentile of sorted milliseconds. */
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * `count` round trips (endorse, then 签收 with the returned id) over `flows` concurrent flows. Each act's proof
 * is written just before its request and is not counted in its latency; the round trip's figures are the two
 * requests' time. Answers: round trips per second, acts per second, p50/p99 of each act and failures.
 */
export async function endorseAndSign({ base, tokens, database, holdings }) {
  const flows = WRITE_ORGS / 2;
  const acts = { endorse: [], sign: [] };
  let failures = 0;
  let requestMs = 0;
  const timed = async (list, url, token, body, code) => {
    const started = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'x-sys-role': '2',
        'content-type': 'application/json',
        'verify-code': code,
      },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    const ms = performance.now() - started;
    list.push(ms);
    requestMs += ms;
    return { status: res.status, json };
  };
  const flow = async (_, pair) => {
    const holder = { ...writeParty(2 * pair), token: tokens[2 * pair] };
    const endorsee = { ...writeParty(2 * pair + 1), token: tokens[2 * pair + 1] };
    const mine = holdings.filter((row) => row.holder === holder.orgId);
    for (const holding of mine) {
      const body = {
        holdingId: holding.holdingId,
        endorseeOrgId: endorsee.orgId,
        amount: (WRITE_BILL_FEN / 100).toFixed(2),
      };
      const endorseProof = await database.writeSmsProof(
        smsProofRows(holder, { method: 'POST', routeUrl: '/api/scbill/bills/endorse', body }),
      );
      const applied = await timed(
        acts.endorse,
        `${base}/api/scbill/bills/endorse`,
        holder.token,
        body,
        endorseProof,
      );
      if (applied.status !== 201) {
        failures++;
        if (failures === 1)
          console.log(`endorse answered ${applied.status}: ${JSON.stringify(applied.json)}`);
        continue;
      }
      const id = applied.json.data.id;
      const signProof = await database.writeSmsProof(
        smsProofRows(endorsee, {
          method: 'POST',
          routeUrl: '/api/scbill/bill-applications/:id/sign',
          params: { id },
        }),
      );
      const signed = await timed(
        acts.sign,
        `${base}/api/scbill/bill-applications/${id}/sign`,
        endorsee.token,
        {},
        signProof,
      );
      if (signed.status !== 200) {
        failures++;
        if (failures === 1) console.log(`sign answered ${signed.status}: ${JSON.stringify(signed.json)}`);
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: flows }, flow));
  const wallMs = performance.now() - started;
  const figures = (list) => {
    const sorted = [...list].sort((a, b) => a - b);
    if (sorted.length === 0) return { p50: NaN, p99: NaN };
    return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  };
  const done = acts.sign.length;
  return {
    roundTrips: done,
    // Per second of request time, so the proofs the bench writes between the acts do not count.
    flows,
    actsPerSec: ((acts.endorse.length + acts.sign.length) * flows) / (requestMs / 1000),
    wallActsPerSec: (acts.endorse.length + acts.sign.length) / (wallMs / 1000),
    acts: { endorse: figures(acts.endorse), sign: figures(acts.sign) },
    failures,
  };
}
