import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  contentMd5,
  esignCallbackSignature,
  esignSignature,
  esignStringToSign,
} from '../../src/lib/esign-open-api';

export interface FakeOrg {
  name: string;
  creditCode: string;
  legalPerson: string;
  /** Authenticated at e签宝 (realnameStatus 1): it can sign. */
  realnamed: boolean;
}

export interface FakeFlow {
  id: string;
  status: number;
  fileId: string;
  title: string;
  expiresAt: number;
  notifyUrl: string;
  fields: Array<{ orgId: string; sealId: string; page: string; x: number; y: number; autoSign: boolean }>;
}

/** What the next matching request gets instead of its normal answer. */
export interface FakeEsignFault {
  /** A piece of the path, e.g. `verifyRandomAmount`. */
  path: string;
  kind: 'unavailable' | 'slow';
  ms?: number;
}

/** Delivers a callback to the platform; answers the HTTP status it gave. */
export type CallbackDelivery = (
  url: string,
  body: string,
  headers: Record<string, string>,
) => Promise<number>;

export interface FakeEsign {
  baseUrl: string;
  appId: string;
  appSecret: string;
  /** Name -> ID number pairs the citizen registry holds. */
  citizens: Map<string, string>;
  orgs: FakeOrg[];
  /** Amounts paid, by authentication flow id (fen), for the test to type. */
  paid: Map<string, number>;
  flows: Map<string, FakeFlow>;
  /** Every request the gateway let through, method and path. */
  calls: string[];
  /** Requests refused for their signature or headers. */
  refusedSignatures: number;
  faults: FakeEsignFault[];
  deliver: CallbackDelivery;
  /** Callbacks sent, with the status the platform answered. */
  callbacks: Array<{ body: Record<string, unknown>; status: number }>;
  close(): Promise<void>;
}

const SIGNED_MARK = Buffer.from('\n%esign-fake signed\n');

/**
 * e签宝's open API as its documentation describes it, on 127.0.0.1: every request's X-Tsign-Open-* headers,
 * Content-MD5 and HMAC-SHA256 signature checked (401 otherwise), JSON answers `{ code, message, data }`,
 * the two-factor identity comparison, enterprise verification by random transfer (the amount kept here),
 * file upload to a storage address, sign flows with automatic signing, and signed callbacks to notifyUrl.
 */
