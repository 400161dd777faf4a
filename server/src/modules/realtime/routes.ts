import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { OAUTH_ERROR } from '@contract/errors';
import { REALTIME_PATH, REALTIME_PROTOCOL } from '@contract/realtime';
import { OAuthFailure } from '../../lib/errors';
import { MSG } from '../../lib/messages';
import { authOf } from '../../lib/auth';

/** Keep-alive ping interval; a socket that missed the previous pong is dropped (spec: the shell's socket). */
export const REALTIME_PING_INTERVAL_MS = 30_000;
/** Close code when the access token behind an open socket has expired or was revoked (4000-4999: private use). */
export const REALTIME_CLOSE_TOKEN_INVALID = 4401;
/** The client only listens; anything it sends is small. */
const MAX_CLIENT_MESSAGE_BYTES = 4096;
const PROTOCOL_HEADER = 'sec-websocket-protocol';

/** What this module uses of a `ws` socket (the package ships no types here). */
interface Socket {
  send(data: string): void;
  ping(): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'pong' | 'close', listener: () => void): void;
}

/** The access token among the offered subprotocols `chain-bill, <token>`; undefined without both. */
export function tokenFromProtocols(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  const offered = header.split(',').map((part) => part.trim());
  if (!offered.includes(REALTIME_PROTOCOL)) return undefined;
  return offered.find((part) => part !== REALTIME_PROTOCOL && part !== '');
}

const invalidToken = () =>
  new OAuthFailure(401, OAUTH_ERROR.invalidToken, MSG.invalidToken, {
    'WWW-Authenticate': 'Bearer realm="chain-bill", error="invalid_token"',
  });

/**
 * Before the upgrade: the same checks as every API call (token known, unexpired, session not revoked,
 * membership alive). A refusal is an ordinary 401 answer, so the socket is never opened.
 */
async function authenticateUpgrade(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const token = tokenFromProtocols(request.headers[PROTOCOL_HEADER]);
  if (!token) throw invalidToken();
  // Browsers cannot set Authorization on a WebSocket; the shared check reads it from there.
  request.headers.authorization = `Bearer ${token}`;
  await this.authenticate.call(this, request, reply);
}

/** The organisation the socket's access token is signed in to now, or undefined once it would not pass. */
async function currentScope(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ orgId: string | null } | undefined> {
  try {
    await app.checkAccessToken(request);
    return { orgId: authOf(request).orgId };
  } catch {
    return undefined;
  }
}

/**
 * `GET /api/ws`: one authenticated WebSocket per signed-in tab (contract/realtime.ts). The server answers
 * with the 'chain-bill' subprotocol only, never echoing the token. Registered on the root instance so the
 * WebSocket plugin sees every upgrade.
 */
export async function setupRealtimeSocket(app: FastifyInstance): Promise<void> {
  await app.register(websocket, {
    options: {
      maxPayload: MAX_CLIENT_MESSAGE_BYTES,
      handleProtocols: (protocols: Set<string>) =>
        protocols.has(REALTIME_PROTOCOL) ? REALTIME_PROTOCOL : false,
    },
  });

  app.get(
    REALTIME_PATH,
    { websocket: true, preValidation: authenticateUpgrade },
    function getRealtime(connection, request) {
      const socket = connection as unknown as Socket;
      const { userId, orgId } = authOf(request);
      let scope = orgId;
      let closed = false;
      let remove: () => void = () => {};
      /**
       * The socket hears only what its session may hear now: a token that expired or was revoked (logout, a
       * password change, a refresh token reused) or a membership removed closes it; a session switched to
       * another organisation moves it there. Run at every keep-alive, and at once when the user's sessions or
       * memberships change (Realtime.recheckUser). Checks run one after another, never side by side.
       */
      let checking = Promise.resolve();
      const recheck = () => {
        checking = checking.then(async () => {
          if (closed) return;
          const now = await currentScope(app, request);
          if (closed) return;
          if (!now) {
            remove();
            socket.close(REALTIME_CLOSE_TOKEN_INVALID, 'token invalid');
          } else if (now.orgId !== scope) {
            remove();
            scope = now.orgId;
            remove = app.realtime.add(userId, scope, socket, recheck);
          }
        });
      };
      remove = app.realtime.add(userId, orgId, socket, recheck);
      let alive = true;
      socket.on('pong', () => {
        alive = true;
      });
      const ping = setInterval(() => {
        if (!alive) {
          socket.terminate();
          return;
        }
        alive = false;
        socket.ping();
        recheck();
      }, REALTIME_PING_INTERVAL_MS);
      ping.unref();
      socket.on('close', () => {
        closed = true;
        clearInterval(ping);
        remove();
      });
    },
  );
}