export async function startFakeEsign(now: () => number = Date.now): Promise<FakeEsign> {
  const appId = '7438000001';
  const appSecret = 'fake-esign-app-secret';
  const uploads = new Map<string, { md5: string; bytes?: Buffer }>();
  const authFlows = new Map<string, { creditCode: string; wrong: number; done: boolean }>();
  let sequence = 0;
  const nextId = (prefix: string) => `${prefix}${++sequence}${crypto.randomBytes(4).toString('hex')}`;

  const fake: FakeEsign = {
    baseUrl: '',
    appId,
    appSecret,
    citizens: new Map(),
    orgs: [],
    paid: new Map(),
    flows: new Map(),
    calls: [],
    refusedSignatures: 0,
    faults: [],
    deliver: async (url, body, headers) => {
      const answer = await fetch(url, { method: 'POST', body, headers });
      return answer.status;
    },
    callbacks: [],
    close: async () => {},
  };

  const callback = async (flow: FakeFlow, status: number) => {
    const body = JSON.stringify({
      action: 'SIGN_FLOW_COMPLETE',
      timestamp: now(),
      signFlowId: flow.id,
      signFlowTitle: flow.title,
      signFlowStatus: String(status),
      statusDescription: status === 2 ? '完成' : '结束',
    });
    const timestamp = String(now());
    const status_ = await fake.deliver(flow.notifyUrl, body, {
      'content-type': 'application/json',
      'X-Tsign-Open-App-Id': appId,
      'X-Tsign-Open-SIGNATURE-ALGORITHM': 'hmac-sha256',
      'X-Tsign-Open-TIMESTAMP': timestamp,
      'X-Tsign-Open-SIGNATURE': esignCallbackSignature(appSecret, timestamp, {}, Buffer.from(body)),
    });
    fake.callbacks.push({ body: JSON.parse(body) as Record<string, unknown>, status: status_ });
  };

  const answer = (res: http.ServerResponse, code: number, message: string, data: unknown = null) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code, message, data }));
  };

  /** The gateway's check, as its documentation describes it. */
  const signatureHolds = (req: http.IncomingMessage, body: Buffer): boolean => {
    const h = (name: string) => {
      const value = req.headers[name.toLowerCase()];
      return typeof value === 'string' ? value : '';
    };
    if (h('X-Tsign-Open-App-Id') !== appId || h('X-Tsign-Open-Auth-Mode') !== 'Signature') return false;
    const timestamp = Number(h('X-Tsign-Open-Ca-Timestamp'));
    if (!Number.isFinite(timestamp) || Math.abs(now() - timestamp) > 15 * 60 * 1000) return false;
    const md5 = body.length > 0 ? contentMd5(body) : '';
    if (body.length > 0 && h('Content-MD5') !== md5) return false;
    const expected = esignSignature(
      appSecret,
      esignStringToSign({
        method: req.method ?? '',
        accept: h('Accept'),
        contentMd5: h('Content-MD5'),
        contentType: h('Content-Type'),
        date: h('Date'),
        pathAndQuery: req.url ?? '',
      }),
    );
    return h('X-Tsign-Open-Ca-Signature') === expected;
  };

  const route = async (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const method = req.method ?? '';
    // Storage addresses are unsigned (they carry their own token in real life).
    if (path.startsWith('/oss/upload/')) {
      const upload = uploads.get(path.slice('/oss/upload/'.length));
      if (
        !upload ||
        method !== 'PUT' ||
        req.headers['content-md5'] !== upload.md5 ||
        contentMd5(body) !== upload.md5
      ) {
        res.writeHead(403).end();
        return;
      }
      upload.bytes = body;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"errCode":0,"msg":"成功"}');
      return;
    }
    if (path.startsWith('/oss/signed/')) {
      const flow = fake.flows.get(path.slice('/oss/signed/'.length));
      const original = flow && uploads.get(flow.fileId)?.bytes;
      if (!flow || flow.status !== 2 || !original) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/pdf' }).end(Buffer.concat([original, SIGNED_MARK]));
      return;
    }
    if (!signatureHolds(req, body)) {
      fake.refusedSignatures++;
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, code: 401, message: 'INVALID_SIGNATURE' }));
      return;
    }
    fake.calls.push(`${method} ${path}`);
    const json = body.length > 0 ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {};
    let match: RegExpExecArray | null;

    if (method === 'POST' && path === '/v2/identity/verify/individual/base') {
      const holds = fake.citizens.get(String(json.name)) === json.idNo;
      return holds
        ? answer(res, 0, '成功', { verifyId: nextId('v') })
        : answer(res, 30504001, '信息比对不通过，请检查信息的正确性', { verifyId: nextId('v') });
    }
    if (method === 'POST' && path === '/v2/identity/auth/api/organization/threeFactors') {
      const org = fake.orgs.find((o) => o.creditCode === json.orgCode);
      if (!org || org.name !== json.name || org.legalPerson !== json.legalRepName)
        return answer(res, 30504001, '信息比对不通过，请检查信息的正确性');
      const flowId = nextId('auth');
      authFlows.set(flowId, { creditCode: org.creditCode, wrong: 0, done: false });
      return answer(res, 0, '成功', { flowId });
    }
    if (
      (match = /^\/v2\/identity\/auth\/pub\/organization\/([^/]+)\/transferRandomAmount$/.exec(path)) &&
      method === 'PUT'
    ) {
      const flowId = match[1] ?? '';
      if (!authFlows.has(flowId)) return answer(res, 30500004, '认证流程不存在');
      if (String(json.cardNo).endsWith('0000')) return answer(res, 1203043, '打款失败');
      fake.paid.set(flowId, crypto.randomInt(1, 100));
      return answer(res, 0, '成功');
    }
    if (
      (match = /^\/v2\/identity\/auth\/pub\/organization\/([^/]+)\/verifyRandomAmount$/.exec(path)) &&
      method === 'PUT'
    ) {
      const flowId = match[1] ?? '';
      const flow = authFlows.get(flowId);
      const paid = fake.paid.get(flowId);
      if (!flow || paid === undefined) return answer(res, 30500004, '认证流程不存在');
      if (flow.done) return answer(res, 30500002, '认证流程已结束');
      // The amount as its decimal text: yuan with at most two places.
      const typed = /"amount"\s*:\s*(\d+)(?:\.(\d{1,2}))?\s*[,}]/.exec(body.toString('utf8'));
      const fen = typed ? Number(typed[1]) * 100 + Number((typed[2] ?? '0').padEnd(2, '0')) : -1;
      if (fen === paid) {
        flow.done = true;
        return answer(res, 0, '成功');
      }
      flow.wrong++;
      if (flow.wrong > 3) {
        flow.done = true;
        return answer(res, 30502003, '验证次数超过限制，请重新发起打款');
      }
      return answer(res, 30502002, '金额校验失败');
    }
    if (method === 'GET' && path === '/v3/organizations/identity-info') {
      const org = fake.orgs.find((o) => o.creditCode === url.searchParams.get('orgIDCardNum'));
      if (!org) return answer(res, 1435203, '机构不存在');
      return answer(res, 0, '成功', {
        orgId: `org-${org.creditCode}`,
        orgName: org.name,
        realnameStatus: org.realnamed ? 1 : 0,
      });
    }
    if (method === 'GET' && path === '/v3/seals/org-own-seal-list') {
      const orgId = url.searchParams.get('orgId') ?? '';
      return answer(res, 0, '成功', {
        total: 2,
        seals: [
          { sealId: `${orgId}-public`, sealName: '公章', sealBizType: 'PUBLIC' },
          { sealId: `${orgId}-contract`, sealName: '合同专用章', sealBizType: 'CONTRACT' },
        ],
      });
    }
    if (method === 'POST' && path === '/v3/files/file-upload-url') {
      const fileId = nextId('file');
      uploads.set(fileId, { md5: String(json.contentMd5) });
      return answer(res, 0, '成功', { fileId, fileUploadUrl: `${fake.baseUrl}/oss/upload/${fileId}` });
    }
    if ((match = /^\/v3\/files\/([^/]+)$/.exec(path)) && method === 'GET') {
      const upload = uploads.get(match[1] ?? '');
      if (!upload) return answer(res, 1437501, '文件不存在');
      return answer(res, 0, '成功', { fileId: match[1], fileStatus: upload.bytes ? 2 : 0 });
    }
    if (method === 'POST' && path === '/v3/sign-flow/create-by-file') {
      const docs = json.docs as Array<{ fileId: string }>;
      const config = json.signFlowConfig as Record<string, unknown>;
      const fileId = docs?.[0]?.fileId ?? '';
      if (!uploads.get(fileId)?.bytes) return answer(res, 1437513, '文档未成功转换成pdf');
      const id = nextId('flow');
      fake.flows.set(id, {
        id,
        status: 0,
        fileId,
        title: String(config.signFlowTitle),
        expiresAt: Number(config.signFlowExpireTime),
        notifyUrl: String(config.notifyUrl),
        fields: [],
      });
      return answer(res, 0, '成功', { signFlowId: id });
    }
    if (
      (match =
        /^\/v3\/sign-flow\/([^/]+)\/(detail|signers\/sign-fields|start|revoke|file-download-url)$/.exec(path))
    ) {
      const flow = fake.flows.get(match[1] ?? '');
      if (!flow) return answer(res, 1437102, '签署流程不存在');
      const action = match[2];
      if (action === 'detail' && method === 'GET')
        return answer(res, 0, '成功', {
          signFlowStatus: flow.status,
          docs: [{ fileId: flow.fileId, fileName: `${flow.title}.pdf` }],
        });
      if (action === 'signers/sign-fields' && method === 'POST') {
        if (flow.status !== 0) return answer(res, 1437111, '流程非草稿状态');
        for (const signer of json.signers as Array<Record<string, unknown>>) {
          const orgId = String((signer.orgSignerInfo as Record<string, unknown>).orgId);
          for (const field of signer.signFields as Array<Record<string, unknown>>) {
            const config = field.normalSignFieldConfig as Record<string, unknown>;
            const position = config.signFieldPosition as Record<string, unknown>;
            if (!String(config.assignedSealId).startsWith(orgId))
              return answer(res, 1437150, '印章不属于签署主体');
            flow.fields.push({
              orgId,
              sealId: String(config.assignedSealId),
              page: String(position.positionPage),
              x: Number(position.positionX),
              y: Number(position.positionY),
              autoSign: config.autoSign === true,
            });
          }
        }
        return answer(res, 0, '成功');
      }
      if (action === 'start' && method === 'POST') {
        if (flow.status !== 0) return answer(res, 1437112, '流程已开启');
        flow.status = 1;
        answer(res, 0, '成功');
        // Automatic signing happens after the answer, and the outcome is told by callback.
        if (flow.fields.length > 0 && flow.fields.every((f) => f.autoSign)) {
          setTimeout(() => {
            flow.status = 2;
            void callback(flow, 2);
          }, 5);
        }
        return;
      }
      if (action === 'revoke' && method === 'POST') {
        if (flow.status === 2 || flow.status === 3) return answer(res, 1437120, '流程已结束，不允许撤销');
        flow.status = 3;
        answer(res, 0, '成功');
        setTimeout(() => void callback(flow, 3), 5);
        return;
      }
      if (action === 'file-download-url' && method === 'GET') {
        if (flow.status !== 2) return answer(res, 1437518, '流程未完成');
        return answer(res, 0, '成功', {
          files: [
            {
              fileId: flow.fileId,
              fileName: `${flow.title}.pdf`,
              downloadUrl: `${fake.baseUrl}/oss/signed/${flow.id}`,
            },
          ],
        });
      }
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 404, message: 'Not Found' }));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const fault = fake.faults.findIndex((f) => (req.url ?? '').includes(f.path));
      if (fault >= 0) {
        const [taken] = fake.faults.splice(fault, 1);
        if (taken?.kind === 'unavailable') {
          res.writeHead(503).end();
          return;
        }
        setTimeout(() => void route(req, res, Buffer.concat(chunks)), taken?.ms ?? 1000);
        return;
      }
      void route(req, res, Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
